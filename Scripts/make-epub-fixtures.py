#!/usr/bin/env python3
"""Writes the small EPUB books in TestDocuments/epub/ that the EPUB tests
assert exact Markdown for. Run from the project root."""
import os
import zipfile

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "epub")
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100"
                    "05fe02fe0000000049454e44ae426082")
CONTAINER = """<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"""


def chapter(title, body):
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
<head><title>{title}</title><link rel="stylesheet" href="style.css"/></head>
<body>{body}</body></html>"""


def book(name, encryption=None):
    opf = """<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="id">urn:uuid:fixture</dc:identifier>
    <dc:title>A Small Book</dc:title>
    <dc:creator>Mary Shelley</dc:creator>
    <dc:creator>Percy Shelley</dc:creator>
    <dc:language>en</dc:language>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="c2" href="text/two.xhtml" media-type="application/xhtml+xml"/>
    <item id="c1" href="text/one.xhtml" media-type="application/xhtml+xml"/>
    <item id="notes" href="text/notes.xhtml" media-type="application/xhtml+xml"/>
    <item id="img" href="images/dot.png" media-type="image/png"/>
  </manifest>
  <spine>
    <itemref idref="c1"/>
    <itemref idref="notes" linear="no"/>
    <itemref idref="c2"/>
  </spine>
</package>"""
    nav = chapter("Contents", '<nav epub:type="toc"><ol><li><a href="text/one.xhtml">One</a></li><li><a href="text/two.xhtml">Two</a></li></ol></nav>')
    one = chapter("One", """<h1 id="start">Chapter One</h1>
<p>It was a <em>dark</em> and <strong>stormy</strong> night.<a href="notes.xhtml#n1" epub:type="noteref">1</a></p>
<p>See <a href="two.xhtml#later">the later section</a> or <a href="two.xhtml">chapter two</a>.</p>
<p><img src="../images/dot.png" alt="A small dot"/></p>""")
    two = chapter("Two", """<h1>Chapter Two</h1>
<h2 id="later">Later</h2>
<ul><li>first</li><li>second</li></ul>
<p>Back to <a href="one.xhtml#start">the start</a>; elsewhere: <a href="https://example.org/">a site</a>.</p>""")
    notes = chapter("Notes", '<aside epub:type="footnote" id="n1"><p>A note read last.</p></aside>')
    path = os.path.join(OUT, name + ".epub")
    with zipfile.ZipFile(path, "w") as z:
        def add(part, data, compress=zipfile.ZIP_DEFLATED):
            info = zipfile.ZipInfo(part, date_time=(2024, 1, 1, 0, 0, 0))
            info.compress_type = compress
            z.writestr(info, data)
        add("mimetype", "application/epub+zip", zipfile.ZIP_STORED)
        add("META-INF/container.xml", CONTAINER)
        if encryption:
            add("META-INF/encryption.xml", encryption)
        add("OEBPS/content.opf", opf)
        add("OEBPS/nav.xhtml", nav)
        add("OEBPS/text/one.xhtml", one)
        add("OEBPS/text/two.xhtml", two)
        add("OEBPS/text/notes.xhtml", notes)
        add("OEBPS/images/dot.png", PNG)


def encryption(algorithm, uri):
    return f"""<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData><enc:EncryptionMethod Algorithm="{algorithm}"/>
    <enc:CipherData><enc:CipherReference URI="{uri}"/></enc:CipherData></enc:EncryptedData>
</encryption>"""


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    book("small-book")
    book("obfuscated-fonts", encryption("http://www.idpf.org/2008/embedding", "OEBPS/fonts/font.otf"))
    book("drm", encryption("http://www.w3.org/2001/04/xmlenc#aes128-cbc", "OEBPS/text/one.xhtml"))
    print("wrote", sorted(os.listdir(OUT)))
