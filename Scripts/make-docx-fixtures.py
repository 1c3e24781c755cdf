#!/usr/bin/env python3
"""Writes the small DOCX documents in TestDocuments/docx/ that the DOCX
tests assert exact Markdown for. Each document exercises one area.

Run from the project root: python3 Scripts/make-docx-fixtures.py
"""
import os
import zipfile

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "docx")
W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS = (f'xmlns:w="{W}" xmlns:r="{R}" '
      'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" '
      'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
      'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
      'xmlns:v="urn:schemas-microsoft-com:vml"')

STYLES = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="{W}">
  <w:docDefaults><w:rPrDefault><w:rPr/></w:rPrDefault></w:docDefaults>
  <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
  <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>
  <w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:rPr><w:b/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="MyChapter"><w:name w:val="My Chapter"/><w:basedOn w:val="Heading2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Outline3"><w:name w:val="Custom outline"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>
  <w:style w:type="paragraph" w:styleId="BoldBody"><w:name w:val="Bold Body"/><w:rPr><w:b/></w:rPr></w:style>
  <w:style w:type="character" w:styleId="Emph"><w:name w:val="Emphasis"/><w:rPr><w:i/></w:rPr></w:style>
  <w:style w:type="character" w:styleId="StrongChar"><w:name w:val="Strong"/><w:rPr><w:b/></w:rPr></w:style>
  <w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>
</w:styles>"""

NUMBERING = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="{W}">
  <w:abstractNum w:abstractNumId="0">
    <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
    <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%2)"/></w:lvl>
  </w:abstractNum>
  <w:abstractNum w:abstractNumId="1">
    <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>
    <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/></w:lvl>
  </w:abstractNum>
  <w:abstractNum w:abstractNumId="2">
    <w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
  </w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
  <w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>
  <w:num w:numId="4"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
</w:numbering>"""


def p(text="", style=None, runs=None, num=None, extra=""):
    ppr = ""
    if style or num:
        ppr = "<w:pPr>"
        if style:
            ppr += f'<w:pStyle w:val="{style}"/>'
        if num:
            ppr += f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
        ppr += "</w:pPr>"
    body = runs if runs is not None else (r(text) if text else "")
    return f"<w:p>{ppr}{body}{extra}</w:p>"


def r(text, props=""):
    rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
    return f'<w:r>{rpr}<w:t xml:space="preserve">{text}</w:t></w:r>'


def write(name, body, rels="", extra_parts=None, content_overrides=""):
    document = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document {NS}><w:body>{body}<w:sectPr/></w:body></w:document>"""
    doc_rels = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>
{rels}
</Relationships>"""
    content_types = f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="png" ContentType="image/png"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
{content_overrides}
</Types>"""
    root_rels = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
</Relationships>"""
    core = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>Fixture """ + name + """</dc:title><dc:creator>Ada Lovelace</dc:creator><dc:language>en-GB</dc:language>
