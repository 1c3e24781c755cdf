/* Installs AnyDocPDF's converters (PDF and images) into the core's format
 * registry as the process starts, so that linking the AnyDocPDF product is
 * all a program does to read PDFs and images. Installing only records two
 * converter types; Poppler and Tesseract themselves load on first use. */
#include "AnyDocPDFStartup.h"

extern void anydoc_pdf_install(void);

__attribute__((constructor)) static void install_pdf_converters(void) { anydoc_pdf_install(); }
