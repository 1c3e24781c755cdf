#!/usr/bin/env python3
"""Writes the small PowerPoint decks in TestDocuments/pptx/ that the PPTX
tests assert exact Markdown for. Each deck exercises one area; all share a
minimal master with three layouts (title, title and content, section).

Run from the project root: python3 Scripts/make-pptx-fixtures.py
"""
import os
import struct
import zipfile
import zlib

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "pptx")
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
NS = (f'xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"')
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


# MARK: - Shapes

def run(text, b=False, i=False, strike=False, baseline=None, link=None, action=None, sym=None):
    attrs = ' lang="en-US"'
    if b:
        attrs += ' b="1"'
    if i:
        attrs += ' i="1"'
    if strike:
        attrs += ' strike="sngStrike"'
    if baseline is not None:
        attrs += f' baseline="{baseline}"'
    inner = ""
    if sym:
        inner += f'<a:sym typeface="{sym}"/>'
    if link is not None:
        act = f' action="{action}"' if action else ""
        inner += f'<a:hlinkClick r:id="{link}"{act}/>'
    rpr = f"<a:rPr{attrs}>{inner}</a:rPr>" if inner else f"<a:rPr{attrs}/>"
    return f"<a:r>{rpr}<a:t>{text}</a:t></a:r>"


def para(*runs, lvl=None, bu=None):
    """bu: None (inherit), "none", "char" or ("auto", scheme, startAt or None)."""
    attrs = f' lvl="{lvl}"' if lvl is not None else ""
    bullet = ""
    if bu == "none":
        bullet = "<a:buNone/>"
    elif bu == "char":
        bullet = '<a:buFont typeface="Arial"/><a:buChar char="&#8226;"/>'
    elif isinstance(bu, tuple):
        start = f' startAt="{bu[2]}"' if bu[2] else ""
        bullet = f'<a:buAutoNum type="{bu[1]}"{start}/>'
    ppr = f"<a:pPr{attrs}>{bullet}</a:pPr>" if attrs or bullet else ""
    body = "".join(r if r.startswith("<") else run(r) for r in runs)
    return f"<a:p>{ppr}{body}<a:endParaRPr lang=\"en-US\"/></a:p>"


def xfrm(off):
    if off is None:
        return ""
    return f'<a:xfrm><a:off x="{off[0]}" y="{off[1]}"/><a:ext cx="1000000" cy="400000"/></a:xfrm>'


def sp(sid, name, paras, ph=None, off=None, hidden=False, lst=""):
    phx = f"<p:ph {ph}/>" if ph else ""
    hid = ' hidden="1"' if hidden else ""
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"{hid}/><p:cNvSpPr/><p:nvPr>{phx}</p:nvPr></p:nvSpPr>'
            f'<p:spPr>{xfrm(off)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
            f'<p:txBody><a:bodyPr/><a:lstStyle>{lst}</a:lstStyle>{"".join(paras)}</p:txBody></p:sp>')


def group(sid, name, off, children):
    return (f'<p:grpSp><p:nvGrpSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
            f'<p:grpSpPr><a:xfrm><a:off x="{off[0]}" y="{off[1]}"/><a:ext cx="4000000" cy="2000000"/>'
            f'<a:chOff x="{off[0]}" y="{off[1]}"/><a:chExt cx="4000000" cy="2000000"/></a:xfrm></p:grpSpPr>'
            f'{"".join(children)}</p:grpSp>')


def pic(sid, name, embed, off, descr=None, title=None, hidden=False):
    extra = ""
    if descr is not None:
        extra += f' descr="{descr}"'
    if title is not None:
        extra += f' title="{title}"'
    if hidden:
        extra += ' hidden="1"'
    return (f'<p:pic><p:nvPicPr><p:cNvPr id="{sid}" name="{name}"{extra}/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>'
            f'<p:blipFill><a:blip r:embed="{embed}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>'
            f'<p:spPr>{xfrm(off)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>')


