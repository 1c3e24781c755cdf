#!/usr/bin/env bash
# Checks the declarations AnyDocSwift makes of Poppler, GLib, cairo, Tesseract
# and Leptonica (Sources/CPoppler, Sources/CTesseract: loaded on first use, so
# the package is built without those libraries' headers) against the headers
# installed by Scripts/setup.sh: every function's type, the layout of every
# struct whose fields are read, and every constant's value.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Each declared function has the type the library's header gives it.
cat > "$work/functions.c" <<'C'
#include <poppler.h>
#include <cairo.h>
#include <gio/gio.h>
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
#define C_FUNCTION(ret, name, params, args) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), ret(*) params), #name " differs from its header");
#define C_VOID(name, params, args) C_FUNCTION(void, name, params, args)
#include "PopplerFunctions.def"
#include "TesseractFunctions.def"
C
cflags=$(pkg-config --cflags poppler-glib cairo gio-2.0 tesseract lept)
# shellcheck disable=SC2086
gcc -fsyntax-only $cflags -ISources/CPoppler/include -ISources/CTesseract/include "$work/functions.c"

# 2. Layouts and constants: printed once through our header, once through the
# libraries', and compared.
cat > "$work/facts.h" <<'C'
#include <stddef.h>
#include <stdio.h>
#define FIELD(type, field) printf(#type "." #field " %zu %zu\n", offsetof(type, field), sizeof(((type *)0)->field));
#define SIZE(type) printf("sizeof " #type " %zu\n", sizeof(type));
#define VALUE(name) printf(#name " %ld\n", (long)(name));
int main(void) {
    SIZE(PopplerRectangle) SIZE(PopplerColor) SIZE(PopplerTextAttributes) SIZE(PopplerImageMapping)
    SIZE(PopplerLinkMapping) SIZE(GList) SIZE(GError)
    FIELD(PopplerTextAttributes, font_name) FIELD(PopplerTextAttributes, font_size)
    FIELD(PopplerTextAttributes, is_underlined) FIELD(PopplerTextAttributes, color)
    FIELD(PopplerTextAttributes, start_index) FIELD(PopplerTextAttributes, end_index)
    FIELD(PopplerImageMapping, area) FIELD(PopplerImageMapping, image_id)
    FIELD(PopplerLinkMapping, area) FIELD(PopplerLinkMapping, action)
    FIELD(PopplerDest, type) FIELD(PopplerDest, page_num) FIELD(PopplerDest, named_dest)
    FIELD(PopplerAction, type) FIELD(PopplerAction, any.title) FIELD(PopplerAction, goto_dest.dest)
    FIELD(PopplerAction, uri.uri)
    FIELD(GError, domain) FIELD(GError, code) FIELD(GError, message)
    FIELD(GList, data) FIELD(GList, next) FIELD(GList, prev)
    VALUE(POPPLER_ERROR_ENCRYPTED) VALUE(POPPLER_DEST_NAMED) VALUE(POPPLER_ACTION_GOTO_DEST) VALUE(POPPLER_ACTION_URI)
    VALUE(CAIRO_FORMAT_RGB24) VALUE(CAIRO_STATUS_SUCCESS)
    VALUE(PSM_OSD_ONLY) VALUE(PSM_AUTO) VALUE(PSM_SINGLE_BLOCK)
    VALUE(RIL_BLOCK) VALUE(RIL_PARA) VALUE(RIL_TEXTLINE) VALUE(RIL_WORD)
    VALUE(L_SEVERITY_NONE) VALUE(L_TEXT_ORIENT_LEFT) VALUE(L_TEXT_ORIENT_DOWN) VALUE(L_TEXT_ORIENT_RIGHT)
    VALUE(IFF_BMP) VALUE(IFF_JFIF_JPEG) VALUE(IFF_PNG) VALUE(IFF_TIFF) VALUE(IFF_TIFF_PACKBITS) VALUE(IFF_TIFF_RLE)
    VALUE(IFF_TIFF_G3) VALUE(IFF_TIFF_G4) VALUE(IFF_TIFF_LZW) VALUE(IFF_TIFF_ZIP) VALUE(IFF_PNM) VALUE(IFF_GIF)
    VALUE(IFF_JP2) VALUE(IFF_WEBP) VALUE(IFF_TIFF_JPEG)
    return 0;
}
C
printf '#include <poppler.h>\n#include <cairo.h>\n#include <tesseract/capi.h>\n#include <leptonica/allheaders.h>\n#include "facts.h"\n' > "$work/theirs.c"
printf '#include "CPoppler.h"\n#include "CTesseract.h"\n#include "facts.h"\n' > "$work/ours.c"
# shellcheck disable=SC2086
gcc -w $cflags -I"$work" "$work/theirs.c" -o "$work/theirs"
gcc -w -ISources/CPoppler/include -ISources/CTesseract/include -I"$work" "$work/ours.c" -o "$work/ours"
if ! diff <("$work/theirs") <("$work/ours") > "$work/diff"; then
  echo "check-c-libraries: declarations differ from the installed headers (< theirs, > ours):" >&2
  cat "$work/diff" >&2
  exit 1
fi
echo "check-c-libraries: $(grep -c '^C_' Sources/CPoppler/include/PopplerFunctions.def Sources/CTesseract/include/TesseractFunctions.def | awk -F: '{s+=$2} END {print s}') functions, layouts and constants match the installed headers"
