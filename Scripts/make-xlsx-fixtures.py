#!/usr/bin/env python3
"""Writes the small workbooks in TestDocuments/xlsx/ that the XLSX tests
assert exact Markdown for. Each workbook exercises one area; the XML is
written by hand so every attribute the converter reads is under control.

Run from the project root: python3 Scripts/make-xlsx-fixtures.py
"""
import os
import zipfile

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "xlsx")
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
STRICT_MAIN = "http://purl.oclc.org/ooxml/spreadsheetml/main"
STRICT_REL = "http://purl.oclc.org/ooxml/officeDocument/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def content_types(sheet_count, extra=""):
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        for i in range(1, sheet_count + 1))
    return (HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            '<Override PartName="/xl/styles.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
            '<Override PartName="/xl/sharedStrings.xml" '
            'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            '<Override PartName="/docProps/core.xml" '
            'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
            + overrides + extra + '</Types>')


def root_rels(rel=REL):
    return (HEAD + f'<Relationships xmlns="{PKG}">'
            f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/>'
            f'<Relationship Id="rId2" Type="{PKG}/metadata/core-properties" Target="docProps/core.xml"/>'
            '</Relationships>')


def core(title):
    return (HEAD + '<cp:coreProperties '
            'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
            'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
            f'<dc:title>{esc(title)}</dc:title><dc:creator>Fixture Script</dc:creator>'
            '<dcterms:created xsi:type="dcterms:W3CDTF">2024-01-01T00:00:00Z</dcterms:created>'
            '</cp:coreProperties>')


def workbook(sheets, date1904=False, ns=MAIN, rel=REL):
    """sheets: list of (name, rId, state or None)."""
    entries = "".join(
        f'<sheet name="{esc(name)}" sheetId="{i + 1}" r:id="{rid}"'
        + (f' state="{state}"' if state else "") + "/>"
        for i, (name, rid, state) in enumerate(sheets))
    pr = '<workbookPr date1904="1"/>' if date1904 else '<workbookPr defaultThemeVersion="166925"/>'
    return (HEAD + f'<workbook xmlns="{ns}" xmlns:r="{rel}">{pr}'
            f'<sheets>{entries}</sheets></workbook>')


def workbook_rels(targets, rel=REL):
    """targets: list of (rId, type, target)."""
    items = "".join(f'<Relationship Id="{rid}" Type="{rel}/{kind}" Target="{target}"/>'
                    for rid, kind, target in targets)
    return (HEAD + f'<Relationships xmlns="{PKG}">{items}'
            f'<Relationship Id="rIdS" Type="{rel}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rIdT" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
            '</Relationships>')


def styles(num_fmts, xf_ids, ns=MAIN):
    """num_fmts: {id: code}; xf_ids: numFmtId of each cellXfs entry, in order."""
    fmts = "".join(f'<numFmt numFmtId="{i}" formatCode="{esc(code)}"/>' for i, code in num_fmts.items())
    xfs = "".join(f'<xf numFmtId="{i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
                  for i in xf_ids)
    # A differential format reusing an id: cells never use it.
    return (HEAD + f'<styleSheet xmlns="{ns}">'
            f'<numFmts count="{len(num_fmts)}">{fmts}</numFmts>'
            '<fonts count="1"><font><sz val="11"/></font></fonts>'
            '<cellStyleXfs count="1"><xf numFmtId="10" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            f'<cellXfs count="{len(xf_ids)}">{xfs}</cellXfs>'
            '<dxfs count="1"><dxf><numFmt numFmtId="164" formatCode="&quot;wrong&quot;"/></dxf></dxfs>'
            '</styleSheet>')


def shared_strings(items, ns=MAIN):
    """items: raw inner XML of each <si>."""
    body = "".join(f"<si>{item}</si>" for item in items)
    return HEAD + f'<sst xmlns="{ns}" count="{len(items)}" uniqueCount="{len(items)}">{body}</sst>'


def t(text):
    space = ' xml:space="preserve"' if text != text.strip() else ""
    return f"<t{space}>{esc(text)}</t>"


def sheet(rows, merges=(), dimension=None, ns=MAIN, extra_after=""):
    """rows: list of (row number or None, [cell xml])."""
    body = ""
    for number, cells in rows:
        attr = f' r="{number}"' if number is not None else ""
        body += f"<row{attr}>" + "".join(cells) + "</row>"
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    merge = ""
    if merges:
        merge = f'<mergeCells count="{len(merges)}">' + "".join(
            f'<mergeCell ref="{m}"/>' for m in merges) + "</mergeCells>"
    return (HEAD + f'<worksheet xmlns="{ns}" xmlns:r="{REL}">{dim}'
            '<sheetViews><sheetView workbookViewId="0"/></sheetViews>'
            f'<sheetData>{body}</sheetData>{merge}{extra_after}</worksheet>')


