#!/usr/bin/env python3
"""Writes the unusual but valid, and the damaged, Office Open XML packages
in TestDocuments/ that the dark-corner tests assert exact Markdown for:
PPTX and XLSX in ISO/IEC 29500 Strict, a deck whose parts sit at
non-default paths, a minimal deck without masters or layouts, Word
documents with damaged main, styles and auxiliary parts, and Word
documents with charts, SmartArt and embedded objects.

Every part is written byte by byte (no Office library), so that each
package is exactly as unusual as its name says.

Run from the project root: python3 Scripts/make-unusual-ooxml-fixtures.py
"""
import io
import os
import zipfile

ROOT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments")
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

# Transitional and Strict namespace URIs, by prefix.
TRANSITIONAL = {
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "s": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "w": "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    "c": "http://schemas.openxmlformats.org/drawingml/2006/chart",
    "dgm": "http://schemas.openxmlformats.org/drawingml/2006/diagram",
    "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    "rel": "http://schemas.openxmlformats.org/officeDocument/2006/relationships/",
}
STRICT = {
    "p": "http://purl.oclc.org/ooxml/presentationml/main",
    "a": "http://purl.oclc.org/ooxml/drawingml/main",
    "r": "http://purl.oclc.org/ooxml/officeDocument/relationships",
    "s": "http://purl.oclc.org/ooxml/spreadsheetml/main",
    "rel": "http://purl.oclc.org/ooxml/officeDocument/relationships/",
}
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
CONTENT_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
O = "urn:schemas-microsoft-com:office:office"
V = "urn:schemas-microsoft-com:vml"

PRESENTATION_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
SLIDE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
NOTES = "application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"
WORKBOOK_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
SHARED_STRINGS = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
DOCUMENT_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"


# MARK: - Packages

def rels(entries, ns):
    """entries: (id, kind, target) with kind relative to ns["rel"] or a full URI."""
    body = "".join(f'<Relationship Id="{rid}" Type="{kind if kind.startswith("http") else ns["rel"] + kind}" '
                   f'Target="{target}"/>' for rid, kind, target in entries)
    return HEAD + f'<Relationships xmlns="{PACKAGE_RELS}">{body}</Relationships>'


