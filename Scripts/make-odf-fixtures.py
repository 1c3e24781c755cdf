#!/usr/bin/env python3
"""Writes the small OpenDocument files in TestDocuments/odf/ that the ODF
tests assert exact Markdown for. Each file exercises one area.

Run from the project root: python3 Scripts/make-odf-fixtures.py
"""
import os
import zipfile

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "odf")
NS = " ".join([
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
    'xmlns:xlink="http://www.w3.org/1999/xlink"',
    'xmlns:dc="http://purl.org/dc/elements/1.1/"',
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0"',
    'xmlns:math="http://www.w3.org/1998/Math/MathML"',
    'xmlns:xml="http://www.w3.org/XML/1998/namespace"',
])
MIMETYPES = {
    "odt": "application/vnd.oasis.opendocument.text",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
    "odp": "application/vnd.oasis.opendocument.presentation",
}
# A 1x1 transparent PNG.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


def meta(title, extra=""):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-meta {NS} office:version="1.3"><office:meta>
<dc:title>{title}</dc:title><meta:initial-creator>Ada Lovelace</meta:initial-creator>
<dc:creator>Charles Babbage</dc:creator><meta:creation-date>2024-05-01T10:00:00</meta:creation-date>
<dc:date>2024-06-02T11:30:00</dc:date><dc:language>en-GB</dc:language>{extra}
</office:meta></office:document-meta>"""


def styles_xml(named="", automatic="", master=""):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-styles {NS} office:version="1.3">
<office:styles>{named}</office:styles>
<office:automatic-styles>{automatic}</office:automatic-styles>
<office:master-styles>{master}</office:master-styles>
</office:document-styles>"""


def content_xml(body, automatic="", kind="text"):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document-content {NS} office:version="1.3">
<office:automatic-styles>{automatic}</office:automatic-styles>
<office:body><office:{kind}>{body}</office:{kind}></office:body>
</office:document-content>"""


def manifest(extension, extra=""):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">
<manifest:file-entry manifest:full-path="/" manifest:media-type="{MIMETYPES[extension]}"/>
<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>{extra}
</manifest:manifest>"""


