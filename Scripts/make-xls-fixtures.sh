#!/bin/sh
# Writes the legacy Excel workbooks in TestDocuments/xls that the XLS tests
# assert exact Markdown for, with LibreOffice ("MS Excel 97" filter, BIFF8):
#   - the XLSX fixtures of TestDocuments/xlsx (cells, formats, dates in the
#     1904 system, merged cells, visible and hidden sheets), converted;
#   - TestDocuments/xls/sources/workbook.fods: percentages, dates, booleans,
#     formulas with cached number and boolean results, a merge, two
#     sheets and a hidden one;
#   - strings.xls from a CSV written here: a shared string table of more
#     than 8,224 bytes, so it goes on in CONTINUE records, with an 8-bit and
#     a 16-bit string each longer than one record.
# Run from the project root; needs soffice (LibreOffice). The output is
# committed, so the tests do not need LibreOffice.
set -eu

out=TestDocuments/xls
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# A private profile, so a running LibreOffice is left alone.
convert() {
    soffice -env:UserInstallation="file://$work/profile" --headless "$@" --outdir "$out" >/dev/null
}

for name in cells formats date1904 merged sheets; do
    convert --convert-to xls "TestDocuments/xlsx/$name.xlsx"
done
convert --convert-to xls "$out/sources/workbook.fods"

csv="$work/strings.csv"
{
    printf 'Number,Text\n'
    i=1
    while [ "$i" -le 300 ]; do
        printf '%d,Entry number %d of the shared string table\n' "$i" "$i"
        if [ "$i" -eq 100 ]; then
            printf 'long 8-bit,'; yes abcdefghij | head -n 900 | tr -d '\n'; printf '\n'
        fi
        if [ "$i" -eq 200 ]; then
            printf 'long 16-bit,'; yes 漢字かな | head -n 1200 | tr -d '\n'; printf '\n'
        fi
        i=$((i + 1))
    done
} > "$csv"
convert --infilter=CSV:44,34,76,1 --convert-to xls "$csv"
