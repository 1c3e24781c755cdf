#!/bin/sh
# Writes the PowerPoint 97-2003 decks in TestDocuments/ppt that the PPT
# tests assert exact Markdown for, by converting the project's own
# documents with LibreOffice: the flat ODP sources in
# TestDocuments/ppt/sources (placeholders, bullets by level, notes, a
# hidden slide, text boxes, formatting, a link, non-ASCII text, a table)
# and two of the PPTX fixtures. Run from the project root; needs soffice.
# The output is committed, so CI does not need LibreOffice.
set -eu

out=TestDocuments/ppt
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT

# A throwaway LibreOffice profile that leaves out the first-slide preview
# bitmap LibreOffice otherwise stores in SummaryInformation (~600 KB).
mkdir -p "$profile/user"
cat > "$profile/user/registrymodifications.xcu" <<'XCU'
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Filter/Microsoft/Export"><prop oor:name="EnablePowerPointPreview" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
XCU

soffice -env:UserInstallation="file://$profile" --headless --convert-to ppt --outdir "$out" \
    "$out/sources/titles-lists.fodp" \
    "$out/sources/text-boxes-tables.fodp" \
    TestDocuments/pptx/lists.pptx \
    TestDocuments/pptx/notes-hidden.pptx

# A copy of lists.ppt whose only user edit has a damaged record type, as a
# file broken in transfer: the slides must be found by scanning the stream,
# with a warning that the document was recovered.
python3 - "$out/lists.ppt" "$out/broken-edit.ppt" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
patched = 0
at = data.find(b"\xf5\x0f")
while at >= 0:
    # A UserEditAtom header: version/instance 0, type 0x0FF5, length 28 or 32.
    if at >= 2 and data[at - 2:at] == b"\0\0" and struct.unpack("<I", data[at + 2:at + 6])[0] in (28, 32):
        data[at] = 0
        patched += 1
    at = data.find(b"\xf5\x0f", at + 2)
assert patched == 1, patched
open(sys.argv[2], "wb").write(data)
PY
