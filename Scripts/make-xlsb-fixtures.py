#!/usr/bin/env python3
"""Writes the small binary workbooks in TestDocuments/xlsb/ that the XLSB
tests assert exact Markdown for. Records are written by hand (MS-XLSB), so
every one the converter reads is under control:

- cells.xlsb: shared, inline and rich strings; real and RK numbers (whole,
  /100, fractional, a 15-digit General number); booleans; errors; formulas with cached number, string,
  boolean and error results; percentages, dates and custom formats; a merged
  range; two sheets, a hidden sheet and a chart sheet.
- date1904.xlsb: serials in the 1904 date system.

Run from the project root: python3 Scripts/make-xlsb-fixtures.py
"""
import os
import struct
import zipfile

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "xlsb")
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
BIN = "application/vnd.ms-excel"


def varint(value):
    """7-bit groups, low first, the high bit set while more follow."""
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def record(kind, data=b""):
    return varint(kind) + varint(len(data)) + data


def wide(text):
    """XLWideString: a 32-bit count of UTF-16 code units, then the units."""
    encoded = text.encode("utf-16-le")
    return struct.pack("<I", len(encoded) // 2) + encoded


def cell(column, style):
    return struct.pack("<I", column) + struct.pack("<I", style & 0xFFFFFF)


def rk(value, integer, times100):
    """An RK number: a 30-bit integer or the top of a double, maybe x100."""
    if integer:
        bits = (value << 2) & 0xFFFFFFFF | 0x02
    else:
        bits = struct.unpack("<Q", struct.pack("<d", value))[0] >> 32 & 0xFFFFFFFC
    return bits | (0x01 if times100 else 0)


# Record types (MS-XLSB 2.3).
ROW_HDR, CELL_RK, CELL_ERROR, CELL_BOOL, CELL_REAL, CELL_ST, CELL_ISST = 0, 2, 3, 4, 5, 6, 7
FMLA_STRING, FMLA_NUM, FMLA_BOOL, FMLA_ERROR, CELL_RSTRING = 8, 9, 10, 11, 62
SST_ITEM, FMT, FONT, FILL, BORDER, XF = 19, 44, 43, 45, 46, 47
BEGIN_SHEET, END_SHEET, BEGIN_SHEET_DATA, END_SHEET_DATA, WS_DIM = 129, 130, 145, 146, 148
BEGIN_BOOK, END_BOOK, BEGIN_BUNDLE_SHS, END_BUNDLE_SHS, WB_PROP, BUNDLE_SH = 131, 132, 143, 144, 153, 156
BEGIN_SST, END_SST, MERGE_CELL, BEGIN_MERGE_CELLS, END_MERGE_CELLS = 159, 160, 176, 177, 178
BEGIN_STYLE_SHEET, END_STYLE_SHEET = 278, 279
BEGIN_FONTS, END_FONTS, BEGIN_FILLS, END_FILLS, BEGIN_BORDERS, END_BORDERS = 611, 612, 603, 604, 613, 614
BEGIN_FMTS, END_FMTS, BEGIN_CELL_XFS, END_CELL_XFS, BEGIN_STYLE_XFS, END_STYLE_XFS = 615, 616, 617, 618, 626, 627
BEGIN_CHART_SHEET, END_CHART_SHEET = 385, 386


def formula(tokens):
    """grbitFlags, then CellParsedFormula: cce, the tokens, cb (no extra data)."""
    return struct.pack("<H", 0) + struct.pack("<I", len(tokens)) + tokens + struct.pack("<I", 0)


# Constant formulas: PtgInt, PtgStr, PtgBool, PtgErr.
INT_3 = bytes([0x1E]) + struct.pack("<H", 3)
STR_JOINED = bytes([0x17]) + struct.pack("<H", 6) + "joined".encode("utf-16-le")
BOOL_TRUE = bytes([0x1D, 1])
ERR_NA = bytes([0x1C, 0x2A])


def count(n):
    return struct.pack("<I", n)


def workbook_bin(sheets, date1904=False):
    """sheets: list of (name, rId, state) with state 0 visible, 1 hidden, 2 very hidden."""
    out = record(BEGIN_BOOK)
    out += record(WB_PROP, struct.pack("<I", 1 if date1904 else 0) + struct.pack("<I", 0) + wide(""))
    out += record(BEGIN_BUNDLE_SHS)
    for tab, (name, rid, state) in enumerate(sheets, start=1):
        out += record(BUNDLE_SH, struct.pack("<I", state) + struct.pack("<I", tab) + wide(rid) + wide(name))
    out += record(END_BUNDLE_SHS)
    return out + record(END_BOOK)


def styles_bin(formats, cell_formats):
    """formats: {id: code} for custom codes; cell_formats: format id per cell style."""
    out = record(BEGIN_STYLE_SHEET)
    out += record(BEGIN_FMTS, count(len(formats)))
    for fmt_id, code in sorted(formats.items()):
        out += record(FMT, struct.pack("<H", fmt_id) + wide(code))
    out += record(END_FMTS)
    font = (struct.pack("<HHHH", 220, 0, 400, 0) + bytes([0, 2, 0, 0])
            + bytes([0x07, 0x01, 0, 0, 0, 0, 0, 0xFF]) + bytes([2]) + wide("Calibri"))
    out += record(BEGIN_FONTS, count(1)) + record(FONT, font) + record(END_FONTS)
    fill = struct.pack("<I", 0) + bytes(64)
    out += record(BEGIN_FILLS, count(1)) + record(FILL, fill) + record(END_FILLS)
    out += record(BEGIN_BORDERS, count(1)) + record(BORDER, bytes(51)) + record(END_BORDERS)

    def xf(parent, fmt_id):
        return record(XF, struct.pack("<HHHHH", parent, fmt_id, 0, 0, 0) + bytes([0, 0]) + struct.pack("<HH", 0x1010, 0))

    out += record(BEGIN_STYLE_XFS, count(1)) + xf(0xFFFF, 0) + record(END_STYLE_XFS)
    out += record(BEGIN_CELL_XFS, count(len(cell_formats)))
    for fmt_id in cell_formats:
        out += xf(0, fmt_id)
    out += record(END_CELL_XFS)
    return out + record(END_STYLE_SHEET)


def sst_bin(strings):
    out = record(BEGIN_SST, count(len(strings)) + count(len(strings)))
    for text in strings:
        out += record(SST_ITEM, bytes([0]) + wide(text))
    return out + record(END_SST)


def sheet_bin(rows, merges=(), last=(0, 0)):
    """rows: list of (row index, [cell records]); merges: (r1, r2, c1, c2), 0-based."""
    out = [record(BEGIN_SHEET), record(WS_DIM, struct.pack("<IIII", 0, last[0], 0, last[1])), record(BEGIN_SHEET_DATA)]
    for row, cells in rows:
        out.append(record(ROW_HDR, struct.pack("<II", row, 0) + struct.pack("<H", 300) + bytes(4) + count(0)))
        out.extend(cells)
    out.append(record(END_SHEET_DATA))
    if merges:
        out.append(record(BEGIN_MERGE_CELLS, count(len(merges))))
        for r1, r2, c1, c2 in merges:
            out.append(record(MERGE_CELL, struct.pack("<IIII", r1, r2, c1, c2)))
        out.append(record(END_MERGE_CELLS))
    out.append(record(END_SHEET))
    return b"".join(out)


def content_types(parts):
    overrides = "".join(f'<Override PartName="/{part}" ContentType="{kind}"/>' for part, kind in parts)
    return (HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            f'<Default Extension="bin" ContentType="{BIN}.sheet.binary.macroEnabled.main"/>'
            + overrides + '</Types>')


def relationships(items):
    body = "".join(f'<Relationship Id="{rid}" Type="{kind}" Target="{target}"/>' for rid, kind, target in items)
    return HEAD + f'<Relationships xmlns="{PKG}">{body}</Relationships>'


def core(title):
    return (HEAD + '<cp:coreProperties '
            'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f'<dc:title>{title}</dc:title><dc:creator>Fixture Script</dc:creator>'
            '<dcterms:created xsi:type="dcterms:W3CDTF">2024-01-01T00:00:00Z</dcterms:created>'
            '</cp:coreProperties>')


def write_package(name, sheets, parts, title, chart_sheets=()):
    """sheets: list of (name, state, part bytes) worksheets; chart_sheets: names of chart sheets."""
    entries = [("xl/workbook.bin", None)]
    bundle = []
    rels = []
    overrides = [("xl/workbook.bin", f"{BIN}.sheet.binary.macroEnabled.main"),
                 ("xl/styles.bin", f"{BIN}.styles"), ("xl/sharedStrings.bin", f"{BIN}.sharedStrings"),
                 ("docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml")]
    files = {}
    for index, (sheet_name, state, data) in enumerate(sheets, start=1):
        rid = f"rId{index}"
        bundle.append((sheet_name, rid, state))
        rels.append((rid, f"{REL}/worksheet", f"worksheets/sheet{index}.bin"))
        overrides.append((f"xl/worksheets/sheet{index}.bin", f"{BIN}.worksheet"))
        files[f"xl/worksheets/sheet{index}.bin"] = data
    for index, sheet_name in enumerate(chart_sheets, start=1):
        rid = f"rIdC{index}"
        bundle.append((sheet_name, rid, 0))
        rels.append((rid, f"{REL}/chartsheet", f"chartsheets/sheet{index}.bin"))
        overrides.append((f"xl/chartsheets/sheet{index}.bin", f"{BIN}.chartsheet"))
        files[f"xl/chartsheets/sheet{index}.bin"] = record(BEGIN_CHART_SHEET) + record(END_CHART_SHEET)
    rels += [("rIdS", f"{REL}/styles", "styles.bin"), ("rIdT", f"{REL}/sharedStrings", "sharedStrings.bin")]
    path = os.path.join(OUT, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        def add(part, data):
            info = zipfile.ZipInfo(part, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            package.writestr(info, data)
        add("[Content_Types].xml", content_types(overrides))
        add("_rels/.rels", relationships([
            ("rId1", f"{REL}/officeDocument", "xl/workbook.bin"),
            ("rId2", f"{PKG}/metadata/core-properties", "docProps/core.xml")]))
        add("xl/workbook.bin", workbook_bin(bundle, date1904=parts.get("date1904", False)))
        add("xl/_rels/workbook.bin.rels", relationships(rels))
        add("xl/styles.bin", parts["styles"])
        add("xl/sharedStrings.bin", parts["sst"])
        for part, data in files.items():
            add(part, data)
        add("docProps/core.xml", core(title))


def cells_workbook():
    strings = ["Kind", "Value", "shared", "plain text", "a | b *not emphasis*", "merged across", "東京"]
    # Cell styles: 0 General, 1 0%, 2 short date (14), 3 custom date time,
    # 4 #,##0.00, 5 text section, 6 0.00%.
    styles = styles_bin({164: "yyyy-mm-dd hh:mm", 165: '"Note: "@'}, [0, 9, 14, 164, 4, 165, 10])
    isst = lambda col, index, style=0: record(CELL_ISST, cell(col, style) + count(index))
    text = lambda col, value, style=0: record(CELL_ST, cell(col, style) + wide(value))
    rows = [
        (0, [isst(0, 0), isst(1, 1)]),
        (1, [isst(0, 2), isst(1, 3)]),
        (2, [text(0, "inline"), text(1, "inline text")]),
        (3, [text(0, "rich"), record(CELL_RSTRING, cell(1, 0) + bytes([0]) + wide("rich text"))]),
        (4, [text(0, "specials"), isst(1, 4)]),
        (5, [text(0, "unicode"), isst(1, 6)]),
        (6, [text(0, "real"), record(CELL_REAL, cell(1, 0) + struct.pack("<d", 1234.5))]),
        (7, [text(0, "rk integer"), record(CELL_RK, cell(1, 0) + struct.pack("<I", rk(-42, True, False)))]),
        (8, [text(0, "rk hundredths"), record(CELL_RK, cell(1, 0) + struct.pack("<I", rk(1234, True, True)))]),
        (9, [text(0, "rk double"), record(CELL_RK, cell(1, 0) + struct.pack("<I", rk(0.75, False, False)))]),
        (10, [text(0, "percent"), record(CELL_REAL, cell(1, 1) + struct.pack("<d", 0.256))]),
        (11, [text(0, "percent 2"), record(CELL_REAL, cell(1, 6) + struct.pack("<d", -0.0125))]),
        (12, [text(0, "short date"), record(CELL_RK, cell(1, 2) + struct.pack("<I", rk(45351, True, False)))]),
        (13, [text(0, "date time"), record(CELL_REAL, cell(1, 3) + struct.pack("<d", 45351.75))]),
        (14, [text(0, "thousands"), record(CELL_REAL, cell(1, 4) + struct.pack("<d", -9876.545))]),
        (15, [text(0, "boolean"), record(CELL_BOOL, cell(1, 0) + bytes([1]))]),
        (16, [text(0, "boolean"), record(CELL_BOOL, cell(1, 0) + bytes([0]))]),
        (17, [text(0, "error"), record(CELL_ERROR, cell(1, 0) + bytes([0x07]))]),
        (18, [text(0, "formula number"), record(FMLA_NUM, cell(1, 0) + struct.pack("<d", 3) + formula(INT_3))]),
        (19, [text(0, "formula text"), record(FMLA_STRING, cell(1, 0) + wide("joined") + formula(STR_JOINED))]),
        (20, [text(0, "formula boolean"), record(FMLA_BOOL, cell(1, 0) + bytes([1]) + formula(BOOL_TRUE))]),
        (21, [text(0, "formula error"), record(FMLA_ERROR, cell(1, 0) + bytes([0x2A]) + formula(ERR_NA))]),
        (22, [text(0, "text format"), isst(1, 3, style=5)]),
        (23, [record(CELL_BLANK, cell(0, 0)), record(CELL_BLANK, cell(1, 0))]),
        (24, [isst(0, 5), text(1, "stale")]),
        (25, [text(0, "General 15 digits"), record(CELL_REAL, cell(1, 0) + struct.pack("<d", 123456789012345))]),
    ]
    summary = sheet_bin(rows, merges=[(24, 24, 0, 1)], last=(25, 1))
    notes = sheet_bin([(0, [text(0, "Second sheet")]), (1, [record(CELL_RK, cell(0, 0) + struct.pack("<I", rk(42, True, False)))])], last=(1, 0))
    secret = sheet_bin([(0, [text(0, "Hidden text")])])
    write_package("cells.xlsb", [("Cells", 0, summary), ("Notes", 0, notes), ("Secret", 1, secret)],
                  {"styles": styles, "sst": sst_bin(strings)}, "Binary cells", chart_sheets=["Chart"])


def date1904_workbook():
    styles = styles_bin({164: "yyyy-mm-dd hh:mm"}, [0, 164])
    real = lambda col, value, style: record(CELL_REAL, cell(col, style) + struct.pack("<d", value))
    rows = [(0, [record(CELL_ST, cell(0, 0) + wide("Serial")), record(CELL_ST, cell(1, 0) + wide("Date"))])]
    for index, serial in enumerate([0, 1, 42735, 45000.5], start=1):
        rows.append((index, [real(0, serial, 0), real(1, serial, 1)]))
    write_package("date1904.xlsb", [("Dates", 0, sheet_bin(rows, last=(4, 1)))],
                  {"styles": styles, "sst": sst_bin([]), "date1904": True}, "Binary dates")


CELL_BLANK = 1

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    cells_workbook()
    date1904_workbook()