def c(ref, value=None, kind=None, style=None, formula=None, inline=None):
    attrs = f' r="{ref}"' if ref else ""
    if kind:
        attrs += f' t="{kind}"'
    if style is not None:
        attrs += f' s="{style}"'
    inner = ""
    if formula is not None:
        inner += f"<f>{esc(formula)}</f>"
    if inline is not None:
        inner += f"<is>{inline}</is>"
    if value is not None:
        inner += f"<v>{esc(str(value))}</v>"
    return f"<c{attrs}>{inner}</c>" if inner else f"<c{attrs}/>"


def write(name, parts):
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, name)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for part, data in parts:
            info = zipfile.ZipInfo(part, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)


def package(name, sheets, sheet_parts, strings, style_part, date1904=False, title=None):
    """sheets: [(name, state)]; sheet_parts: [xml] (same order)."""
    rels = [(f"rId{i + 1}", "worksheet", f"worksheets/sheet{i + 1}.xml") for i in range(len(sheet_parts))]
    entries = [(sheet_name, f"rId{i + 1}", state) for i, (sheet_name, state) in enumerate(sheets)]
    parts = [
        ("[Content_Types].xml", content_types(len(sheet_parts))),
        ("_rels/.rels", root_rels()),
        ("docProps/core.xml", core(title or name)),
        ("xl/workbook.xml", workbook(entries, date1904)),
        ("xl/_rels/workbook.xml.rels", workbook_rels(rels)),
        ("xl/styles.xml", style_part),
        ("xl/sharedStrings.xml", shared_strings(strings)),
    ]
    parts += [(f"xl/worksheets/sheet{i + 1}.xml", xml) for i, xml in enumerate(sheet_parts)]
    write(name, parts)


def cells_workbook():
    """Every cell type: shared, rich and inline strings, booleans, errors,
    formulas with cached values, ISO dates, escapes and Markdown specials."""
    strings = [
        t("Kind"), t("Value"),                                      # 0 1
        t("shared"), t("plain text"),                               # 2 3
        "<r><rPr><b/></rPr>" + t("Bold ") + "</r><r>" + t("and plain") + "</r>",  # 4 rich runs
        t("東京") + '<rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/>',  # 5 phonetic
        t("line one_x000D_\nline two"),                            # 6 escaped CR + LF
        t("a | b *not emphasis* _x005F_x0041_"),                    # 7 pipe, stars, escaped escape
        t("   "),                                                   # 8 blank
        t("rich"), t("phonetic"), t("escapes"), t("specials"),      # 9 10 11 12
        t("inline"), t("inline runs"), t("boolean"), t("error"),    # 13 14 15 16
        t("formula number"), t("formula text"), t("no cached value"), t("ISO date"),  # 17-20
        t("blank string"), t("number as text"),                     # 21 22
    ]
    rows = [
        (1, [c("A1", 0, "s"), c("B1", 1, "s")]),
        (2, [c("A2", 2, "s"), c("B2", 3, "s")]),
        (3, [c("A3", 9, "s"), c("B3", 4, "s")]),
        (4, [c("A4", 10, "s"), c("B4", 5, "s")]),
        (5, [c("A5", 11, "s"), c("B5", 6, "s")]),
        (6, [c("A6", 12, "s"), c("B6", 7, "s")]),
        (7, [c("A7", 13, "s"), c("B7", kind="inlineStr", inline=t("inline text"))]),
        (8, [c("A8", 14, "s"), c("B8", kind="inlineStr", inline="<r>" + t("in") + "</r><r>" + t("line") + "</r>")]),
        (9, [c("A9", 15, "s"), c("B9", 1, "b")]),
        (10, [c("A10", 15, "s"), c("B10", 0, "b")]),
        (11, [c("A11", 16, "s"), c("B11", "#DIV/0!", "e", formula="1/0")]),
        (12, [c("A12", 17, "s"), c("B12", 3, formula="SUM(1,2)")]),
        (13, [c("A13", 18, "s"), c("B13", "joined", "str", formula='"join"&"ed"')]),
        (14, [c("A14", 19, "s"), c("B14", formula="NOW()")]),
        (15, [c("A15", 20, "s"), c("B15", "2024-02-29T12:30:00", "d", style=1)]),
        (16, [c("A16", 21, "s"), c("B16", 8, "s")]),
        (17, [c("A17", 22, "s"), c("B17", 3, "s", style=2)]),
    ]
    st = styles({164: "yyyy-mm-dd hh:mm", 165: '"Note: "@'}, [0, 164, 165])
    package("cells.xlsx", [("Cells", None)], [sheet(rows, dimension="A1:B17")], strings, st,
            title="Cell types")


