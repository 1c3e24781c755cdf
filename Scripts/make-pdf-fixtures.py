#!/usr/bin/env python3
"""Writes the small PDFs in TestDocuments/pdf/ that the PDF tests assert
exact Markdown for. Each document exercises one layout rule; every line is
placed by hand so the geometry is known.

Needs fpdf2 (pip install fpdf2==2.8.9) and the DejaVu fonts
(apt install fonts-dejavu-core). Run from the project root:
python3 Scripts/make-pdf-fixtures.py
"""
import datetime
import os
import zlib
import struct

from fpdf import FPDF

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "pdf")
FONTS = "/usr/share/fonts/truetype/dejavu"
DATE = datetime.datetime(2024, 3, 1, 9, 30, 0, tzinfo=datetime.timezone.utc)
LEFT = 72
BODY = 11
LEADING = 14


def new_pdf():
    pdf = FPDF(unit="pt", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_creation_date(DATE)
    pdf.set_producer("AnyDocSwift fixtures")
    pdf.add_font("DejaVu", "", os.path.join(FONTS, "DejaVuSans.ttf"))
    pdf.add_font("DejaVu", "B", os.path.join(FONTS, "DejaVuSans-Bold.ttf"))
    pdf.add_font("DejaVu", "I", os.path.join(FONTS, "DejaVuSans-Oblique.ttf"))
    return pdf


def line(pdf, x, y, text, size=BODY, style=""):
    """Draws one line with its baseline at y; returns the next baseline."""
    pdf.set_font("DejaVu", style, size)
    pdf.text(x, y, text)
    return y + size * 1.27


def lines(pdf, x, y, texts, size=BODY, style=""):
    for text in texts:
        y = line(pdf, x, y, text, size, style)
    return y


def save(pdf, name):
    os.makedirs(OUT, exist_ok=True)
    pdf.output(os.path.join(OUT, name))


def headings():
    pdf = new_pdf()
    pdf.set_title("Annual Field Report")
    pdf.set_author("Field Team; Data Desk")
    pdf.set_subject("Survey results")
    pdf.set_keywords("survey, field work")
    pdf.add_page()
    y = line(pdf, LEFT, 90, "Annual Field Report", 24, "B") + 8
    y = line(pdf, LEFT, y, "This report summarises the work of the field team during the year.") + 14
    y = line(pdf, LEFT, y, "Introduction", 18, "B") + 6
    y = lines(pdf, LEFT, y, [
        "The survey covered every inter-",
        "national site and used state-of-the-",
        "art equipment supplied by Jean-",
        "Paul and his colleagues in the north.",
    ]) + 14
    y = line(pdf, LEFT, y, "Methods", 14, "B") + 6
    y = lines(pdf, LEFT, y, [
        "We measured the \ufb01nal \ufb02ow rates at every site,\u00a0twice a day.",
    ]) + 14
    y = line(pdf, LEFT, y, "Sampling notes", BODY, "B") + 4
    y = lines(pdf, LEFT, y, [
        "Samples were kept cold and shipped within a day. Some were",
        "labelled by hand, which is why a few are marked as uncertain.",
    ])
    save(pdf, "headings.pdf")


COLUMN_LEFT = [
    "The first column starts the story with a",
    "few plain sentences that run across",
    "several lines of text in a narrow block.",
    "It keeps going for a while so that the",
    "layout looks like a real newsletter.",
]
COLUMN_LEFT_2 = [
    "A second paragraph follows after a gap",
    "and ends the first column of the page.",
]
COLUMN_RIGHT = [
    "The second column continues the story",
    "and must be read only after the first",
    "column has been read from top to the",
    "bottom, never line by line across the",
    "gutter that separates both columns.",
]
COLUMN_RIGHT_2 = [
    "Its last paragraph closes the article",
    "with one more sentence for the reader.",
]


def two_columns():
    pdf = new_pdf()
    pdf.add_page()
    line(pdf, LEFT, 90, "Two Column Newsletter", 20, "B")
    right = LEFT + 240
    top = 130
    y = lines(pdf, LEFT, top, COLUMN_LEFT) + 12
    lines(pdf, LEFT, y, COLUMN_LEFT_2)
    y = lines(pdf, right, top, COLUMN_RIGHT) + 12
    y = lines(pdf, right, y, COLUMN_RIGHT_2) + 30
    line(pdf, LEFT, y, "This closing line spans the full width of the page below both columns.")
    save(pdf, "two-columns.pdf")


def lists():
    pdf = new_pdf()
    pdf.add_page()
    y = line(pdf, LEFT, 90, "Shopping list:") + 6
    marker, text, nested_marker, nested_text = LEFT + 10, LEFT + 24, LEFT + 34, LEFT + 48
    for bullet, content, wrap in [
        ("\u2022", "Apples", None),
        ("\u2022", "Pears", None),
    ]:
        line(pdf, marker, y, bullet)
        y = line(pdf, text, y, content)
    for content in ["Green pears", "Red pears"]:
        line(pdf, nested_marker, y, "\u25e6")
        y = line(pdf, nested_text, y, content)
    line(pdf, marker, y, "\u2022")
    y = line(pdf, text, y, "Plums with a long description that wraps onto a second")
    y = line(pdf, text, y, "line with a hanging indent") + 12
    y = line(pdf, LEFT, y, "Steps to follow:") + 6
    for number, content in [("1.", "Open the box"), ("2.", "Remove the device"), ("3.", "Plug it in")]:
        line(pdf, marker, y, number)
        y = line(pdf, text, y, content)
    y += 12
    y = line(pdf, LEFT, y, "Options:") + 6
    for number, content in [("a)", "First option"), ("b)", "Second option")]:
        line(pdf, marker, y, number)
        y = line(pdf, text, y, content)
    save(pdf, "lists.pdf")


def table():
    pdf = new_pdf()
    columns = [LEFT, LEFT + 160, LEFT + 280]

    def row(y, cells, style=""):
        for x, cell in zip(columns, cells):
            line(pdf, x, y, cell, BODY, style)
        return y + 20

    pdf.add_page()
    y = line(pdf, LEFT, 90, "Measurements by site:") + 10
    y = row(y, ["Site", "Depth (m)", "Temperature"], "B")
    for cells in [["North Bay", "12", "8.5"], ["South Point", "30", "6.1"], ["East Ridge", "7", "9.9"]]:
        y = row(y, cells)
    pdf.add_page()
    y = row(90, ["Site", "Depth (m)", "Temperature"], "B")
    for cells in [["West Cove", "18", "7.2"], ["Old Harbour", "4", "11.0"]]:
        y = row(y, cells)
    line(pdf, LEFT, y + 20, "End of measurements.")
    save(pdf, "table.pdf")


def running_header():
    pdf = new_pdf()
    bodies = [
        ["The first page opens the quarterly notes with a short summary",
         "of what happened in the field during the spring season."],
        ["The second page describes the weather, which was mild and dry",
         "for most of the weeks we spent outside."],
        ["The third page lists what we will do differently next time and",
         "thanks everyone who helped."],
    ]
    for number, body in enumerate(bodies, start=1):
        pdf.add_page()
        line(pdf, LEFT, 40, "Field Notes Quarterly \u2014 Spring Edition", 9)
        if number == 1:
            lines(pdf, LEFT, 110, ["Spring Season"], 18, "B")
        lines(pdf, LEFT, 150, body)
        line(pdf, LEFT, 810, f"Page {number} of 3", 9)
    save(pdf, "running-header.pdf")


def links():
    pdf = new_pdf()
    pdf.add_page()
    pdf.set_font("DejaVu", "", BODY)
    y = 90
    before, linked, after = "Read the full guide on the ", "project website", " before you start."
    pdf.text(LEFT, y, before)
    x = LEFT + pdf.get_string_width(before)
    pdf.text(x, y, linked)
    width = pdf.get_string_width(linked)
    pdf.link(x, y - BODY, width, BODY + 3, "https://example.org/guide")
    pdf.text(x + width, y, after)
    y += 30
    internal = pdf.add_link(page=1)
    text = "Back to the top of this page."
    pdf.text(LEFT, y, text)
    pdf.link(LEFT, y - BODY, pdf.get_string_width(text), BODY + 3, internal)
    save(pdf, "links.pdf")


def outline():
    pdf = new_pdf()
    pdf.add_page()
    pdf.set_font("DejaVu", "", BODY)
    pdf.set_y(80)
    pdf.start_section("Background", level=0)
    y = line(pdf, LEFT, 90, "Background") + 6
    y = lines(pdf, LEFT, y, ["The background is told in one plain paragraph of body text."]) + 14
    pdf.set_y(y - BODY)
    pdf.start_section("Earlier work", level=1)
    y = line(pdf, LEFT, y, "Earlier work") + 6
    lines(pdf, LEFT, y, ["Earlier work is summarised in a sentence as well."])
    pdf.add_page()
    pdf.set_y(80)
    pdf.start_section("Details", level=0)
    y = line(pdf, LEFT, 90, "Details") + 6
    lines(pdf, LEFT, y, ["The details come last and finish the document."])
    save(pdf, "outline.pdf")


def gray_png(width, height):
    """A striped grayscale PNG, standing in for a scanned page."""
    rows = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(width)) for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def scanned():
    pdf = new_pdf()
    pdf.add_page()
    line(pdf, LEFT, 90, "This page has a text layer.")
    pdf.add_page()
    path = os.path.join(OUT, "scan-stripes.png")
    os.makedirs(OUT, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(gray_png(120, 170))
    pdf.image(path, x=30, y=30, w=535, h=780)
    os.remove(path)
    save(pdf, "scanned.pdf")


if __name__ == "__main__":
    headings()
    two_columns()
    lists()
    table()
    running_header()
    links()
    outline()
    scanned()