<dcterms:created xsi:type="dcterms:W3CDTF">2024-05-01T10:00:00Z</dcterms:created>
</cp:coreProperties>"""
    path = os.path.join(OUT, name + ".docx")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for part, data in [("[Content_Types].xml", content_types), ("_rels/.rels", root_rels),
                           ("docProps/core.xml", core), ("word/document.xml", document),
                           ("word/_rels/document.xml.rels", doc_rels), ("word/styles.xml", STYLES),
                           ("word/numbering.xml", NUMBERING)] + list((extra_parts or {}).items()):
            info = zipfile.ZipInfo(part, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def headings_and_formatting():
    body = "".join([
        p("Document Title", "Title"),
        p("Introduction", "berschrift1"),
        p(runs=r("Plain, ") + r("bold", "<w:b/>") + r(", ") + r("italic", "<w:i/>") + r(", ")
          + r("struck", "<w:strike/>") + r(" and E=mc") + r("2", '<w:vertAlign w:val="superscript"/>')
          + r(" H") + r("2", '<w:vertAlign w:val="subscript"/>') + r("O.")),
        p("Custom chapter", "MyChapter"),
        p("Outline level three", "Outline3"),
        p(runs=r("Styled bold, ") + r("direct not bold", '<w:b w:val="0"/>') + r(", ") + r("toggled off", '<w:rStyle w:val="StrongChar"/>'), style="BoldBody"),
        p(runs=r("Char style ") + r("emphasis", '<w:rStyle w:val="Emph"/>') + r(" and 3 * 4 with snake_case.")),
        p(runs=r("Tab") + "<w:r><w:tab/></w:r>" + r("separated") + "<w:r><w:br/></w:r>" + r("next line")
          + '<w:r><w:sym w:font="Symbol" w:char="F061"/></w:r>' + r(" symbol")),
        p("Heading with bold style", "Heading2"),
        p(runs=r("Hidden ") + r("secret", "<w:vanish/>") + r("text.")),
    ])
    write("headings-formatting", body)


def lists():
    body = "".join([
        p("First", num=("1", 0)),
        p("Second", num=("1", 0)),
        p("Nested a", num=("1", 1)),
        p("Nested b", num=("1", 1)),
        p("Third", num=("1", 0)),
        p("Between lists."),
        p("Bullet one", num=("2", 0)),
        p("Bullet nested", num=("2", 1)),
        p("Bullet two", "ListBullet"),
        p("Starts at three", num=("3", 0)),
        p("Four", num=("3", 0)),
        p("Interrupting paragraph."),
        p("Continues at five", num=("3", 0)),
        p("Restarted at one", num=("4", 0)),
    ])
    write("lists", body)


def tc(text, props=""):
    tcpr = f"<w:tcPr>{props}</w:tcPr>" if props else ""
    return f"<w:tc>{tcpr}{p(text)}</w:tc>"


def tables():
    header = '<w:tr><w:trPr><w:tblHeader/></w:trPr>' + tc("Name") + tc("Q1") + tc("Q2") + "</w:tr>"
    row1 = "<w:tr>" + tc("Alpha", '<w:vMerge w:val="restart"/>') + tc("1") + tc("2") + "</w:tr>"
    row2 = "<w:tr>" + tc("", "<w:vMerge/>") + tc("3") + tc("4") + "</w:tr>"
    row3 = "<w:tr>" + tc("Total | all", '<w:gridSpan w:val="2"/>') + tc("10") + "</w:tr>"
    table = f"<w:tbl><w:tblPr/><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>{header}{row1}{row2}{row3}</w:tbl>"
    layout = "<w:tbl><w:tr>" + tc("Only cell text") + "</w:tr></w:tbl>"
    inner = "<w:tbl><w:tr>" + tc("in1") + tc("in2") + "</w:tr><w:tr>" + tc("in3") + tc("in4") + "</w:tr></w:tbl>"
    nested = "<w:tbl><w:tr>" + tc("Outer") + f"<w:tc>{p('Holds a table:')}{inner}</w:tc>" + "</w:tr><w:tr>" + tc("a") + tc("b") + "</w:tr></w:tbl>"
    multi = "<w:tbl><w:tr>" + tc("Key") + tc("Value") + "</w:tr><w:tr>" + tc("Lines") + f"<w:tc>{p('one')}{p('two')}</w:tc>" + "</w:tr></w:tbl>"
    write("tables", p("Quarterly") + table + p("After.") + layout + nested + multi)


def links_notes_changes():
    rels = ('<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" '
            'Target="https://example.com/a_b?x=1" TargetMode="External"/>'
            '<Relationship Id="rIdFoot" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>'
            '<Relationship Id="rIdEnd" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes" Target="endnotes.xml"/>'
            '<Relationship Id="rIdCom" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/>'
            '<Relationship Id="rIdImg" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/chart.png"/>')
    footnotes = f"""<?xml version="1.0" encoding="UTF-8"?><w:footnotes xmlns:w="{W}">