def formats_workbook():
    """Number formats: built-in and custom, dates, times, percentages,
    thousands, currency, scientific, fractions, General."""
    strings = [t("Format"), t("Shown")]
    num_fmts = {
        164: "yyyy-mm-dd",
        165: "#,##0.00 [$€-407]",
        166: "[h]:mm:ss",
        167: "0.0,,\"M\"",
        168: "dddd, mmmm d, yyyy",
        169: "[Red]0.00;[Blue]-0.00;\"zero\"",
        170: "00000",
        171: "hh:mm AM/PM",
    }
    # (label, style index, value); style index is a position in xf_ids.
    xf_ids = [0, 14, 164, 22, 21, 166, 9, 10, 3, 4, 165, 11, 12, 167, 168, 169, 170, 2, 171, 49, 1]
    cases = [
        ("General", 0, 1234.5),
        ("General float", 0, 0.30000000000000004),
        ("General large", 0, 123456789012345),
        ("General small", 0, 0.000012345678),
        ("General third", 0, 0.3333333333333333),
        ("14 short date", 1, 45351),
        ("yyyy-mm-dd", 2, 45351.75),
        ("22 date time", 3, 45351.75),
        ("21 time", 4, 0.6076388888888888),
        ("[h]:mm:ss", 5, 1.5),
        ("0%", 6, 0.256),
        ("0.00%", 7, -0.0125),
        ("#,##0", 8, 1234567.5),
        ("#,##0.00", 9, -9876.545),
        ("euro", 10, 1234.5),
        ("0.00E+00", 11, 123456),
        ("# ?/?", 12, 2.5),
        ("millions", 13, 7654321),
        ("long date", 14, 45351),
        ("sections +", 15, 2),
        ("sections -", 15, -2),
        ("sections 0", 15, 0),
        ("zip code", 16, 501),
        ("0.00", 17, 2.675),
        ("12-hour", 18, 0.75),
        ("text format number", 19, 42),
        ("0", 20, -0.4),
        ("leap bug", 2, 60),
        ("serial 0", 2, 0),
    ]
    for label, *_ in cases:
        strings.append(t(label))
    rows = [(1, [c("A1", 0, "s"), c("B1", 1, "s")])]
    for index, (label, style, value) in enumerate(cases):
        r = index + 2
        rows.append((r, [c(f"A{r}", index + 2, "s"), c(f"B{r}", repr(value), style=style)]))
    package("formats.xlsx", [("Formats", None)], [sheet(rows)], strings, styles(num_fmts, xf_ids))


def date1904_workbook():
    """The 1904 date system: serial 0 is 1904-01-01."""
    strings = [t("Serial"), t("Date")]
    rows = [(1, [c("A1", 0, "s"), c("B1", 1, "s")])]
    for r, serial in enumerate([0, 1, 42735, 45000.5], start=2):
        rows.append((r, [c(f"A{r}", serial), c(f"B{r}", serial, style=1)]))
    package("date1904.xlsx", [("Dates", None)], [sheet(rows)], strings,
            styles({164: "yyyy-mm-dd hh:mm"}, [0, 164]), date1904=True)


def merged_workbook():
    """Merged ranges: the top-left cell keeps the value, covered cells are
    empty even when the file left values in them; a merge reaching past
    the data does not widen the table."""
    strings = [t("Title across"), t("stale"), t("Tall"), t("x"), t("y"), t("z"), t("w"), t("Last")]
    rows = [
        (1, [c("A1", 0, "s"), c("B1", 1, "s"), c("C1", 1, "s")]),
        (2, [c("A2", 2, "s"), c("B2", 3, "s"), c("C2", 4, "s")]),
        (3, [c("A3", 1, "s"), c("B3", 5, "s"), c("C3", 6, "s")]),
        (4, [c("A4", 7, "s"), c("E4", 1, "s")]),
    ]
    merges = ["A1:C1", "A2:A3", "D4:F4"]
    package("merged.xlsx", [("Merged", None)], [sheet(rows, merges=merges)], strings, styles({}, [0]))


