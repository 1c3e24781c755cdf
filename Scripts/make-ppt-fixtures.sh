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
