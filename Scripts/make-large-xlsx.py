#!/usr/bin/env python3
"""Writes a large workbook (about 30 MB: many rows of shared strings,
numbers, dates and percentages) for measuring the XLSX converter's memory
and speed. The file is deterministic and goes to /tmp, not the repository.

    python3 Scripts/make-large-xlsx.py [OUT] [ROWS]
    /usr/bin/time -v anydoc convert --format xlsx OUT -o /tmp/large.md

Defaults: /tmp/anydoc-large.xlsx and 450,000 rows of 8 columns (3.6
million cells, under the default 4 million table-cell limit).
"""
import random
import sys
import zipfile

OUT = sys.argv[1] if len(sys.argv) > 1 else "/tmp/anydoc-large.xlsx"
ROWS = int(sys.argv[2]) if len(sys.argv) > 2 else 450_000
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
COLUMNS = "ABCDEFGH"
HEADERS = ["Id", "Name", "City", "Amount", "Date", "Share", "Note", "Quantity"]


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    rng = random.Random(20240101)
    syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "an", "el", "or", "un", "ber", "dal", "fen", "gor"]
    names = sorted({"".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))).title() + " "
                    + "".join(rng.choice(syllables) for _ in range(rng.randint(2, 3))).title()
                    for _ in range(60_000)})
    cities = [f"City {i:03d}" for i in range(200)]
    strings = list(HEADERS) + names + cities
    index = {text: i for i, text in enumerate(strings)}

    def info(name):
        entry = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        return entry

    with zipfile.ZipFile(OUT, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        def put(name, data):
            z.writestr(info(name), data)

        put("[Content_Types].xml", HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
            '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            '</Types>')
        put("_rels/.rels", HEAD + f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" '
            f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
        put("xl/workbook.xml", HEAD + f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
            '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>')
        put("xl/_rels/workbook.xml.rels", HEAD + f'<Relationships xmlns="{PKG}">'
            f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{REL}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId3" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
        put("xl/styles.xml", HEAD + f'<styleSheet xmlns="{MAIN}"><numFmts count="1">'
            '<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>'
            '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="4"/><xf numFmtId="164"/><xf numFmtId="10"/></cellXfs>'
            '</styleSheet>')

        # The sheet streams into the archive; each row's note is a new
        # shared string, so the table grows with the rows.
        notes = []
        with z.open(info("xl/worksheets/sheet1.xml"), "w", force_zip64=True) as sheet:
            sheet.write((HEAD + f'<worksheet xmlns="{MAIN}"><dimension ref="A1:H{ROWS + 1}"/><sheetData>').encode())
            header = "".join(f'<c r="{col}1" t="s"><v>{i}</v></c>' for i, col in enumerate(COLUMNS))
            sheet.write(f'<row r="1">{header}</row>'.encode())
            chunk = []
            for row in range(2, ROWS + 2):
                note = f"Order {row - 1:07d} {rng.choice(['shipped', 'pending', 'returned', 'open'])} {rng.getrandbits(32):08x}"
                notes.append(note)
                cells = (
                    f'<c r="A{row}"><v>{row - 1}</v></c>'
                    f'<c r="B{row}" t="s"><v>{index[rng.choice(names)]}</v></c>'
                    f'<c r="C{row}" t="s"><v>{index[rng.choice(cities)]}</v></c>'
                    f'<c r="D{row}" s="1"><v>{rng.randint(0, 10_000_000) / 100}</v></c>'
                    f'<c r="E{row}" s="2"><v>{rng.randint(36526, 47000)}</v></c>'
                    f'<c r="F{row}" s="3"><v>{rng.random():.6f}</v></c>'
                    f'<c r="G{row}" t="s"><v>{len(strings) + len(notes) - 1}</v></c>'
                    f'<c r="H{row}"><v>{rng.randint(1, 500)}</v></c>'
                )
                chunk.append(f'<row r="{row}">{cells}</row>')
                if len(chunk) == 5000:
                    sheet.write("".join(chunk).encode())
                    chunk = []
            sheet.write(("".join(chunk) + "</sheetData></worksheet>").encode())

        everything = strings + notes
        with z.open(info("xl/sharedStrings.xml"), "w", force_zip64=True) as table:
            table.write((HEAD + f'<sst xmlns="{MAIN}" count="{len(everything)}" uniqueCount="{len(everything)}">').encode())
            for start in range(0, len(everything), 10_000):
                batch = everything[start:start + 10_000]
                table.write("".join(f"<si><t>{esc(text)}</t></si>" for text in batch).encode())
            table.write(b"</sst>")


if __name__ == "__main__":
    main()