def layout_workbook():
    """Used range: empty outer rows and columns trimmed whatever
    <dimension> says; interior empty rows kept, long runs collapsed;
    cells and rows without r attributes placed after their neighbours."""
    strings = [t("Name"), t("Qty"), t("apple"), t("pear"), t("far below"), t("implicit"), t(" ")]
    rows = [
        (1, []),
        (2, [c("A2", None), c("B2", 6, "s")]),  # an empty cell and a blank string
        (3, [c("C3", 0, "s"), c("D3", 1, "s")]),
        (4, [c("C4", 2, "s"), c("D4", 3)]),
        (6, [c("C6", 3, "s"), c("D6", 5)]),
        (1000, [c("C1000", 4, "s")]),
        (None, [c("C1001", 5, "s"), c(None, 7)]),  # row 1001; the second cell is D
        (1003, [c("F1003", "")]),  # an empty value
    ]
    package("layout.xlsx", [("Layout", None)], [sheet(rows, dimension="A1:Z5000")], strings, styles({}, [0]))


def sheets_workbook():
    """Sheets in workbook order (not part order), hidden and very hidden
    ones, an empty sheet and a chart sheet."""
    strings = [t("first"), t("hidden"), t("very hidden"), t("second")]
    parts = [
        sheet([(1, [c("A1", 3, "s")])]),
        sheet([(1, [c("A1", 0, "s")])]),
        sheet([(1, [c("A1", 1, "s")])]),
        sheet([(1, [c("A1", 2, "s")])]),
        sheet([]),
    ]
    names = [("Second", None), ("First", None), ("Hidden", "hidden"), ("Very Hidden", "veryHidden"), ("Empty", None)]
    # Workbook order: First, Hidden, Second, Very Hidden, Empty, then the chart.
    order = [1, 2, 0, 3, 4]
    entries = [(names[i][0], f"rId{i + 1}", names[i][1]) for i in order]
    entries.append(("Chart", "rIdC", None))
    rels = [(f"rId{i + 1}", "worksheet", f"worksheets/sheet{i + 1}.xml") for i in range(len(parts))]
    rels.append(("rIdC", "chartsheet", "chartsheets/sheet1.xml"))
    chart = (HEAD + f'<chartsheet xmlns="{MAIN}" xmlns:r="{REL}"><sheetViews>'
             '<sheetView workbookViewId="0"/></sheetViews></chartsheet>')
    write("sheets.xlsx", [
        ("[Content_Types].xml", content_types(len(parts))),
        ("_rels/.rels", root_rels()),
        ("docProps/core.xml", core("Sheets")),
        ("xl/workbook.xml", workbook(entries)),
        ("xl/_rels/workbook.xml.rels", workbook_rels(rels)),
        ("xl/styles.xml", styles({}, [0])),
        ("xl/sharedStrings.xml", shared_strings(strings)),
        ("xl/chartsheets/sheet1.xml", chart),
    ] + [(f"xl/worksheets/sheet{i + 1}.xml", xml) for i, xml in enumerate(parts)])


def strict_workbook():
    """Strict OOXML: other namespace URIs for the same vocabulary."""
    strings = [t("Strict"), t("works")]
    rows = [(1, [c("A1", 0, "s"), c("B1", 1, "s")]), (2, [c("A2", 1.5), c("B2", 45351, style=1)])]
    rels = [("rId1", "worksheet", "/xl/worksheets/sheet1.xml")]
    write("strict.xlsx", [
        ("[Content_Types].xml", content_types(1)),
        ("_rels/.rels", root_rels(STRICT_REL)),
        ("docProps/core.xml", core("Strict")),
        ("xl/workbook.xml", workbook([("Strict", "rId1", None)], ns=STRICT_MAIN, rel=STRICT_REL)),
        ("xl/_rels/workbook.xml.rels", workbook_rels(rels, STRICT_REL)),
        ("xl/styles.xml", styles({}, [0, 14], ns=STRICT_MAIN)),
        ("xl/sharedStrings.xml", shared_strings(strings, ns=STRICT_MAIN)),
        ("xl/worksheets/sheet1.xml", sheet(rows, ns=STRICT_MAIN)),
    ])


def main():
    cells_workbook()
    formats_workbook()
    date1904_workbook()
    merged_workbook()
    layout_workbook()
    sheets_workbook()
    strict_workbook()


if __name__ == "__main__":
    main()
