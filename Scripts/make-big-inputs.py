#!/usr/bin/env python3
"""Writes the big inputs of the "big inputs" benchmark table into a folder
(default /tmp/anydoc-big): deterministic files, never in the repository.

    python3 Scripts/make-big-inputs.py [FOLDER] [--only csv,xlsx,docx,pdf]

- big.csv   300,000 rows of 8 fields (about 26 MB), a few quoted fields
            with delimiters, quotes and line breaks inside.
- big.xlsx  200,000 rows of 10 columns: numbers, shared strings, dates,
            percentages, inline strings and a formula with its cached value.
- long.docx 500 pages of paragraphs and headings (needs python-docx).
- long.pdf  1,000 pages of text (needs fpdf2).
"""
import os
import random
import sys
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
WORDS = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma "
         "tau upsilon phi chi psi omega harbour ledger invoice shipment quarterly revenue margin").split()


def make_csv(path, rows=300_000):
    rng = random.Random(7)
    with open(path, "w", newline="") as out:
        out.write("id,name,city,amount,date,share,note,quantity\n")
        for row in range(1, rows + 1):
            note = " ".join(rng.choice(WORDS) for _ in range(3))
            if row % 97 == 0:
                note = f'"{note}, ""quoted"" and\nsplit"'
            out.write(f"{row},{rng.choice(WORDS).title()} {rng.choice(WORDS).title()},City {rng.randint(0, 199):03d},"
                      f"{rng.randint(0, 10_000_000) / 100},2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d},"
                      f"{rng.random():.4f},{note},{rng.randint(1, 500)}\n")


def make_xlsx(path, rows=200_000):
    rng = random.Random(11)
    strings = ["Id", "Name", "City", "Amount", "Date", "Share", "Note", "Quantity", "Total", "Code"]
    strings += [f"{a.title()} {b.title()}" for a in WORDS for b in WORDS] + [f"City {i:03d}" for i in range(200)]
    names, cities = range(10, 10 + len(WORDS) ** 2), range(10 + len(WORDS) ** 2, len(strings))

    def info(name):
        entry = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
        entry.compress_type = zipfile.ZIP_DEFLATED
        return entry

    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        put = lambda name, data: z.writestr(info(name), data)
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
        put("xl/sharedStrings.xml", HEAD + f'<sst xmlns="{MAIN}" count="{len(strings)}" uniqueCount="{len(strings)}">'
            + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>")
        with z.open(info("xl/worksheets/sheet1.xml"), "w", force_zip64=True) as sheet:
            sheet.write((HEAD + f'<worksheet xmlns="{MAIN}"><dimension ref="A1:J{rows + 1}"/><sheetData>').encode())
            header = "".join(f'<c r="{chr(65 + i)}1" t="s"><v>{i}</v></c>' for i in range(10))
            sheet.write(f'<row r="1" spans="1:10">{header}</row>'.encode())
            chunk = []
            for row in range(2, rows + 2):
                quantity, price = rng.randint(1, 500), rng.randint(0, 1_000_000) / 100
                note = " ".join(rng.choice(WORDS) for _ in range(2))
                chunk.append(
                    f'<row r="{row}" spans="1:10">'
                    f'<c r="A{row}"><v>{row - 1}</v></c>'
                    f'<c r="B{row}" t="s"><v>{rng.choice(names)}</v></c>'
                    f'<c r="C{row}" t="s"><v>{rng.choice(cities)}</v></c>'
                    f'<c r="D{row}" s="1"><v>{price}</v></c>'
                    f'<c r="E{row}" s="2"><v>{rng.randint(36526, 47000)}</v></c>'
                    f'<c r="F{row}" s="3"><v>{rng.random():.6f}</v></c>'
                    f'<c r="G{row}" t="inlineStr"><is><t>{note}</t></is></c>'
                    f'<c r="H{row}"><v>{quantity}</v></c>'
                    f'<c r="I{row}" s="1"><f>D{row}*H{row}</f><v>{round(price * quantity, 2)}</v></c>'
                    f'<c r="J{row}" t="str"><v>K-{rng.getrandbits(24):06x}</v></c>'
                    '</row>')
                if len(chunk) == 5000:
                    sheet.write("".join(chunk).encode())
                    chunk = []
            sheet.write(("".join(chunk) + "</sheetData></worksheet>").encode())


def sentence(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 18))).capitalize() + "."


def make_docx(path, pages=500):
    import docx
    rng = random.Random(13)
    document = docx.Document()
    for page in range(pages):
        document.add_heading(f"Section {page + 1}", level=2)
        for _ in range(6):
            document.add_paragraph(" ".join(sentence(rng) for _ in range(4)))
        document.add_page_break()
    document.save(path)


def make_pdf(path, pages=1000):
    from fpdf import FPDF
    rng = random.Random(17)
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_font("Helvetica", size=10)
    for page in range(pages):
        pdf.add_page()
        pdf.text(72, 60, f"Page {page + 1}")
        for line in range(50):
            pdf.text(72, 80 + line * 14, " ".join(rng.choice(WORDS) for _ in range(12)))
    pdf.output(path)


MAKERS = {"csv": ("big.csv", make_csv), "xlsx": ("big.xlsx", make_xlsx),
          "docx": ("long.docx", make_docx), "pdf": ("long.pdf", make_pdf)}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--only")]
    only = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--only=")), ",".join(MAKERS))
    folder = args[0] if args else "/tmp/anydoc-big"
    os.makedirs(folder, exist_ok=True)
    for kind in only.split(","):
        name, make = MAKERS[kind]
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            make(path)
        print(path)


if __name__ == "__main__":
    main()
