#!/usr/bin/env python3
"""Writes the table PDFs in TestDocuments/pdf/ (tables-*.pdf) and the
tables they hold, cell by cell, in TestDocuments/pdf/tables-truth.json:
the PDF tests assert exact Markdown for them and Scripts/bench.py scores
table extraction against the truth file (cell-level F1).

Each document is made from a known table through fpdf2's table layout,
so the source of every cell is known: ruled, unruled, numeric
right-aligned, spanned cells, a table across a page break, a CJK table
and a two-column page of prose that must not become a table.

Needs fpdf2 (pip install fpdf2==2.8.9), the DejaVu fonts
(apt install fonts-dejavu-core) and WenQuanYi Zen Hei for the CJK table
(apt install fonts-wqy-zenhei). Run from the project root:
python3 Scripts/make-pdf-table-fixtures.py
"""
import datetime
import json
import os

from fpdf import FPDF
from fpdf.fonts import FontFace

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "pdf")
FONTS = "/usr/share/fonts/truetype/dejavu"
CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
DATE = datetime.datetime(2024, 3, 1, 9, 30, 0, tzinfo=datetime.timezone.utc)
LEFT = 72
TRUTH = {}


def new_pdf():
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_creation_date(DATE)
    pdf.set_producer("AnyDocSwift fixtures")
    pdf.set_margins(LEFT, 72, LEFT)
    pdf.add_font("DejaVu", "", os.path.join(FONTS, "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", os.path.join(FONTS, "DejaVuSans-Bold.ttf"))
    pdf.add_font("DejaVu", "I", os.path.join(FONTS, "DejaVuSans-Oblique.ttf"))
    pdf.set_font("DejaVu", "", 10)
    return pdf


def paragraph(pdf, text, size=10, style="", after=8):
    pdf.set_font("DejaVu", style, size)
    pdf.multi_cell(0, size * 1.3, text, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(after)


def table(pdf, rows, truth, family="DejaVu", **options):
    """Draws `rows` (lists of cells; a cell may be (text, colspan)) and
    records the table: a spanned cell is followed by empty cells."""
    options.setdefault("text_align", "LEFT")
    options.setdefault("line_height", 13)
    pdf.set_font(family, "", 10)
    with pdf.table(**options) as drawn:
        for cells in rows:
            row = drawn.row()
            recorded = []
            for cell in cells:
                text, span = cell if isinstance(cell, tuple) else (cell, 1)
                row.cell(text, colspan=span)
                recorded += [text] + [""] * (span - 1)
            truth.append(recorded)
    pdf.ln(10)


def save(pdf, name, tables):
    os.makedirs(OUT, exist_ok=True)
    pdf.output(os.path.join(OUT, name))
    TRUTH[name] = tables


STAFF = [
    ["Name", "Role", "Office", "Phone"],
    ["Ada Byron", "Analyst", "Room 12", "555-0101"],
    ["Alan Kay", "Engineer", "Room 7", "555-0102"],
    ["Grace Hopper", "Manager of the compiler group", "Room 3", "555-0103"],
    ["Ken Iverson", "Designer", "Room 21", "555-0104"],
]


def ruled():
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Staff directory", 16, "B")
    paragraph(pdf, "The directory below lists who works where. Call the office number during working hours.")
    paragraph(pdf, "Table 1: Staff of the research group", 9, "I", after=4)
    truth = []
    table(pdf, STAFF + [["Pat | Lee", "Intern", "", "555-0105"]], truth,
          col_widths=(110, 110, 80, 80), width=380, align="LEFT")
    paragraph(pdf, "Interns share the phone of their supervisor when no number is listed above.")
    save(pdf, "tables-ruled.pdf", [truth])


def unruled():
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Light elements", 16, "B")
    paragraph(pdf, "The first elements of the periodic table, with their standard atomic weight.")
    truth = []
    table(pdf, [
        ["Sym", "Element", "Weight", "Group"],
        ["H", "Hydrogen", "1.008", "Nonmetal"],
        ["He", "Helium", "4.0026", "Noble gas"],
        ["Li", "Lithium", "6.94", "Alkali metal"],
        ["Be", "Beryllium", "9.0122", "Alkaline earth"],
        ["B", "Boron", "10.81", "Metalloid"],
    ], truth, borders_layout="NONE", col_widths=(40, 90, 70, 110), width=310, align="LEFT")
    paragraph(pdf, "Weights are rounded to the precision the commission publishes for each element.")
    second = []
    table(pdf, STAFF, second, borders_layout="NONE", col_widths=(90, 170, 60, 70), width=390, align="LEFT")
    paragraph(pdf, "Rooms are on the second floor of the main building.")
    save(pdf, "tables-unruled.pdf", [truth, second])


def numeric():
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Quarterly sales", 16, "B")
    paragraph(pdf, "Sales per region in thousands of euros, before tax.")
    truth = []
    rows = [
        ["Region", "Q1", "Q2", "Q3", "Total"],
        ["North", "1,204.50", "998.00", "1,311.25", "3,513.75"],
        ["South", "87.10", "102.40", "95.00", "284.50"],
        ["East", "12,450.00", "11,980.75", "13,002.10", "37,432.85"],
        ["West", "5.00", "0.00", "17.30", "22.30"],
        ["All", "13,746.60", "13,081.15", "14,425.65", "41,253.40"],
    ]
    table(pdf, rows, truth, borders_layout="SINGLE_TOP_LINE", col_widths=(80, 80, 80, 80, 80), width=400,
          align="LEFT", text_align=("LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT"))
    paragraph(pdf, "The totals include the adjustments made after the audit in March.")
    save(pdf, "tables-numeric.pdf", [truth])


def spans():
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Survey results", 16, "B")
    paragraph(pdf, "Birds counted at each site in spring and in autumn, with the mean group size.")
    truth = []
    table(pdf, [
        ["Site", ("Spring", 2), ("Autumn", 2)],
        ["", "Count", "Mean", "Count", "Mean"],
        ["Harbour", "12", "4.1", "15", "3.9"],
        ["Ridge", "8", "6.0", "9", "5.5"],
        ["Valley", ("not surveyed", 2), "11", "2.7"],
    ], truth, col_widths=(100, 70, 70, 70, 70), width=380, align="LEFT", num_heading_rows=2)
    paragraph(pdf, "The valley was closed during the spring survey.")
    save(pdf, "tables-spans.pdf", [truth])


def page_break():
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Inventory", 16, "B")
    paragraph(pdf, "Every item in the store room, counted on the first of March.")
    pdf.set_y(600)
    truth = []
    rows = [["Code", "Item", "Shelf", "Count"]]
    names = ["Bolts", "Nuts", "Washers", "Screws", "Hinges", "Brackets", "Nails", "Rivets",
             "Clamps", "Springs", "Pins", "Hooks", "Chains", "Cables", "Tape", "Glue",
             "Levers", "Gears", "Pulleys", "Valves", "Seals", "Fuses"]
    for index, name in enumerate(names):
        rows.append([f"A{100 + index}", name, f"S{index % 5 + 1}", str((index * 37) % 200 + 5)])
    table(pdf, rows, truth, col_widths=(80, 160, 80, 80), width=400, align="LEFT")
    paragraph(pdf, "Counts below ten are ordered again at once.")
    save(pdf, "tables-page-break.pdf", [truth])


def cjk():
    pdf = new_pdf()
    pdf.add_font("WQY", "", CJK_FONT)
    pdf.add_page()
    pdf.set_font("WQY", "", 16)
    pdf.multi_cell(0, 22, "城市人口统计", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(6)
    pdf.set_font("WQY", "", 10)
    pdf.multi_cell(0, 14, "下表列出主要城市的人口和面积。", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(8)
    truth = []
    table(pdf, [
        ["城市", "人口（万）", "面积（平方公里）", "省份"],
        ["北京", "2189", "16410", "北京市"],
        ["上海", "2487", "6340", "上海市"],
        ["广州", "1868", "7434", "广东省"],
        ["深圳", "1756", "1997", "广东省"],
    ], truth, family="WQY", borders_layout="NONE", col_widths=(70, 80, 120, 80), width=350, align="LEFT",
        headings_style=FontFace(emphasis=None))
    pdf.multi_cell(0, 14, "数据来自二零二零年人口普查。", new_x="LMARGIN", new_y="NEXT")
    save(pdf, "tables-cjk.pdf", [truth])


def two_columns():
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Notes from the field", 16, "B")
    left = ("The survey began in early spring, when the river was still high and the paths along the bank "
            "were closed. We started with the northern sites instead and moved south as the water fell. "
            "Most sites were reached on foot; two needed a boat.")
    right = ("Weather was mild for most of the season. Rain stopped work on four days in April and on two "
             "days in May. The equipment held up well, although one of the sensors had to be replaced "
             "after a fall on the rocks near the weir.")
    top = pdf.get_y()
    pdf.set_font("DejaVu", "", 10)
    pdf.set_xy(LEFT, top)
    pdf.multi_cell(215, 13, left, align="J")
    pdf.set_xy(LEFT + 236, top)
    pdf.multi_cell(215, 13, right, align="J")
    save(pdf, "tables-two-columns.pdf", [])


if __name__ == "__main__":
    ruled()
    unruled()
    numeric()
    spans()
    page_break()
    cjk()
    two_columns()
    with open(os.path.join(OUT, "tables-truth.json"), "w", encoding="utf-8") as out:
        json.dump(TRUTH, out, ensure_ascii=False, indent=1)
        out.write("\n")
