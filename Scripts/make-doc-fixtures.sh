#!/bin/sh
# Writes the Word 97-2003 (.doc) test documents in TestDocuments/doc by
# saving documents the project already has with LibreOffice: the DOCX
# fixtures of TestDocuments/docx and the small sources in
# TestDocuments/doc/sources. Run from the project root; needs soffice
# (LibreOffice). The output is committed, so tests do not need LibreOffice.
set -eu

out=TestDocuments/doc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for name in headings-formatting lists tables links-notes-changes; do
    cp "TestDocuments/docx/$name.docx" "$work/"
done
cp "$out"/sources/*.html "$work/"

# A private profile keeps the conversion away from any running LibreOffice.
soffice -env:UserInstallation="file://$work/profile" --headless \
    --convert-to doc:"MS Word 97" --outdir "$out" "$work"/*.docx "$work"/*.html
