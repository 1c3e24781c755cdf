#!/bin/sh
# Writes the text and CSV test documents in TestDocuments/text and
# TestDocuments/csv: short texts in encodings the shared corpus lacks, and
# the CSV dialect and damage cases the converter must handle. Run from the
# project root; needs printf and glibc iconv. The output is committed.
set -eu

text=TestDocuments/text
csv=TestDocuments/csv
mkdir -p "$text" "$csv"

# encode ENCODING FILE: UTF-8 on stdin to FILE in ENCODING, strictly.
encode() { iconv -f UTF-8 -t "$1" > "$2"; }

printf 'Однажды весною, в час небывало жаркого заката, в Москве, на Патриарших прудах, появились два гражданина.\n' \
    | encode KOI8-R "$text/russian-koi8-r.txt"
printf '東京は日本の首都であり、世界で最も人口の多い都市圏の一つです。\n毎年たくさんの観光客が訪れます。\n' \
    | encode EUC-JP "$text/japanese-euc-jp.txt"
printf 'Wczoraj poszliśmy do sklepu, żeby kupić chleb i mleko.\r\nPogoda była piękna, więc spacerowaliśmy długo po mieście.\r\n' \
    | encode CP1250 "$text/polish-windows-1250.txt"
printf 'اللغة العربية هي أكثر اللغات السامية تحدثا، وإحدى أكثر اللغات انتشارا في العالم.\n' \
    | encode CP1256 "$text/arabic-windows-1256.txt"
printf 'Η Ελλάδα είναι χώρα της νοτιοανατολικής Ευρώπης. Το Άργος είναι από τις αρχαιότερες πόλεις της.\n' \
    | encode CP1253 "$text/greek-windows-1253.txt"
printf '# Notes\r\n\r\nCRLF line ends, no final newline: café' > "$text/crlf-no-final-newline.md"
printf 'header\001\002\003\004\005\006\007\010 binary \016\017\020\021\022\023\024\025' > "$text/binary-controls.txt"

printf 'id,comment\n1,"fine"\n2,"never closed\n3,after\n' > "$csv/unclosed-quote.csv"
printf 'Stadt;Einwohner;Fläche (km²)\nMünchen;1.512.491;310,7\nKöln;1.084.831;405,0\n' \
    | encode CP1252 "$csv/semicolon-windows-1252.csv"
{ printf '\376\377'; printf 'name\tcity\nZoë\tΑθήνα\n' | iconv -f UTF-8 -t UTF-16BE; } > "$csv/tab-utf16be-bom.tsv"
printf 'a|b|c\r1|2\r"x\ry"|3|4|5\r' > "$csv/pipe-mac-ragged.csv"
