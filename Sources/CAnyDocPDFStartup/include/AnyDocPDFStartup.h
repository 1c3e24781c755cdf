/* Runs AnyDocPDF's registration when the program (or library) that links
   it starts; see Startup.c. */
#ifndef ANYDOC_PDF_STARTUP_H
#define ANYDOC_PDF_STARTUP_H
#endif