def frame(sid, name, off, graphic, uri, ph=None):
    phx = f"<p:ph {ph}/>" if ph else ""
    return (f'<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="{sid}" name="{name}"/><p:cNvGraphicFramePr/>'
            f'<p:nvPr>{phx}</p:nvPr></p:nvGraphicFramePr>'
            f'<p:xfrm><a:off x="{off[0]}" y="{off[1]}"/><a:ext cx="6000000" cy="2000000"/></p:xfrm>'
            f'<a:graphic><a:graphicData uri="{uri}">{graphic}</a:graphicData></a:graphic></p:graphicFrame>')


def cell(*paras, attrs=""):
    body = "".join(paras) if paras else "<a:p><a:endParaRPr lang=\"en-US\"/></a:p>"
    return f"<a:tc{attrs}><a:txBody><a:bodyPr/><a:lstStyle/>{body}</a:txBody><a:tcPr/></a:tc>"


def table(columns, rows):
    grid = "".join('<a:gridCol w="1000000"/>' for _ in range(columns))
    body = "".join(f'<a:tr h="370840">{"".join(cells)}</a:tr>' for cells in rows)
    return f'<a:tbl><a:tblPr firstRow="1" bandRow="1"/><a:tblGrid>{grid}</a:tblGrid>{body}</a:tbl>'


def sld(shapes, show=None):
    attr = f' show="{show}"' if show is not None else ""
    return (XML_HEAD + f"<p:sld {NS}{attr}><p:cSld><p:spTree>"
            '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
            '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>'
            f'{"".join(shapes)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>')


def notes(paras):
    return (XML_HEAD + f"<p:notes {NS}><p:cSld><p:spTree>"
            '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Slide Image Placeholder 1"/><p:cNvSpPr/><p:nvPr><p:ph type="sldImg"/></p:nvPr></p:nvSpPr><p:spPr/></p:sp>'
            + sp(3, "Notes Placeholder 2", paras, ph='type="body" idx="1"')
            + sp(4, "Slide Number Placeholder 3", ['<a:p><a:fld id="{1}" type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld></a:p>'],
                 ph='type="sldNum" idx="10"')
            + "</p:spTree></p:cSld></p:notes>")


TITLE = 'type="title"'
CTR_TITLE = 'type="ctrTitle"'
SUBTITLE = 'type="subTitle" idx="1"'
CONTENT = 'idx="1"'
SECTION_BODY = 'type="body" idx="1"'


# MARK: - Masters and layouts

def layout_shape(sid, ph, lst=""):
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="Placeholder {sid}"/><p:cNvSpPr/><p:nvPr><p:ph {ph}/></p:nvPr></p:nvSpPr>'
            f'<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle>{lst}</a:lstStyle><a:p><a:r><a:rPr lang="en-US"/><a:t>Click to edit</a:t></a:r></a:p></p:txBody></p:sp>')


NO_BULLET = '<a:lvl1pPr marL="0" indent="0"><a:buNone/></a:lvl1pPr>'
LAYOUTS = [
    ("Title Slide", [layout_shape(2, CTR_TITLE), layout_shape(3, SUBTITLE, NO_BULLET)]),
    ("Title and Content", [layout_shape(2, TITLE), layout_shape(3, CONTENT)]),
    ("Section Header", [layout_shape(2, TITLE), layout_shape(3, SECTION_BODY, NO_BULLET)]),
]


