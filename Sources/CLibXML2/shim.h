#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, whose headers would clash with the
   copy of ICU inside the Swift toolchain's Foundation. Nothing here uses
   libxml2's ICU converters (they only add fields at the end of
   xmlCharEncodingHandler, which is never accessed from Swift), so the
   declarations that pull ICU in are left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