def write(name, content, styles=None, meta_xml=None, extra_parts=None, manifest_xml=None):
    extension = name.rsplit(".", 1)[1]
    path = os.path.join(OUT, name)
    parts = []
    if manifest_xml is None:
        manifest_xml = manifest(extension)
    parts.append(("META-INF/manifest.xml", manifest_xml))
    if content is not None:
        parts.append(("content.xml", content))
    parts.append(("styles.xml", styles or styles_xml()))
    parts.append(("meta.xml", meta_xml or meta("Fixture " + name)))
    parts += list((extra_parts or {}).items())
    with zipfile.ZipFile(path, "w") as z:
        # The mimetype comes first and uncompressed, as ODF requires.
        info = zipfile.ZipInfo("mimetype", date_time=(2024, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        z.writestr(info, MIMETYPES[extension])
        for part, data in parts:
            info = zipfile.ZipInfo(part, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def style(name, family, parent=None, text="", extra=""):
    parent_attr = f' style:parent-style-name="{parent}"' if parent else ""
    props = f"<style:text-properties {text}/>" if text else ""
    return f'<style:style style:name="{name}" style:family="{family}"{parent_attr} {extra}>{props}</style:style>'


NAMED = "".join([
    style("Standard", "paragraph"),
    style("Heading", "paragraph", "Standard", 'fo:font-weight="bold"'),
    style("Heading_20_1", "paragraph", "Heading", 'fo:font-style="italic"',
          'style:display-name="Heading 1" style:default-outline-level="1"'),
    style("Heading_20_2", "paragraph", "Heading", "", 'style:display-name="Heading 2" style:default-outline-level="2"'),
    style("Heading_20_4", "paragraph", "Heading", "", 'style:display-name="Heading 4"'),
    style("Chapter", "paragraph", "Heading_20_2"),
    style("Title", "paragraph", "Heading"),
    style("Body_20_not_20_heading", "paragraph", "Heading_20_1", "", 'style:default-outline-level=""'),
    style("Bold_20_Body", "paragraph", "Standard", 'fo:font-weight="bold"', 'style:display-name="Bold Body"'),
    style("Emphasis", "text", None, 'fo:font-style="italic"'),
    style("Strong_20_Emphasis", "text", None, 'fo:font-weight="bold"'),
    style("Table_20_Heading", "paragraph", "Standard", 'fo:font-weight="bold"'),
    style("Contents_20_Heading", "paragraph", "Heading", "", 'style:default-outline-level=""'),
    '<text:list-style style:name="Numbering_20_123">'
    '<text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>'
    '</text:list-style>',
    style("Numbered_20_Para", "paragraph", "Standard", "", 'style:list-style-name="Numbering_20_123"'),
])

MASTER = """<style:master-page style:name="Standard" style:page-layout-name="pm1">
<style:header><text:p text:style-name="MP1">Running header</text:p></style:header>
<style:footer><text:p text:style-name="MP1">Page <text:page-number>1</text:page-number></text:p></style:footer>
</style:master-page>"""


def headings_formatting():
    automatic = "".join([
        style("P1", "paragraph", "Heading_20_1"),
        style("P2", "paragraph", "Bold_20_Body"),
        style("P3", "paragraph", "Standard", "", 'style:default-outline-level="3"'),
        style("T1", "text", None, 'fo:font-weight="bold"'),
        style("T2", "text", None, 'fo:font-style="italic"'),
        style("T3", "text", None, 'style:text-line-through-style="solid" style:text-line-through-type="single"'),
        style("T4", "text", None, 'style:text-position="super 58%"'),
        style("T5", "text", None, 'style:text-position="sub 58%"'),
        style("T6", "text", None, 'fo:font-weight="normal"'),
        style("T7", "text", None, 'text:display="none"'),
        style("T8", "text", None, 'style:text-position="-33% 100%"'),
        style("T9", "text", None, 'style:text-line-through-style="none"'),
        style("T10", "text", "Strong_20_Emphasis", 'fo:font-style="italic"'),
    ])
    body = "".join([
        '<text:p text:style-name="Title">Document Title</text:p>',
        '<text:h text:style-name="P1" text:outline-level="1">Introduction</text:h>',
        '<text:p text:style-name="Standard">Plain, <text:span text:style-name="T1">bold</text:span>, '
        '<text:span text:style-name="T2">italic</text:span>, <text:span text:style-name="T3">struck</text:span> and '
        'E=mc<text:span text:style-name="T4">2</text:span> H<text:span text:style-name="T5">2</text:span>O, '
        'x<text:span text:style-name="T8">i</text:span>.</text:p>',
        '<text:p text:style-name="Chapter">Custom chapter</text:p>',
        '<text:p text:style-name="P3">Outline level three</text:p>',
        '<text:p text:style-name="Heading_20_4">Named heading four</text:p>',
        '<text:h text:style-name="Heading_20_2" text:outline-level="2">Heading with <text:span text:style-name="T2">bold</text:span> style</text:h>',
        '<text:p text:style-name="Body_20_not_20_heading">Body text under a heading style</text:p>',
        '<text:p text:style-name="P2">Styled bold, <text:span text:style-name="T6">not bold</text:span></text:p>',
        '<text:p>Nested <text:span text:style-name="Strong_20_Emphasis">strong and '
        '<text:span text:style-name="T6">normal</text:span></text:span> and '
        '<text:span text:style-name="T10">inherited</text:span> and '
        '<text:span text:style-name="Emphasis">named style</text:span>'
        ' <text:span text:style-name="T9">not struck</text:span>.</text:p>',
        '<text:p>  Collapsed\n   white   space, <text:s text:c="3"/>three spaces,'
        '<text:tab/>tab<text:soft-page-break/> and<text:line-break/>break.</text:p>',
        '<text:p>Shown<text:span text:style-name="T7"> hidden</text:span> text with 3 * 4 and snake_case.</text:p>',
        '<text:p/>',
        '<text:h text:outline-level="2"/>',
    ])
    write("headings-formatting.odt", content_xml(body, automatic),
          styles=styles_xml(NAMED, style("MP1", "paragraph", "Standard"), MASTER))


def lists():
    automatic = "".join([
        '<text:list-style style:name="L1">'
        '<text:list-level-style-number text:level="1" style:num-format="1" style:num-suffix="."/>'
        '<text:list-level-style-number text:level="2" style:num-format="a" style:num-suffix=")"/>'
        '</text:list-style>',
        '<text:list-style style:name="L2">'
        '<text:list-level-style-bullet text:level="1" text:bullet-char="•"/>'
        '<text:list-level-style-bullet text:level="2" text:bullet-char="◦"/>'
        '</text:list-style>',
        '<text:list-style style:name="L3">'
        '<text:list-level-style-number text:level="1" style:num-format="1" text:start-value="3"/>'
        '</text:list-style>',
        '<text:list-style style:name="L4">'
        '<text:list-level-style-number text:level="1" style:num-format=""/>'
        '<text:list-level-style-bullet text:level="2" text:bullet-char="•"/>'
        '</text:list-style>',
        style("P1", "paragraph", "Numbered_20_Para"),
    ])

    def item(text, inner="", start=None):
        start_attr = f' text:start-value="{start}"' if start else ""
        return f'<text:list-item{start_attr}><text:p>{text}</text:p>{inner}</text:list-item>'

    body = "".join([
        '<text:list text:style-name="L1">',
        item("First"),
        item("Second", '<text:list>' + item("Nested a") + item("Nested b") + '</text:list>'),
        item("Third"),
        '</text:list>',
        '<text:p>Between lists.</text:p>',
        '<text:list text:style-name="L2">',
        '<text:list-header><text:p>A list header</text:p></text:list-header>',
        item("Bullet one", '<text:list>' + item("Bullet nested") + '</text:list>'),
        item("Bullet two"),
        '</text:list>',
        '<text:list text:style-name="L2">',
        '<text:list-item><text:list>' + item("Deeper item continues the bullet above") + '</text:list></text:list-item>',
        item("Bullet three"),
        '</text:list>',
        '<text:p>Level style starts at three:</text:p>',
        '<text:list xml:id="list-a" text:style-name="L3">' + item("Three") + item("Four") + '</text:list>',
        '<text:p>Interrupting paragraph.</text:p>',
        '<text:list text:continue-numbering="true" text:style-name="L3">' + item("Continues at five") + '</text:list>',
        '<text:p>Another interruption.</text:p>',
        '<text:list text:continue-list="list-a" text:style-name="L3">' + item("Continues the named list at six") + '</text:list>',
        '<text:list text:style-name="L3">' + item("Restarts at three") + item("Jumps to ten", start=10) + item("Eleven") + '</text:list>',
        '<text:list text:style-name="L4">' + item("Unnumbered level reads as a paragraph",
                                                  '<text:list>' + item("but its sublist is bulleted") + '</text:list>') + '</text:list>',
        '<text:list>' + '<text:list-item><text:p text:style-name="P1">Style from the paragraph</text:p></text:list-item>'
        + '<text:list-item><text:p text:style-name="P1">Second numbered</text:p></text:list-item>' + '</text:list>',
        '<text:list text:style-name="L1"><text:list-item><text:h text:outline-level="2">Numbered heading</text:h></text:list-item></text:list>',
    ])
    write("lists.odt", content_xml(body, automatic), styles=styles_xml(NAMED))


def tables():
    def cell(text, attrs="", style=None):
        p_style = f' text:style-name="{style}"' if style else ""
        return f'<table:table-cell {attrs}><text:p{p_style}>{text}</text:p></table:table-cell>'

    covered = '<table:covered-table-cell/>'
    body = "".join([
        '<text:p>Quarterly</text:p>',
        '<table:table table:name="Sales"><table:table-column table:number-columns-repeated="3"/>',
        '<table:table-header-rows><table:table-row>',
        cell("Name", style="Table_20_Heading"), cell("Q1", style="Table_20_Heading"), cell("Q2", style="Table_20_Heading"),
        '</table:table-row></table:table-header-rows>',
        '<table:table-row>', cell("Alpha", 'table:number-rows-spanned="2"'), cell("1"), cell("2"), '</table:table-row>',
        '<table:table-row>', covered, cell("3"), cell("4"), '</table:table-row>',
        '<table:table-row>', cell("Total | all", 'table:number-columns-spanned="2"'), covered, cell("10"), '</table:table-row>',
        '<table:table-row table:number-rows-repeated="2">', cell("same"), cell("row"),
        '<table:table-cell table:number-columns-repeated="4"/>', '</table:table-row>',
        '</table:table>',
        '<text:p>After.</text:p>',
        '<table:table table:name="Layout"><table:table-column/><table:table-row>',
        cell("Only cell text"),
        '</table:table-row></table:table>',
        '<table:table table:name="Outer"><table:table-column table:number-columns-repeated="2"/><table:table-row>',
        cell("Outer"),
        '<table:table-cell><text:p>Holds a table:</text:p><table:table table:name="Inner">'
        '<table:table-column table:number-columns-repeated="2"/>'
        '<table:table-row>' + cell("in1") + cell("in2") + '</table:table-row>'
        '<table:table-row>' + cell("in3") + cell("in4") + '</table:table-row>'
        '</table:table></table:table-cell>',
        '</table:table-row><table:table-row>', cell("a"), cell("b"), '</table:table-row></table:table>',
        '<table:table table:name="Lines"><table:table-column table:number-columns-repeated="2"/>',
        '<table:table-row>', cell("Key"), cell("Value"), '</table:table-row>',
        '<table:table-row>', cell("Lines"), '<table:table-cell><text:p>one<text:line-break/>two</text:p><text:p>three</text:p></table:table-cell>',
        '</table:table-row></table:table>',
    ])
    write("tables.odt", content_xml(body), styles=styles_xml(NAMED))


def links_notes_images():
    automatic = style("Sect1", "section")
    body = "".join([
        '<text:tracked-changes><text:changed-region xml:id="ct1" text:id="ct1"><text:deletion>'
        '<office:change-info><dc:creator>Editor</dc:creator><dc:date>2024-01-01T00:00:00</dc:date></office:change-info>'
        '<text:p>removed words</text:p></text:deletion></text:changed-region>'
        '<text:changed-region xml:id="ct2" text:id="ct2"><text:insertion><office:change-info>'
        '<dc:creator>Editor</dc:creator><dc:date>2024-01-01T00:00:00</dc:date></office:change-info>'
        '</text:insertion></text:changed-region></text:tracked-changes>',
        '<text:sequence-decls><text:sequence-decl text:display-outline-level="0" text:name="Figure"/></text:sequence-decls>',
        '<text:table-of-content text:name="Table of Contents1"><text:table-of-content-source text:outline-level="10">'
        '<text:index-title-template>Contents</text:index-title-template></text:table-of-content-source>'
        '<text:index-body><text:index-title text:name="Table of Contents1_Head">'
        '<text:p text:style-name="Contents_20_Heading">Contents</text:p></text:index-title>'
        '<text:p><text:a xlink:type="simple" xlink:href="#__RefHeading__1_1">Details here<text:tab/>2</text:a></text:p>'
        '<text:p><text:a xlink:type="simple" xlink:href="#Second chapter|outline">1.2 Second chapter<text:tab/>iv</text:a></text:p>'
        '</text:index-body></text:table-of-content>',
        '<text:p>See <text:a xlink:type="simple" xlink:href="https://example.com/a_b?x=1">the site</text:a>, '
        '<text:a xlink:href="#details">the details</text:a>, <text:a xlink:href="#Second chapter|outline">the second chapter</text:a>, '
        '<text:bookmark-ref text:reference-format="text" text:ref-name="spot">the spot</text:bookmark-ref> '
        'and <text:a xlink:href="#nowhere">a dead link</text:a>.</text:p>',
        '<text:h text:outline-level="1"><text:bookmark-start text:name="__RefHeading__1_1"/>Details here'
        '<text:bookmark-end text:name="__RefHeading__1_1"/></text:h>',
        '<text:p><text:bookmark text:name="details"/>Noted<text:note text:id="ftn1" text:note-class="footnote">'
        '<text:note-citation>1</text:note-citation><text:note-body><text:p>A footnote.</text:p></text:note-body></text:note>'
        ' and ended<text:note text:id="edn1" text:note-class="endnote"><text:note-citation>i</text:note-citation>'
        '<text:note-body><text:p>An endnote.</text:p></text:note-body></text:note>'
        ' with a remark<office:annotation><dc:creator>Grace Hopper</dc:creator><dc:date>2024-01-02T00:00:00</dc:date>'
        '<text:p>Check this.</text:p></office:annotation>.</text:p>',
        '<text:p>Kept<text:change text:change-id="ct1"/> <text:change-start text:change-id="ct2"/>inserted'
        '<text:change-end text:change-id="ct2"/> text at the <text:bookmark-start text:name="spot"/>spot<text:bookmark-end text:name="spot"/>.</text:p>',
        '<text:section text:style-name="Sect1" text:name="Section1"><text:p>Inside a section.</text:p></text:section>',
        '<text:section text:name="Hidden" text:display="none"><text:p>Hidden section text.</text:p></text:section>',
        '<text:p>Chart: <draw:frame draw:name="Image1" text:anchor-type="as-char" svg:width="1cm" svg:height="1cm">'
        '<draw:image xlink:href="Pictures/chart.png" xlink:type="simple"/><svg:title>Chart title</svg:title>'
        '<svg:desc>Sales chart</svg:desc></draw:frame> and '
        '<draw:frame draw:name="Image2"><draw:image xlink:href="https://example.org/logo.png"/>'
        '<svg:title>Remote logo</svg:title></draw:frame>.</text:p>',
        '<text:p>Before box.<draw:frame draw:name="Box" text:anchor-type="paragraph"><draw:text-box>'
        '<text:p>Text box content</text:p><text:list><text:list-item><text:p>Box item</text:p></text:list-item></text:list>'
        '</draw:text-box></draw:frame></text:p>',
        '<text:p>Formula <draw:frame draw:name="Object1"><draw:object xlink:href="./Object 1"/>'
        '<draw:image xlink:href="./ObjectReplacements/Object 1"/></draw:frame> inline.</text:p>',
        '<text:h text:outline-level="1">1.2 Second chapter</text:h>',
    ])
    formula = """<?xml version="1.0" encoding="UTF-8"?>
<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup>
<mo>+</mo><mfrac><mn>1</mn><mi>y</mi></mfrac><mo>=</mo><msqrt><mi>α</mi></msqrt></mrow>
<annotation encoding="StarMath 5.0">x^2 + 1 over y = sqrt alpha</annotation></semantics></math>"""
    write("links-notes.odt", content_xml(body, automatic), styles=styles_xml(NAMED),
          extra_parts={"Pictures/chart.png": PNG, "Object 1/content.xml": formula,
                       "ObjectReplacements/Object 1": b"\x00\x01"})


def spreadsheet():
    automatic = "".join([
        '<style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>',
        '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>',
        style("T1", "text", None, 'fo:font-weight="bold"'),
    ])

    def c(text=None, attrs="", kind="string"):
        if text is None:
            return f'<table:table-cell {attrs}/>'
        return f'<table:table-cell office:value-type="{kind}" {attrs}><text:p>{text}</text:p></table:table-cell>'

    def v(kind, attrs):
        return f'<table:table-cell office:value-type="{kind}" {attrs}/>'

    empty_row = '<table:table-row table:number-rows-repeated="{n}"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>'
    data = "".join([
        '<table:table table:name="Data" table:style-name="ta1">',
        '<table:table-column table:number-columns-repeated="2"/>',
        '<table:table-column table:visibility="collapse"/>',
        '<table:table-column table:number-columns-repeated="16381"/>',
        empty_row.format(n=2),
        '<table:table-row>', c(None, 'table:number-columns-repeated="1"'), c("Item"), c("Secret column"), c("Value"), c("Shown as"),
        '<table:table-cell table:number-columns-repeated="16379"/></table:table-row>',
        '<table:table-row>', c(), c("Float"), c("x"), v("float", 'office:value="3.5"'), c("3,50 €", 'office:value="3.5" office:currency="EUR"', kind="currency"), '</table:table-row>',
        '<table:table-row>', c(), c("Percent"), c("x"), v("percentage", 'office:value="0.125"'), v("currency", 'office:value="12" office:currency="USD"'), '</table:table-row>',
        '<table:table-row>', c(), c("Date"), c("x"), v("date", 'office:date-value="2024-02-29"'), v("time", 'office:time-value="PT13H05M09S"'), '</table:table-row>',
        '<table:table-row>', c(), c("Boolean"), c("x"), v("boolean", 'office:boolean-value="true"'),
        '<table:table-cell><text:p>Rich <text:span text:style-name="T1">bold</text:span> text</text:p><text:p>second line</text:p></table:table-cell>',
        '</table:table-row>',
        '<table:table-row table:visibility="collapse">', c(), c("Hidden row"), '</table:table-row>',
        '<table:table-row>', c(), c("Merged across", 'table:number-columns-spanned="2"'), '<table:covered-table-cell><text:p>covered</text:p></table:covered-table-cell>',
        c("Tall", 'table:number-rows-spanned="2"'), c("note", ''), '</table:table-row>',
        '<table:table-row>', c(), '<table:table-cell office:value-type="string"><office:annotation><dc:creator>Ada</dc:creator>'
        '<text:p>Check the total.</text:p></office:annotation><text:p>Annotated</text:p></table:table-cell>', '</table:table-row>',
        '<table:table-row table:number-rows-repeated="3">', c(), c("Repeated | row"), '<table:table-cell table:number-columns-repeated="16382"/></table:table-row>',
        empty_row.format(n=1048000),
        '</table:table>',
    ])
    hidden = '<table:table table:name="Hidden" table:style-name="ta2"><table:table-row>' + c("Hidden sheet text") + '</table:table-row></table:table>'
    empty = '<table:table table:name="Empty"><table:table-column table:number-columns-repeated="1024"/>' + empty_row.format(n=1048576) + '</table:table>'
    big = ('<table:table table:name="Big"><table:table-row>' + c("Head") + '</table:table-row>'
           '<table:table-row table:number-rows-repeated="5000">' + c("again") + '</table:table-row>'
           '<table:table-row>' + c("last") + '</table:table-row></table:table>')
    write("sheets.ods", content_xml(data + hidden + empty + big, automatic, kind="spreadsheet"),
          meta_xml=meta("Workbook fixture", "<meta:keyword>finance, quarterly</meta:keyword><meta:keyword>budget</meta:keyword>"
                        "<dc:subject>Numbers</dc:subject>"))


def durations():
    """Times and durations a day-wrapping or unsigned display gets wrong,
    and a sheet whose first row is numbers."""
    def time_style(name, parts, extra=""):
        return f'<number:time-style style:name="{name}" {extra}>{parts}</number:time-style>'
    hms = ('<number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/>'
           '<number:text>:</number:text><number:seconds number:style="long"{decimals}/>')
    automatic = "".join([
        time_style("N1", hms.format(decimals=""), 'number:truncate-on-overflow="false"'),
        time_style("N2", hms.format(decimals="")),
        time_style("N3", '<number:hours/><number:text>:</number:text><number:minutes number:style="long"/>'
                         '<number:text>:</number:text><number:seconds number:style="long"/>'),
        time_style("N4", hms.format(decimals=' number:decimal-places="2"')),
        time_style("N5", '<number:hours number:style="long"/><number:text>:</number:text><number:minutes number:style="long"/>'),
        style("ce1", "table-cell", extra='style:data-style-name="N1"'),
        style("ce2", "table-cell", extra='style:data-style-name="N2"'),
        style("ce3", "table-cell", extra='style:data-style-name="N3"'),
        style("ce4", "table-cell", extra='style:data-style-name="N4"'),
        style("ce5", "table-cell", extra='style:data-style-name="N5"'),
    ])

    def s(text):
        return f'<table:table-cell office:value-type="string"><text:p>{text}</text:p></table:table-cell>'

    def t(value, shown=None, cell_style=None):
        attrs = f' table:style-name="{cell_style}"' if cell_style else ""
        inner = f"<text:p>{shown}</text:p>" if shown is not None else ""
        return f'<table:table-cell{attrs} office:value-type="time" office:time-value="{value}">{inner}</table:table-cell>'

    def row(*cells):
        return "<table:table-row>" + "".join(cells) + "</table:table-row>"

    times = "".join([
        '<table:table table:name="Times">',
        row(s("Case"), s("Value")),
        row(s("Day and hours, elapsed style"), t("P1DT2H", "02:00:00", "ce1")),
        row(s("Two weeks, wrapping style"), t("PT336H00M00S", "00:00:00", "ce2")),
        row(s("Minus 65 minutes"), t("-PT1H05M00S", "01:05:00", "ce3")),
        row(s("Fraction, no decimals shown"), t("PT10H10M10.5S", "10:10:11", "ce2")),
        row(s("Fraction, two decimals"), t("PT0H0M1.257S", "00:00:01.26", "ce4")),
        row(s("Hours and minutes"), t("PT13H05M00S", "13:05", "ce5")),
        row(s("Months, no fixed length"), t("P1Y2M", "00:00:00", "ce2")),
        row(s("No text, no style"), t("P2DT30M")),
        row(s("Weeks, no text"), t("P2W")),
        "</table:table>",
    ])
    numbers = "".join([
        '<table:table table:name="Numbers">',
        row('<table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell>',
            t("PT1H", "01:00:00", "ce2")),
        row('<table:table-cell office:value-type="float" office:value="2"><text:p>2</text:p></table:table-cell>',
            t("PT2H", "02:00:00", "ce2")),
        "</table:table>",
    ])
    write("durations.ods", content_xml(times + numbers, automatic, kind="spreadsheet"))


def presentation():
    automatic = "".join([
        '<style:style style:name="dp1" style:family="drawing-page"><style:drawing-page-properties presentation:display-footer="true"/></style:style>',
        '<style:style style:name="dp2" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden" presentation:display-footer="true"/></style:style>',
        '<text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="●"/>'
        '<text:list-level-style-number text:level="2" style:num-format="1" style:num-suffix="."/></text:list-style>',
        '<text:list-style style:name="L2"><text:list-level-style-bullet text:level="1" text:bullet-char="●"/></text:list-style>',
        style("T1", "text", None, 'fo:font-weight="bold"'),
    ])

    def frame(cls, x, y, inner, extra=""):
        cls_attr = f' presentation:class="{cls}"' if cls else ""
        return f'<draw:frame{cls_attr} svg:x="{x}" svg:y="{y}" svg:width="5cm" svg:height="2cm"{extra}>{inner}</draw:frame>'

    def box(inner):
        return f'<draw:text-box>{inner}</draw:text-box>'

    def li(text, inner=""):
        return f'<text:list-item><text:p>{text}</text:p>{inner}</text:list-item>'

    slide1 = "".join([
        '<draw:page draw:name="page1" draw:style-name="dp1" draw:master-page-name="Default" presentation:use-footer-name="ftr1">',
        frame("outline", "1cm", "4cm", box(
            '<text:list text:style-name="L1">' + li("Point one") + li("Point two", '<text:list>' + li("Step 1") + li("Step 2") + '</text:list>') + '</text:list>'
            '<text:list text:style-name="L1">' + li("Point three") + '</text:list>')),
        frame("title", "1cm", "1cm", box('<text:p>Quarterly <text:span text:style-name="T1">Review</text:span></text:p>')),
        frame("subtitle", "1cm", "2.5cm", box('<text:p>Second quarter</text:p>')),
        frame(None, "12cm", "9cm", '<draw:image xlink:href="Pictures/logo.png"/><svg:desc>Company logo</svg:desc>'),
        '<draw:custom-shape svg:x="1cm" svg:y="9cm" svg:width="3cm" svg:height="1cm"><text:p>Shape text</text:p>'
        '<draw:enhanced-geometry draw:type="rectangle"/></draw:custom-shape>',
        frame(None, "1cm", "12cm", '<table:table><table:table-column table:number-columns-repeated="2"/>'
              '<table:table-row><table:table-cell><text:list text:style-name="L2"><text:list-item><text:p>Region</text:p></text:list-item></text:list></table:table-cell>'
              '<table:table-cell><text:p>Total</text:p></table:table-cell></table:table-row>'
              '<table:table-row><table:table-cell><text:p>North</text:p></table:table-cell><table:table-cell><text:p>42</text:p></table:table-cell></table:table-row>'
              '</table:table>'),
        frame("footer", "1cm", "18cm", box('<text:p><presentation:footer/></text:p>')),
        frame("page-number", "20cm", "18cm", box('<text:p><text:page-number>1</text:page-number></text:p>')),
        '<presentation:notes><draw:page-thumbnail presentation:class="page"/>',
        frame("notes", "1cm", "14cm", box('<text:p>Speak slowly.</text:p><text:p>Mention <text:span text:style-name="T1">growth</text:span>.</text:p>')),
        '</presentation:notes></draw:page>',
    ])
    slide2 = "".join([
        '<draw:page draw:name="page2" draw:style-name="dp1" draw:master-page-name="Default" presentation:use-footer-name="ftr1">',
        frame(None, "10cm", "5cm", box('<text:p>Right box</text:p>')),
        frame(None, "1cm", "5.2cm", box('<text:p>Left box</text:p>')),
        frame(None, "1cm", "1cm", box('<text:p>Top box</text:p>')),
        '<draw:g><draw:custom-shape svg:x="5cm" svg:y="15cm" svg:width="1cm" svg:height="1cm"><text:p>Group B</text:p></draw:custom-shape>'
        '<draw:custom-shape svg:x="2cm" svg:y="15cm" svg:width="1cm" svg:height="1cm"><text:p>Group A</text:p></draw:custom-shape></draw:g>',
        '<office:annotation><dc:creator>Reviewer</dc:creator><text:p>Fix the layout.</text:p></office:annotation>',
        '</draw:page>',
    ])
    slide3 = "".join([
        '<draw:page draw:name="page3" draw:style-name="dp2" draw:master-page-name="Default">',
        frame("title", "1cm", "1cm", box('<text:p>Backup</text:p>')),
        frame("outline", "1cm", "4cm", box('<text:list text:style-name="L1">' + li("Only point") + '</text:list>')),
        '</draw:page>',
    ])
    body = '<presentation:footer-decl presentation:name="ftr1">ACME confidential</presentation:footer-decl>' + slide1 + slide2 + slide3
    master = ('<style:master-page style:name="Default"><draw:frame presentation:class="footer" svg:x="1cm" svg:y="18cm">'
              '<draw:text-box><text:p>Master footer</text:p></draw:text-box></draw:frame></style:master-page>')
    write("slides.odp", content_xml(body, automatic, kind="presentation"),
          styles=styles_xml(NAMED, "", master), extra_parts={"Pictures/logo.png": PNG})


def master_text():
    # Two slides with no text of their own, on a master that holds a title
    # placeholder (sample text, not shown) and two text shapes that are not
    # placeholders: they are written once, with the first slide.
    page = '<draw:page draw:name="page{n}" draw:master-page-name="Branded"></draw:page>'
    body = page.format(n=1) + page.format(n=2)
    master = ('<style:master-page style:name="Branded">'
              '<draw:frame presentation:class="title" svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="2cm">'
              '<draw:text-box><text:p>Click to add a title</text:p></draw:text-box></draw:frame>'
              '<draw:frame svg:x="1cm" svg:y="17cm" svg:width="8cm" svg:height="1cm">'
              '<draw:text-box><text:p>Acme Research</text:p></draw:text-box></draw:frame>'
              '<draw:custom-shape svg:x="20cm" svg:y="17cm" svg:width="3cm" svg:height="1cm"><text:p>Draft</text:p>'
              '<draw:enhanced-geometry draw:type="rectangle"/></draw:custom-shape>'
              # A slide number in a plain frame is a field, not text to repeat.
              '<draw:frame svg:x="24cm" svg:y="17cm" svg:width="2cm" svg:height="1cm"><draw:text-box>'
              '<text:p><text:page-number>&lt;number&gt;</text:page-number></text:p></draw:text-box></draw:frame>'
              '</style:master-page>')
    write("master-text.odp", content_xml(body, "", kind="presentation"), styles=styles_xml("", "", master))


def broken_packages():
    body = '<text:p>Secret</text:p>'
    encrypted_entry = """
<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>"""
    encrypted_manifest = manifest("odt").replace(
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>',
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml" manifest:size="120">'
        '<manifest:encryption-data manifest:checksum-type="SHA1/1K" manifest:checksum="AAAA">'
        '<manifest:algorithm manifest:algorithm-name="Blowfish CFB" manifest:initialisation-vector="AAAA"/>'
        '<manifest:key-derivation manifest:key-derivation-name="PBKDF2" manifest:iteration-count="1024" manifest:salt="AAAA"/>'
        '</manifest:encryption-data></manifest:file-entry>' + encrypted_entry)
    write("encrypted.odt", "\x00garbage that is not XML", manifest_xml=encrypted_manifest)
    write("missing-content.odt", None)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    headings_formatting()
    lists()
    tables()
    links_notes_images()
    spreadsheet()
    durations()
    presentation()
    master_text()
    broken_packages()