<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> A footnote with </w:t></w:r><w:r><w:rPr><w:i/></w:rPr><w:t>style</w:t></w:r><w:r><w:t>.</w:t></w:r></w:p></w:footnote>
</w:footnotes>"""
    endnotes = f"""<?xml version="1.0" encoding="UTF-8"?><w:endnotes xmlns:w="{W}">
<w:endnote w:id="1"><w:p><w:r><w:endnoteRef/></w:r><w:r><w:t xml:space="preserve"> An endnote.</w:t></w:r></w:p></w:endnote>
</w:endnotes>"""
    comments = f"""<?xml version="1.0" encoding="UTF-8"?><w:comments xmlns:w="{W}">
<w:comment w:id="0" w:author="Grace"><w:p><w:r><w:t>Check this.</w:t></w:r></w:p></w:comment>
</w:comments>"""
    png = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000")
    drawing = ('<w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="Sales chart"/>'
               '<a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="rIdImg"/></pic:blipFill></pic:pic>'
               '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>')
    textbox = ('<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wp:docPr id="2" name="Text Box"/>'
               '<a:graphic><a:graphicData><wps:wsp><wps:txbx><w:txbxContent>' + p("Text box content") +
               '</w:txbxContent></wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice>'
               '<mc:Fallback><w:pict><v:textbox><w:txbxContent>' + p("Text box content") +
               '</w:txbxContent></v:textbox></w:pict></mc:Fallback></mc:AlternateContent></w:r>')
    body = "".join([
        p(runs=r("See ") + '<w:hyperlink r:id="rIdLink"><w:r><w:t>the site</w:t></w:r></w:hyperlink>'
          + r(" and ") + '<w:hyperlink w:anchor="details"><w:r><w:t>details</w:t></w:r></w:hyperlink>' + r(".")),
        p(runs=r("Field link: ") + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://example.org/f" </w:instrText></w:r>'
          '<w:r><w:fldChar w:fldCharType="separate"/></w:r>' + r("field text") + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'
          + r(" and page ") + '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>' + r("7") + '<w:r><w:fldChar w:fldCharType="end"/></w:r>'),
        p(runs=r("Noted") + '<w:r><w:footnoteReference w:id="1"/></w:r>' + r(" and ended") + '<w:r><w:endnoteReference w:id="1"/></w:r>'
          + r(" with a remark") + '<w:r><w:commentReference w:id="0"/></w:r>' + r(".")),
        p(runs=r("Kept ") + '<w:ins w:id="5" w:author="x"><w:r><w:t>inserted </w:t></w:r></w:ins>'
          + '<w:del w:id="6" w:author="x"><w:r><w:delText>deleted </w:delText></w:r></w:del>' + r("text.")),
        '<w:sdt><w:sdtPr><w:alias w:val="Box"/></w:sdtPr><w:sdtContent>' + p("Inside a content control.") + "</w:sdtContent></w:sdt>",
        p(runs=drawing),
        p(runs=r("Before box.") + textbox),
        p(runs='<w:bookmarkStart w:id="9" w:name="details"/>' + r("Details here") + '<w:bookmarkEnd w:id="9"/>', style="Heading2"),
        p(runs='<w:bookmarkStart w:id="10" w:name="unused"/>' + r("No anchor for unused bookmarks.")),
        p(runs=r("Math ") + '<m:oMath><m:f><m:num><m:r><m:t>a</m:t></m:r></m:num><m:den><m:r><m:t>b</m:t></m:r></m:den></m:f></m:oMath>' + r(" inline.")),
    ])
    extra = {"word/footnotes.xml": footnotes, "word/endnotes.xml": endnotes, "word/comments.xml": comments,
             "word/media/chart.png": png}
    write("links-notes-changes", body, rels, extra)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    headings_and_formatting()
    lists()
    tables()
    links_notes_changes()
    print("wrote", sorted(os.listdir(OUT)))
