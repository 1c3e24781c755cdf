#!/usr/bin/env python3
"""Writes the table PDFs in TestDocuments/pdf/ (tables-*.pdf) and the
tables they hold, cell by cell, in TestDocuments/pdf/tables-truth.json:
the PDF tests assert exact Markdown for them and Scripts/bench.py scores
table extraction against the truth file (cell-level F1).

Each document is made from a known table through fpdf2's table layout,
so the source of every cell is known: ruled, unruled, numeric
right-aligned, spanned cells, a table across a page break, a CJK table
and a two-column page of prose that must not become a table. Two more
copy layouts seen in real documents (an invoice's key-value block over a
ruled totals table, a ruled calendar beside newsletter prose); they are
kept for their exact Markdown and not scored.

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


def save(pdf, name, tables=None):
    """Writes the PDF; its tables go into the truth file unless None (a
    layout kept for its exact Markdown only, not scored)."""
    os.makedirs(OUT, exist_ok=True)
    pdf.output(os.path.join(OUT, name))
    if tables is not None:
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


def invoice():
    """A key-value block above a ruled totals table, as repair invoices
    lay them out: the vertical rule of the totals crosses only its rows."""
    pdf = new_pdf()
    pdf.add_page()
    paragraph(pdf, "Repair estimate", 16, "B")
    pdf.set_fill_color(0, 0, 0)
    pdf.rect(LEFT, 130, 200, 12, style="F")
    pdf.rect(LEFT + 256, 130, 180, 12, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_font("DejaVu", "B", 9)
    pdf.text(LEFT + 46, 139, "Customer Information")
    pdf.text(LEFT + 300, 139, "Vehicle Information")
    pdf.set_text_color(0, 0, 0)
    keys = [("Insured name", "Bruce Wayne", "", "Year", "2025"), ("Claim #", "", "999", "Make", "Batman"),
            ("Policy #", "IM-BATMAN", "", "Model", "Batmobile"), ("Phone", "(416) 555-1234", "", "Trim", "Limited"),
            ("Email", "batman@wayneindustries.com", "", "VIN", "XXX"), ("", "", "", "Color", "Black"),
            ("", "", "", "Odometer", "1")]
    y = 155
    for label, value, extra, right_label, right_value in keys:
        cell_row(pdf, y, [(label, 0, "B"), (value, 88, ""), (extra, 177, ""), (right_label, 254, "B"),
                          (right_value, 319, "")])
        y += 14.5
    y += 14
    cell_row(pdf, y, [("Repair Order #", 0, "B"), ("RO-20221108", 88, ""), ("Estimator", 254, "B"), ("Ellis Turner", 319, "")])
    y += 28
    pdf.set_font("DejaVu", "B", 9)
    pdf.text(LEFT + 180, y, "Estimate Totals")
    y += 15
    top = y - 10
    cell_row(pdf, y, [("Hours", 198, "B"), ("Rate", 254, "B"), ("Cost", 319, "B")])
    pdf.line(LEFT, y + 4, LEFT + 436, y + 4)
    totals = [("Parts", "", "", "", "2,100"), ("Body Labor", "", "2", "150", "300"), ("Paint Labor", "", "1.5", "150", "225"),
              ("Mechanical Labor", "", "-", "-", "-"), ("Supplies", "", "", "", ""), ("", "Paint Supplies", "", "", "60"),
              ("", "Body Supplies", "", "", "30"), ("Other Charges", "", "", "", "15"), ("Subtotal", "", "", "", "2,730"),
              ("Sales Tax", "", "", "10.20%", "278.46"), ("GRAND TOTAL", "", "", "", "3,008"),
              ("Note", "Minor rear bumper repair", "", "", "")]
    for label, sub, hours, rate, cost in totals:
        y += 14.5
        cell_row(pdf, y, [(label, 0, "B"), (sub, 88, "B" if label else ""), (hours, 198, ""), (rate, 254, ""), (cost, 319, "")])
    pdf.line(LEFT, y - 10, LEFT + 436, y - 10)
    pdf.line(LEFT, y + 4, LEFT + 436, y + 4)
    pdf.line(LEFT + 196, top, LEFT + 196, y + 4)
    pdf.line(LEFT + 314, top, LEFT + 314, y + 4)
    pdf.set_y(y + 30)
    paragraph(pdf, "This is a preliminary estimate for the visible damage of the vehicle.")
    save(pdf, "tables-invoice.pdf")


def calendar():
    """A ruled opening-hours calendar in the right column of a newsletter:
    days with two sittings (lines of one piece between the rules), then a day whose last cell spans two columns over
    three lines, the middle one on the row's baseline."""
    pdf = new_pdf()
    pdf.add_page()
    left, columns, right = 304, (360, 409, 478), 566
    pdf.set_line_width(0.5)

    def centred(text, x0, x1, top, size=8, style=""):
        pdf.set_font("DejaVu", style, size)
        pdf.text((x0 + x1 - pdf.get_string_width(text)) / 2, top + size, text)

    centred("Jugendraum – Öffnungszeiten 05. – 06. KW", left, right, 544, 9, "B")
    centred("Kinder- und Jugendbüro – 0781 - 96 777 922", left, right, 556)
    centred("jugendbuero@schutterwald.de", left, right, 567)
    pdf.line(left, 542, right, 542)
    for top, day, date in ((578, "Freitag", "31.01.25"), (670, "Dienstag", "04.02.25")):
        for offset, time, group in ((0, "17:30-18:30", "10-13 J."), (21, "18:45-20:30", "Ab 13 J.")):
            centred("Offene Tür", columns[2], right, top + offset)
            centred(time, columns[1], columns[2], top + offset + 5)
            centred(group, columns[2], right, top + offset + 10)
        centred(day, left, columns[0], top + 16)
        centred(date, columns[0], columns[1], top + 16)
        pdf.line(columns[1], top + 21, right, top + 21)
    for top, day, date in ((623, "Samstag", "01.02.25"), (639, "Sonntag", "02.02.25"), (656, "Montag", "03.02.25")):
        centred(day, left, columns[0], top)
        centred(date, columns[0], columns[1], top)
        centred("geschlossen", columns[2], right, top)
    centred("Mittwoch", left, columns[0], 714)
    centred("05.02.25", columns[0], columns[1], 714)
    centred("Ab 17:00", columns[1], columns[2], 714)
    centred("Mädchengruppe", columns[2], right, 714)
    centred("Für voraussichtlich die kommenden", columns[1], right, 727, 6.5)
    centred("Donnerstag", left, columns[0], 735)
    centred("06.02.25", columns[0], columns[1], 735)
    centred("3 Monate hat der Jugendtreff donnerstags", columns[1], right, 735, 6.5)
    centred("geschlossen", columns[1], right, 745, 6.5)
    for y in (577, 621, 637, 653, 669, 713, 726, 755):
        pdf.line(left, y, right, y)
    for x in (left, right):
        pdf.line(x, 542, x, 755)
    for x in columns:
        pdf.line(x, 577, x, 755 if x != columns[2] else 726)
    # Prose in the left column beside the table, as in a newsletter.
    prose = ("The council met on Tuesday and agreed the budget for the coming year. Work on the new school "
             "building starts in spring; the old hall stays open until the summer. Residents may comment on "
             "the plans at the town hall during office hours. The speed limit on the main road is lowered at "
             "night, and the crossing near the bakery gets a light. Bins are emptied on Wednesdays from next "
             "month, and the garden waste collection moves to Friday mornings. The library extends its hours "
             "on Thursdays. The fire brigade thanks everyone who came to the open day and raised money for the "
             "new ladder truck.")
    pdf.set_font("DejaVu", "", 8)
    pdf.set_xy(LEFT - 44, 100)
    pdf.multi_cell(218, 10.4, " ".join([prose] * 5), align="J")
    pdf.set_xy(left, 100)
    pdf.multi_cell(right - left, 10.4, prose + " " + prose, align="J")
    pdf.set_y(770)
    paragraph(pdf, "The club is closed on public holidays.")
    save(pdf, "tables-calendar.pdf")


def cell_row(pdf, y, cells):
    """Writes `cells` (text, x from the left margin, style) on baseline `y`."""
    for text, x, style in cells:
        if text:
            pdf.set_font("DejaVu", style, 9)
            pdf.text(LEFT + x, y, text)


if __name__ == "__main__":
    ruled()
    unruled()
    numeric()
    spans()
    page_break()
    cjk()
    two_columns()
    invoice()
    calendar()
    with open(os.path.join(OUT, "tables-truth.json"), "w", encoding="utf-8") as out:
        json.dump(TRUTH, out, ensure_ascii=False, indent=1)
        out.write("\n")