def layout_xml(name, shapes):
    return (XML_HEAD + f'<p:sldLayout {NS} preserve="1"><p:cSld name="{name}"><p:spTree>'
            '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            f'{"".join(shapes)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>')


def level_styles(bullet):
    return "".join(f'<a:lvl{n}pPr marL="{n * 228600}" indent="-228600">{bullet}</a:lvl{n}pPr>' for n in range(1, 10))


BODY_BULLET = '<a:buFont typeface="Arial"/><a:buChar char="&#8226;"/>'
MASTER = (XML_HEAD + f'<p:sldMaster {NS}><p:cSld><p:spTree>'
          '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
          + layout_shape(2, TITLE) + layout_shape(3, 'type="body" idx="1"') + layout_shape(4, 'type="dt" idx="2"')
          + layout_shape(5, 'type="ftr" idx="3"') + layout_shape(6, 'type="sldNum" idx="4"')
          + '</p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" '
          'accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
          '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/><p:sldLayoutId id="2147483650" r:id="rId2"/>'
          '<p:sldLayoutId id="2147483651" r:id="rId3"/></p:sldLayoutIdLst>'
          f'<p:txStyles><p:titleStyle>{level_styles("<a:buNone/>")}</p:titleStyle>'
          f'<p:bodyStyle>{level_styles(BODY_BULLET)}</p:bodyStyle>'
          f'<p:otherStyle>{level_styles("")}</p:otherStyle></p:txStyles></p:sldMaster>')


def rels(entries):
    body = "".join(
        f'<Relationship Id="{rid}" Type="{kind if kind.startswith("http") else REL + kind}" Target="{target}"'
        + (' TargetMode="External"' if external else "") + "/>"
        for rid, kind, target, external in entries)
    return XML_HEAD + f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{body}</Relationships>'


def png(width=2, height=2, rgb=(200, 30, 30)):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# MARK: - Decks

class Slide:
    def __init__(self, shapes, layout=2, show=None, rels=(), notes=None, part=None):
        self.shapes = shapes
        self.layout = layout
        self.show = show
        self.rels = list(rels)
        self.notes = notes
        self.part = part


def write(name, slides, order=None, extra_parts=None, content_overrides="", main_type=None,
          layouts=None, master=None, extension="pptx"):
    """`order` lists slide indexes in show order when it differs from the
    part numbering; `extra_parts` adds charts, media and the like;
    `layouts` and `master` replace the shared ones."""
    layouts = layouts or LAYOUTS
    master = master or MASTER
    order = order if order is not None else list(range(len(slides)))
    parts = {}
    overrides = []
    pres_rels = [("rIdMaster", "slideMaster", "slideMasters/slideMaster1.xml", False)]
    for index, slide in enumerate(slides):
        number = index + 1
        part = f"ppt/slides/slide{number}.xml"
        parts[part] = sld(slide.shapes, slide.show)
        slide_rels = [("rIdLayout", "slideLayout", f"../slideLayouts/slideLayout{slide.layout}.xml", False)] + slide.rels
        if slide.notes is not None:
            notes_part = f"ppt/notesSlides/notesSlide{number}.xml"
            parts[notes_part] = notes(slide.notes)
            parts[f"ppt/notesSlides/_rels/notesSlide{number}.xml.rels"] = rels(
                [("rId1", "slide", f"../slides/slide{number}.xml", False)])
            slide_rels.append(("rIdNotes", "notesSlide", f"../notesSlides/notesSlide{number}.xml", False))
            overrides.append((f"/{notes_part}", "application/vnd.openxmlformats-officedocument.presentationml.notesSlide+xml"))
        parts[f"ppt/slides/_rels/slide{number}.xml.rels"] = rels(slide_rels)
        pres_rels.append((f"rIdSlide{number}", "slide", f"slides/slide{number}.xml", False))
        overrides.append((f"/{part}", "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"))
    ids = "".join(f'<p:sldId id="{256 + position}" r:id="rIdSlide{index + 1}"/>' for position, index in enumerate(order))
    parts["ppt/presentation.xml"] = (
        XML_HEAD + f'<p:presentation {NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rIdMaster"/></p:sldMasterIdLst>'
        f'<p:sldIdLst>{ids}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>')
    parts["ppt/_rels/presentation.xml.rels"] = rels(pres_rels)
    parts["ppt/slideMasters/slideMaster1.xml"] = master
    parts["ppt/slideMasters/_rels/slideMaster1.xml.rels"] = rels(
        [(f"rId{n}", "slideLayout", f"../slideLayouts/slideLayout{n}.xml", False) for n in range(1, len(layouts) + 1)])
    for n, (layout_name, shapes) in enumerate(layouts, start=1):
        parts[f"ppt/slideLayouts/slideLayout{n}.xml"] = layout_xml(layout_name, shapes)
        parts[f"ppt/slideLayouts/_rels/slideLayout{n}.xml.rels"] = rels(
            [("rId1", "slideMaster", "../slideMasters/slideMaster1.xml", False)])
        overrides.append((f"/ppt/slideLayouts/slideLayout{n}.xml",
                          "application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"))
    parts["docProps/core.xml"] = (
        XML_HEAD + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        f'<dc:title>Fixture {name}</dc:title><dc:creator>Grace Hopper</dc:creator><dc:language>en-US</dc:language>'
        '<dcterms:created xsi:type="dcterms:W3CDTF">2024-05-01T10:00:00Z</dcterms:created></cp:coreProperties>')
    parts["_rels/.rels"] = rels([
        ("rId1", "officeDocument", "ppt/presentation.xml", False),
        ("rId2", "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties", "docProps/core.xml", False),
    ])
    parts.update(extra_parts or {})
    main = main_type or "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
    override_xml = "".join(f'<Override PartName="{name_}" ContentType="{kind}"/>' for name_, kind in overrides)
    parts["[Content_Types].xml"] = (
        XML_HEAD + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>'
        f'<Override PartName="/ppt/presentation.xml" ContentType="{main}"/>'
        '<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>'
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        f'{override_xml}{content_overrides}</Types>')
    path = os.path.join(OUT, name + "." + extension)
    first = ["[Content_Types].xml", "_rels/.rels"]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for part in first + sorted(p for p in parts if p not in first):
            info = zipfile.ZipInfo(part, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            data = parts[part]
            z.writestr(info, data if isinstance(data, bytes) else data.encode("utf-8"))


def titles_and_order():
    # Part names run 1, 2, 3, 4; the show order is 3, 1, 4, 2.
    welcome = Slide([sp(2, "Title 1", [para("Welcome")], ph=CTR_TITLE),
                     sp(3, "Subtitle 2", [para("A small deck")], ph=SUBTITLE)], layout=1)
    agenda = Slide([sp(3, "Content 2", [para("First point"), para("Second point")], ph=CONTENT),
                    sp(2, "Title 1", [para("Agenda", "<a:br><a:rPr lang=\"en-US\"/></a:br>", "for today")], ph=TITLE)])
    section = Slide([sp(2, "Title 1", [para("Part two")], ph=TITLE),
                     sp(3, "Text 2", [para("Section text is not a list")], ph=SECTION_BODY)], layout=3)
    closing = Slide([sp(2, "Title 1", [para()], ph=TITLE),
                     sp(3, "TextBox 3", [para("Closing words")], off=(500000, 3000000))])
    write("titles-order", [agenda, closing, welcome, section], order=[2, 0, 3, 1])


def lists():
    body = [
        para("Level one", lvl=0), para("Level two", lvl=1), para("Level three", lvl=2), para("Back to one", lvl=0),
        para("Plain paragraph", bu="none"),
        para("Third", bu=("auto", "arabicPeriod", 3)), para("Fourth", bu=("auto", "arabicPeriod", 3)),
        para("Sub a", lvl=1, bu=("auto", "alphaLcParenR", None)), para("Fifth", bu=("auto", "arabicPeriod", 3)),
        para(),
        para("Bullet again"),
    ]
    box = [
        para("Text box paragraph"), para("Box bullet", bu="char"), para("Box nested", lvl=1, bu="char"),
        para("Box number", bu=("auto", "arabicPeriod", None)), para("Closing"),
    ]
    write("lists", [Slide([sp(2, "Title 1", [para("Lists")], ph=TITLE),
                           sp(3, "Content 2", body, ph=CONTENT),
                           sp(4, "TextBox 3", box, off=(500000, 5000000))])])


def tables():
    data = table(3, [
        [cell(para("Region")), cell(para("Sales"), attrs=' gridSpan="2"'), cell(attrs=' hMerge="1"')],
        [cell(para("North"), attrs=' rowSpan="2"'), cell(para("Q1")), cell(para("Q2"))],
        [cell(attrs=' vMerge="1"'), cell(para(run("10", b=True))), cell(para("20"))],
        [cell(para("South")), cell(para("30 | 40")), cell(para("a"), para("b"))],
    ])
    empty = table(2, [[cell(), cell()], [cell(), cell()]])
    uri = "http://schemas.openxmlformats.org/drawingml/2006/table"
    write("table", [Slide([sp(2, "Title 1", [para("Table")], ph=TITLE),
                           frame(4, "Table 3", (500000, 1500000), data, uri, ph=CONTENT),
                           frame(5, "Table 4", (500000, 4500000), empty, uri)])])


def text_links_pictures():
    text = [
        para("Plain, ", run("bold", b=True), ", ", run("italic", i=True), ", ", run("struck", strike=True),
             " and x", run("2", baseline=30000), " H", run("2", baseline=-25000), "O."),
        para("Visit ", run("the example", link="rIdLink"), run(" site", link="rIdLink", b=True), "."),
        para(run("Next slide", link="", action="ppaction://hlinkshowjump?jump=nextslide"), " and ",
             run("slide two", link="rIdJump", action="ppaction://hlinksldjump"), " are not links."),
        para("Line one", "<a:br><a:rPr lang=\"en-US\"/></a:br>", "line two"),
        para('<a:fld id="{2}" type="datetime1"><a:rPr lang="en-US"/><a:t>Field text</a:t></a:fld>'),
        para("Go ", run("\uf0e0", sym="Wingdings"), " there"),
    ]
    shapes = [
        sp(2, "Title 1", [para("Text and pictures")], ph=TITLE),
        sp(3, "TextBox 2", text, off=(500000, 1200000)),
        pic(4, "Picture 3", "rIdImage", (500000, 4000000), descr="A red square"),
        pic(5, "Picture 4", "rIdImage", (3000000, 4000000), title="Logo title"),
        pic(6, "Picture 5", "rIdImage", (5000000, 4000000), descr="Hidden picture", hidden=True),
    ]
    slide = Slide(shapes, rels=[
        ("rIdLink", "hyperlink", "https://example.com/", True),
        ("rIdJump", "slide", "slide2.xml", False),
        ("rIdImage", "image", "../media/image1.png", False),
    ])
    second = Slide([sp(2, "Title 1", [para("Second")], ph=TITLE)])
    write("text-links-pictures", [slide, second], extra_parts={"ppt/media/image1.png": png()})


def notes_hidden_footers():
    footer = [sp(7, "Footer 6", [para("Company Confidential")], ph='type="ftr" idx="11"'),
              sp(8, "Slide Number 7", ['<a:p><a:fld id="{3}" type="slidenum"><a:rPr lang="en-US"/><a:t>1</a:t></a:fld></a:p>'],
                 ph='type="sldNum" idx="12"')]
    visible = Slide([sp(2, "Title 1", [para("Visible")], ph=TITLE),
                     sp(3, "Content 2", [para("Slide body", bu="none")], ph=CONTENT)] + footer,
                    notes=[para("Speaker ", run("notes", b=True), " here."), para(), para("A noted point", bu="char")])
    secret = Slide([sp(2, "Title 1", [para("Secret")], ph=TITLE),
                    sp(3, "Content 2", [para("Still converted", bu="none")], ph=CONTENT)] + footer, show="0")
    untitled = Slide([sp(3, "TextBox 2", [para("Hidden text")], off=(0, 0))], show="0")
    write("notes-hidden", [visible, secret, untitled])


def groups():
    inner = group(20, "Inner", (1000000, 2500000), [
        sp(21, "Inner B", [para("Inner second")], off=(1000000, 2900000)),
        sp(22, "Inner A", [para("Inner first")], off=(1000000, 2500000)),
    ])
    outer = group(10, "Outer", (1000000, 1000000), [
        sp(11, "Right", [para("Group right")], off=(3000000, 1000000)),
        inner,
        sp(12, "Left", [para("Group left")], off=(1000000, 1050000)),
    ])
    shapes = [
        sp(2, "Bottom", [para("Bottom")], off=(0, 5000000)),
        outer,
        sp(3, "Top right", [para("Top right")], off=(5000000, 100000)),
        sp(4, "Top left", [para("Top left")], off=(1000000, 150000)),
        sp(5, "Content 2", [para("Placeholder first")], ph=CONTENT, off=(0, 6000000)),
        sp(6, "Title 1", [para("Groups")], ph=TITLE),
    ]
    write("groups", [Slide(shapes)])


def charts_smartart_math():
    chart_frame = frame(3, "Chart 2", (500000, 1500000),
                        f'<c:chart xmlns:c="{C}" r:id="rIdChart"/>',
                        "http://schemas.openxmlformats.org/drawingml/2006/chart")
    categories = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(["North", "South"]))

    def series(index, name, values):
        points = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(values))
        return (f'<c:ser><c:idx val="{index}"/><c:order val="{index}"/><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f>'
                f'<c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:tx>'
                f'<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$3</c:f><c:strCache><c:ptCount val="2"/>{categories}</c:strCache></c:strRef></c:cat>'
                f'<c:val><c:numRef><c:f>Sheet1!$B$2:$B$3</c:f><c:numCache><c:formatCode>General</c:formatCode>'
                f'<c:ptCount val="2"/>{points}</c:numCache></c:numRef></c:val></c:ser>')
    chart = (XML_HEAD + f'<c:chartSpace xmlns:c="{C}" xmlns:a="{A}" xmlns:r="{R}"><c:chart>'
             '<c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales by region</a:t></a:r></a:p></c:rich></c:tx></c:title>'
             '<c:autoTitleDeleted val="0"/><c:plotArea><c:barChart><c:barDir val="col"/>'
             + series(0, "2023", ["8.200000000000001", "3"]) + series(1, "2024", ["9.5", "-0.30000000000000004"])
             + '</c:barChart><c:catAx><c:axId val="1"/><c:title><c:tx><c:rich><a:p><a:r><a:t>Axis title</a:t></a:r></a:p></c:rich></c:tx></c:title></c:catAx>'
             '</c:plotArea></c:chart></c:chartSpace>')

    def point(model, text=None, kind=None):
        attr = f' type="{kind}"' if kind else ""
        body = f'<dgm:t><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></dgm:t>' if text is not None else ""
        return f'<dgm:pt modelId="{model}"{attr}>{body}</dgm:pt>'

    def connection(model, source, destination, order):
        return f'<dgm:cxn modelId="{model}" srcId="{source}" destId="{destination}" srcOrd="{order}" destOrd="0"/>'
    diagram = (XML_HEAD + f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>'
               + point("{0}", kind="doc") + point("{1}", "Plan") + point("{2}", "Build") + point("{3}", "Research")
               + point("{4}", "Design") + point("{5}", "ignored", kind="parTrans") + point("{6}", "pres text", kind="pres")
               + '</dgm:ptLst><dgm:cxnLst>'
               + connection("{10}", "{0}", "{2}", 1) + connection("{11}", "{0}", "{1}", 0)
               + connection("{12}", "{1}", "{4}", 1) + connection("{13}", "{1}", "{3}", 0)
               + '<dgm:cxn modelId="{14}" type="presOf" srcId="{2}" destId="{6}" srcOrd="0" destOrd="0"/>'
               + '</dgm:cxnLst></dgm:dataModel>')
    smart_frame = frame(3, "Diagram 2", (500000, 1500000),
                        f'<dgm:relIds xmlns:dgm="{DGM}" r:dm="rIdData" r:lo="rIdLayout2" r:qs="rIdStyle" r:cs="rIdColors"/>',
                        "http://schemas.openxmlformats.org/drawingml/2006/diagram")
    m = "http://schemas.openxmlformats.org/officeDocument/2006/math"
    a14 = "http://schemas.microsoft.com/office/drawing/2010/main"
    mc = "http://schemas.openxmlformats.org/markup-compatibility/2006"
    equation = (f'<mc:AlternateContent xmlns:mc="{mc}" xmlns:a14="{a14}"><mc:Choice Requires="a14">'
                + sp(3, "Equation 2", [f'<a:p><a14:m><m:oMathPara xmlns:m="{m}"><m:oMath><m:r><m:t>y</m:t></m:r></m:oMath></m:oMathPara></a14:m></a:p>',
                                       f'<a:p><a:r><a:rPr lang="en-US"/><a:t>Inline </a:t></a:r><a14:m><m:oMath xmlns:m="{m}"><m:r><m:t>z</m:t></m:r></m:oMath></a14:m></a:p>'],
                     off=(500000, 1500000))
                + '</mc:Choice><mc:Fallback>'
                + sp(3, "Equation 2", [para("Fallback text must not appear")], off=(500000, 1500000))
                + '</mc:Fallback></mc:AlternateContent>')
    slides = [
        Slide([sp(2, "Title 1", [para("Chart")], ph=TITLE), chart_frame],
              rels=[("rIdChart", "chart", "../charts/chart1.xml", False)]),
        Slide([sp(2, "Title 1", [para("SmartArt")], ph=TITLE), smart_frame],
              rels=[("rIdData", "diagramData", "../diagrams/data1.xml", False)]),
        Slide([sp(2, "Title 1", [para("Math")], ph=TITLE), equation]),
    ]
    write("charts-smartart-math", slides, extra_parts={"ppt/charts/chart1.xml": chart, "ppt/diagrams/data1.xml": diagram},
          content_overrides=('<Override PartName="/ppt/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>'
                             '<Override PartName="/ppt/diagrams/data1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml"/>'))


def layout_text():
    # The slides hold no text of their own: what they show comes from text
    # boxes (not placeholders) on their layouts and on the master. A box on
    # a layout two slides use, and the master's, appear once, on the first
    # slide showing them; the box on a layout one slide uses, on that slide.
    notice = sp(7, "TextBox 7", [para("Confidential: internal use only")], off=(500000, 6000000))
    section_note = sp(7, "TextBox 7", [para("Chapter opener")], off=(500000, 500000))
    layouts = [LAYOUTS[0], (LAYOUTS[1][0], LAYOUTS[1][1] + [notice]), (LAYOUTS[2][0], LAYOUTS[2][1] + [section_note])]
    brand = sp(8, "TextBox 8", [para("Acme Research")], off=(7000000, 6200000))
    # A slide number in a plain text box is a field, not text to repeat.
    number = sp(9, "TextBox 9", ['<a:p><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum">'
                                 '<a:rPr lang="en-US"/><a:t>‹#›</a:t></a:fld></a:p>'], off=(8000000, 6200000))
    master = MASTER.replace("</p:spTree>", brand + number + "</p:spTree>", 1)
    slides = [Slide([], layout=2), Slide([], layout=2), Slide([], layout=3)]
    write("layout-text", slides, layouts=layouts, master=master)
    write("layout-text", slides, layouts=layouts, master=master, extension="ppsx",
          main_type="application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    titles_and_order()
    lists()
    tables()
    text_links_pictures()
    notes_hidden_footers()
    groups()
    charts_smartart_math()
    layout_text()