def content_types(overrides, defaults=()):
    items = ('<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             '<Default Extension="xml" ContentType="application/xml"/>')
    items += "".join(f'<Default Extension="{ext}" ContentType="{kind}"/>' for ext, kind in defaults)
    items += "".join(f'<Override PartName="/{name}" ContentType="{kind}"/>' for name, kind in overrides)
    return HEAD + f'<Types xmlns="{CONTENT_TYPES}">{items}</Types>'


def package_bytes(parts):
    """A ZIP package with [Content_Types].xml and _rels/.rels first."""
    first = ["[Content_Types].xml", "_rels/.rels"]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name in first + sorted(p for p in parts if p not in first):
            info = zipfile.ZipInfo(name, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            data = parts[name]
            z.writestr(info, data if isinstance(data, bytes) else data.encode("utf-8"))
    return buffer.getvalue()


def save(folder, name, parts):
    os.makedirs(os.path.join(ROOT, folder), exist_ok=True)
    with open(os.path.join(ROOT, folder, name), "wb") as f:
        f.write(package_bytes(parts))


# MARK: - Slides

def text_run(text):
    return f'<a:r><a:rPr lang="en-US"/><a:t>{text}</a:t></a:r>'


def shape(sid, name, paragraphs, ph=None, off=None):
    phx = f"<p:ph {ph}/>" if ph else ""
    xfrm = (f'<a:xfrm><a:off x="{off[0]}" y="{off[1]}"/><a:ext cx="1000000" cy="400000"/></a:xfrm>'
            if off else "")
    body = "".join(f"<a:p>{text_run(t)}</a:p>" for t in paragraphs)
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr/><p:nvPr>{phx}</p:nvPr></p:nvSpPr>'
            f'<p:spPr>{xfrm}</p:spPr><p:txBody><a:bodyPr/><a:lstStyle/>{body}</p:txBody></p:sp>')


def ole_frame(sid, name, rid, prog_id, object_name, off):
    return (f'<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="{sid}" name="{name}"/><p:cNvGraphicFramePr/><p:nvPr/>'
            f'</p:nvGraphicFramePr><p:xfrm><a:off x="{off[0]}" y="{off[1]}"/><a:ext cx="3000000" cy="1000000"/></p:xfrm>'
            '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">'
            f'<p:oleObj name="{object_name}" r:id="{rid}" imgW="3000000" imgH="1000000" progId="{prog_id}"><p:embed/></p:oleObj>'
            '</a:graphicData></a:graphic></p:graphicFrame>')


def slide(ns, shapes):
    return (HEAD + f'<p:sld xmlns:p="{ns["p"]}" xmlns:a="{ns["a"]}" xmlns:r="{ns["r"]}"><p:cSld><p:spTree>'
            '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            f'{"".join(shapes)}</p:spTree></p:cSld></p:sld>')


def notes_page(ns, text):
    return (HEAD + f'<p:notes xmlns:p="{ns["p"]}" xmlns:a="{ns["a"]}" xmlns:r="{ns["r"]}"><p:cSld><p:spTree>'
            '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            + shape(2, "Notes Placeholder 1", [text], ph='type="body" idx="1"')
            + '</p:spTree></p:cSld></p:notes>')


def presentation(ns, slide_ids):
    ids = "".join(f'<p:sldId id="{256 + n}" r:id="{rid}"/>' for n, rid in enumerate(slide_ids))
    return (HEAD + f'<p:presentation xmlns:p="{ns["p"]}" xmlns:a="{ns["a"]}" xmlns:r="{ns["r"]}">'
            f'<p:sldIdLst>{ids}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/>'
            '<p:notesSz cx="6858000" cy="9144000"/></p:presentation>')


def deck(ns, main, slides):
    """slides: (part, xml, rels entries, notes text or None), at the paths given."""
    folder = main.rsplit("/", 1)[0]
    parts = {}
    overrides = [(main, PRESENTATION_MAIN)]
    pres_rels = []
    for n, (part, xml, slide_rels, notes_text) in enumerate(slides, start=1):
        parts[part] = xml
        slide_folder, slide_name = part.rsplit("/", 1)
        entries = list(slide_rels)
        if notes_text is not None:
            notes_part = f"{slide_folder}/notes{n}.xml"
            parts[notes_part] = notes_page(ns, notes_text)
            entries.append(("rIdNotes", "notesSlide", f"notes{n}.xml"))
            overrides.append((notes_part, NOTES))
        if entries:
            parts[f"{slide_folder}/_rels/{slide_name}.rels"] = rels(entries, ns)
        pres_rels.append((f"rIdS{n}", "slide", os.path.relpath(part, folder)))
        overrides.append((part, SLIDE))
    main_name = main.rsplit("/", 1)[1]
    parts[main] = presentation(ns, [rid for rid, _, _ in pres_rels])
    parts[f"{folder}/_rels/{main_name}.rels"] = rels(pres_rels, ns)
    parts["_rels/.rels"] = rels([("rId1", "officeDocument", main)], ns)
    parts["[Content_Types].xml"] = content_types(overrides, [("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")])
    return parts


TITLE = 'type="title"'
BODY = 'type="body" idx="1"'


def strict_deck():
    """Strict namespaces and relationship types throughout, conventional paths."""
    ns = STRICT
    one = slide(ns, [shape(2, "Title 1", ["Strict deck"], ph=TITLE),
                     shape(3, "Content 2", ["Namespaces under purl.oclc.org"], ph=BODY)])
    two = slide(ns, [shape(2, "Title 1", ["Second slide"], ph=TITLE),
                     shape(3, "TextBox 2", ["Plain text box"], off=(500000, 2000000))])
    save("pptx", "strict.pptx", deck(ns, "ppt/presentation.xml", [
        ("ppt/slides/slide1.xml", one, [], "Strict notes"),
        ("ppt/slides/slide2.xml", two, [], None),
    ]))


def odd_paths_deck():
    """The main part and slides at names no convention predicts, found only
    through the package's and the presentation's relationships."""
    ns = TRANSITIONAL
    one = slide(ns, [shape(2, "Title 1", ["Found by relationship"], ph=TITLE),
                     shape(3, "Content 2", ["deck/s/one.xml"], ph=BODY)])
    two = slide(ns, [shape(2, "Title 1", ["Second part"], ph=TITLE),
                     shape(3, "Content 2", ["deck/s/two.xml"], ph=BODY)])
    save("pptx", "odd-paths.pptx", deck(ns, "deck/pres.xml", [
        ("deck/s/one.xml", one, [], "Notes at an odd path"),
        ("deck/s/two.xml", two, [], None),
    ]))


def strict_titles_deck():
    """Strict, at non-default paths, with slides whose only text is their
    titles: the titles are the deck's text."""
    ns = STRICT
    slides = [(f"show/s{n}.xml", slide(ns, [shape(2, "Title 1", [title], ph=TITLE)]), [], None)
              for n, title in enumerate(["Opening", "Closing"], start=1)]
    save("pptx", "strict-titles.pptx", deck(ns, "show/main.xml", slides))


def minimal_deck():
    """No master, no layout, no theme; a text box before the title, an
    embedded workbook in an OLE frame, and a slide of one text box."""
    ns = TRANSITIONAL
    one = slide(ns, [
        shape(3, "TextBox 2", ["Text box written first"], off=(500000, 2500000)),
        ole_frame(4, "Object 3", "rIdOle", "Excel.Sheet.12", "Quarterly figures", (500000, 4000000)),
        shape(2, "Title 1", ["Minimal deck"], ph=TITLE),
    ])
    two = slide(ns, [shape(2, "TextBox 1", ["Only a text box"], off=(0, 0))])
    parts = deck(ns, "ppt/presentation.xml", [
        ("ppt/slides/slide1.xml", one, [("rIdOle", "package", "../embeddings/Workbook1.xlsx")], None),
        ("ppt/slides/slide2.xml", two, [], None),
    ])
    parts["ppt/embeddings/Workbook1.xlsx"] = package_bytes(workbook_parts(TRANSITIONAL, "Figures", [["Quarter", "Total"], ["Q1", "42"]]))
    save("pptx", "minimal.pptx", parts)


def damaged_slide_deck():
    """A deck whose second slide part has a mismatched end tag and is cut
    off: a tolerant parse still reads its title and text."""
    ns = TRANSITIONAL
    one = slide(ns, [shape(2, "Title 1", ["Intact slide"], ph=TITLE)])
    two = slide(ns, [shape(2, "Title 1", ["Damaged slide"], ph=TITLE),
                     shape(3, "Content 2", ["Recovered point"], ph=BODY)])
    two = two.replace("<a:t>Recovered point</a:t></a:r>", "<a:t>Recovered point</a:t></a:x>")
    two = two[:two.index("</p:spTree>")]
    save("pptx", "damaged-slide.pptx", deck(ns, "ppt/presentation.xml", [
        ("ppt/slides/slide1.xml", one, [], None),
        ("ppt/slides/slide2.xml", two, [], None),
    ]))


# MARK: - Workbooks

def workbook_parts(ns, sheet_name, rows, conformance=""):
    strings = []

    def index(text):
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    body = ""
    for r, row in enumerate(rows, start=1):
        cells = ""
        for c, value in enumerate(row):
            ref = f"{'ABCDEFGH'[c]}{r}"
            if value.lstrip("-").replace(".", "", 1).isdigit():
                cells += f'<c r="{ref}"><v>{value}</v></c>'
            else:
                cells += f'<c r="{ref}" t="s"><v>{index(value)}</v></c>'
        body += f'<row r="{r}">{cells}</row>'
    sheet = HEAD + f'<worksheet xmlns="{ns["s"]}" xmlns:r="{ns["r"]}"><sheetData>{body}</sheetData></worksheet>'
    shared = (HEAD + f'<sst xmlns="{ns["s"]}" count="{len(strings)}" uniqueCount="{len(strings)}">'
              + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>")
    workbook = (HEAD + f'<workbook xmlns="{ns["s"]}" xmlns:r="{ns["r"]}"{conformance}><sheets>'
                f'<sheet name="{sheet_name}" sheetId="1" r:id="rId1"/></sheets></workbook>')
    return {
        "[Content_Types].xml": content_types([("xl/workbook.xml", WORKBOOK_MAIN), ("xl/worksheets/sheet1.xml", WORKSHEET),
                                              ("xl/sharedStrings.xml", SHARED_STRINGS)]),
        "_rels/.rels": rels([("rId1", "officeDocument", "xl/workbook.xml")], ns),
        "xl/workbook.xml": workbook,
        "xl/_rels/workbook.xml.rels": rels([("rId1", "worksheet", "worksheets/sheet1.xml"),
                                            ("rId2", "sharedStrings", "sharedStrings.xml")], ns),
        "xl/worksheets/sheet1.xml": sheet,
        "xl/sharedStrings.xml": shared,
    }


def strict_workbook():
    """Strict namespaces and relationship types, as Excel writes a
    workbook saved as Strict Open XML Spreadsheet."""
    parts = workbook_parts(STRICT, "Strict sheet", [["Item", "Count"], ["Apples", "3"], ["Pears", "-1.5"]],
                           conformance=' conformance="strict"')
    save("xlsx", "strict-excel.xlsx", parts)


# MARK: - Word documents

W_NS = (f'xmlns:w="{TRANSITIONAL["w"]}" xmlns:r="{TRANSITIONAL["r"]}" xmlns:wp="{TRANSITIONAL["wp"]}" '
        f'xmlns:a="{TRANSITIONAL["a"]}" xmlns:o="{O}" xmlns:v="{V}"')


def w_p(text, style=None):
    ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
    return f'<w:p>{ppr}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def word_document(body):
    return HEAD + f'<w:document {W_NS}><w:body>{body}<w:sectPr/></w:body></w:document>'


STYLES = (HEAD + f'<w:styles xmlns:w="{TRANSITIONAL["w"]}">'
          '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>'
          '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>'
          '</w:styles>')


def word_package(document, extra_rels=(), extra_parts=None, overrides=(), defaults=()):
    """extra_rels: (id, kind, target) from word/document.xml."""
    ns = TRANSITIONAL
    parts = {
        "[Content_Types].xml": content_types([("word/document.xml", DOCUMENT_MAIN)] + list(overrides), defaults),
        "_rels/.rels": rels([("rId1", "officeDocument", "word/document.xml")], ns),
        "word/document.xml": document,
        "word/_rels/document.xml.rels": rels(list(extra_rels), ns),
    }
    parts.update(extra_parts or {})
    return parts


def malformed_body():
    """A main part with a mismatched end tag and an element left open at
    the end: a tolerant parse still reads every paragraph's text."""
    body = (w_p("Quarterly report", style="Heading1") + w_p("The first paragraph is intact.")
            + '<w:p><w:r><w:t>A run whose end tag is wrong.</w:t></w:x></w:p>'
            + w_p("Text after the damage is kept.")
            + '<w:p><w:r><w:t>The last paragraph is never closed.</w:t></w:r>')
    document = HEAD + f'<w:document {W_NS}><w:body>{body}'
    save("docx", "malformed-body.docx", word_package(document, [("rIdStyles", "styles", "styles.xml")],
                                                      {"word/styles.xml": STYLES}))


def unreadable_body():
    """A main part that is not XML at all: nothing can be recovered."""
    save("docx", "unreadable-body.docx", word_package("\x00\x01 not xml at all"))


def damaged_parts():
    """Empty styles, truncated numbering, theme and comments: the body still
    converts, with default formatting, and each skipped part is named."""
    body = (w_p("Damaged parts", style="Heading1")
            + '<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
              '<w:r><w:t>Item with lost numbering</w:t></w:r></w:p>'
            + '<w:p><w:r><w:t>Body text with a comment</w:t></w:r><w:r><w:commentReference w:id="0"/></w:r></w:p>')
    extra = {
        "word/styles.xml": "",
        "word/numbering.xml": HEAD + f'<w:numbering xmlns:w="{TRANSITIONAL["w"]}"><w:abstractNum w:abstractNumId="0"><w:lvl',
        "word/theme/theme1.xml": HEAD + '<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:themeElements>',
        "word/comments.xml": HEAD + f'<w:comments xmlns:w="{TRANSITIONAL["w"]}"><w:comment w:id="0"><w:p><w:r><w:t>lost</w:t></w:comment>',
    }
    save("docx", "damaged-parts.docx", word_package(word_document(body), [
        ("rIdStyles", "styles", "styles.xml"), ("rIdNumbering", "numbering", "numbering.xml"),
        ("rIdTheme", "theme", "theme/theme1.xml"), ("rIdComments", "comments", "comments.xml"),
    ], extra))


def drawing_run(doc_id, name, uri, graphic):
    return (f'<w:r><w:drawing><wp:inline><wp:extent cx="5486400" cy="3200400"/><wp:docPr id="{doc_id}" name="{name}"/>'
            f'<a:graphic><a:graphicData uri="{uri}">{graphic}</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')


def chart_part(ns_c, ns_a):
    def series(index, name, values):
        categories = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(["North", "South"]))
        points = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(values))
        return (f'<c:ser><c:idx val="{index}"/><c:order val="{index}"/><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f>'
                f'<c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
                f'<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$3</c:f><c:strCache><c:ptCount val="2"/>{categories}</c:strCache></c:strRef></c:cat>'
                f'<c:val><c:numRef><c:f>Sheet1!$B$2:$B$3</c:f><c:numCache><c:formatCode>General</c:formatCode>'
                f'<c:ptCount val="2"/>{points}</c:numCache></c:numRef></c:val></c:ser>')
    return (HEAD + f'<c:chartSpace xmlns:c="{ns_c}" xmlns:a="{ns_a}"><c:chart>'
            '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Revenue by region</a:t></a:r></a:p></c:rich></c:tx></c:title>'
            '<c:plotArea><c:barChart><c:barDir val="col"/>' + series(0, "2023", ["12", "7"]) + series(1, "2024", ["15", "9"])
            + '</c:barChart></c:plotArea></c:chart></c:chartSpace>')


def diagram_part():
    def point(model, text=None, kind=None):
        attr = f' type="{kind}"' if kind else ""
        body = f'<dgm:t><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></dgm:t>' if text is not None else ""
        return f'<dgm:pt modelId="{model}"{attr}>{body}</dgm:pt>'

    def connection(model, source, destination, order):
        return f'<dgm:cxn modelId="{model}" srcId="{source}" destId="{destination}" srcOrd="{order}" destOrd="0"/>'
    return (HEAD + f'<dgm:dataModel xmlns:dgm="{TRANSITIONAL["dgm"]}" xmlns:a="{TRANSITIONAL["a"]}"><dgm:ptLst>'
            + point("{0}", kind="doc") + point("{1}", "Collect") + point("{2}", "Review") + point("{3}", "Publish")
            + '</dgm:ptLst><dgm:cxnLst>'
            + connection("{10}", "{0}", "{1}", 0) + connection("{11}", "{0}", "{2}", 1) + connection("{12}", "{0}", "{3}", 2)
            + '</dgm:cxnLst></dgm:dataModel>')


def chart_and_smartart():
    chart = drawing_run(1, "Chart 1", "http://schemas.openxmlformats.org/drawingml/2006/chart",
                        f'<c:chart xmlns:c="{TRANSITIONAL["c"]}" r:id="rIdChart"/>')
    smart = drawing_run(2, "Diagram 2", "http://schemas.openxmlformats.org/drawingml/2006/diagram",
                        f'<dgm:relIds xmlns:dgm="{TRANSITIONAL["dgm"]}" r:dm="rIdData" r:lo="rIdLo" r:qs="rIdQs" r:cs="rIdCs"/>')
    body = (w_p("Charts in Word") + f"<w:p>{chart}</w:p>" + w_p("Between the objects.") + f"<w:p>{smart}</w:p>"
            + w_p("After the diagram."))
    save("docx", "chart-smartart.docx", word_package(word_document(body), [
        ("rIdChart", "chart", "charts/chart1.xml"), ("rIdData", "diagramData", "diagrams/data1.xml"),
    ], {
        "word/charts/chart1.xml": chart_part(TRANSITIONAL["c"], TRANSITIONAL["a"]),
        "word/diagrams/data1.xml": diagram_part(),
    }, [("word/charts/chart1.xml", "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"),
        ("word/diagrams/data1.xml", "application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml")]))


def ole_objects():
    """An embedded workbook (a readable package) and a legacy OLE object
    (a compound file, named only), both in VML object runs."""
    def ole_run(shape_id, prog_id, rid, title):
        return (f'<w:r><w:object w:dxaOrig="4000" w:dyaOrig="1000">'
                f'<v:shape id="{shape_id}" type="#_x0000_t75" style="width:200pt;height:50pt" o:ole="">'
                f'<v:imagedata r:id="rIdPreview" o:title="{title}"/></v:shape>'
                f'<o:OLEObject Type="Embed" ProgID="{prog_id}" ShapeID="{shape_id}" DrawAspect="Content" '
                f'ObjectID="_1700000001" r:id="{rid}"/></w:object></w:r>')
    body = (w_p("Embedded objects") + f"<w:p>{ole_run('_x0000_i1025', 'Excel.Sheet.12', 'rIdSheet', 'Budget')}</w:p>"
            + w_p("Between the objects.") + f"<w:p>{ole_run('_x0000_i1026', 'Equation.3', 'rIdBin', '')}</w:p>")
    workbook = package_bytes(workbook_parts(TRANSITIONAL, "Budget", [["Line", "Amount"], ["Rent", "1200"]]))
    save("docx", "ole-objects.docx", word_package(word_document(body), [
        ("rIdSheet", "package", "embeddings/Microsoft_Excel_Worksheet.xlsx"),
        ("rIdBin", "oleObject", "embeddings/oleObject1.bin"),
        ("rIdPreview", "image", "media/image1.emf"),
    ], {
        "word/embeddings/Microsoft_Excel_Worksheet.xlsx": workbook,
        "word/embeddings/oleObject1.bin": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504,
        "word/media/image1.emf": b"\x01\x00\x00\x00" + b"\x00" * 60,
    }, defaults=[("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
                 ("bin", "application/vnd.openxmlformats-officedocument.oleObject"), ("emf", "image/x-emf")]))


if __name__ == "__main__":
    strict_deck()
    odd_paths_deck()
    strict_titles_deck()
    minimal_deck()
    damaged_slide_deck()
    strict_workbook()
    malformed_body()
    unreadable_body()
    damaged_parts()
    chart_and_smartart()
    ole_objects()
