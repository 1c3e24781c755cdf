#!/usr/bin/env python3
"""Writes the scans the script-detection and structure OCR tests read, in
TestDocuments/images/: a page each of Simplified Chinese, Traditional Chinese,
Japanese and Korean text in the Noto CJK fonts at 300 dpi; a page with a title,
a subheading, paragraphs, a bulleted and a numbered list; a page with a table
of four columns (a header row, numbers right-aligned, no ruling lines) between
two paragraphs; a page of prose in two columns under a title; and a PDF whose only
content is a narrow receipt-style scan on an A4 page (an image over a fraction
of the page, with no text layer). The tests compare the recognised text with
the texts below (Tests/AnyDocSwiftTests/OCR/ScriptOCRTests.swift).

Needs Pillow (pip install pillow) and fonts-noto-cjk and fonts-dejavu-core.
Run from the project root: python3 Scripts/make-ocr-scan-fixtures.py
"""
import io
import os
import zlib

from PIL import Image, ImageDraw, ImageFont

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "images")
CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
LATIN_FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
DPI = 300

# Face index in the collection for each language.
TEXTS = {
    "chinese": (2, [
        "光学字符识别把印刷页面的图片变成可以搜索的文字。",
        "今天送来了七箱纸，发票已经付清。",
        "河流把山上的水带到大海。",
    ]),
    "traditional-chinese": (3, [
        "光學字元辨識把印刷頁面的圖片變成可以搜尋的文字。",
        "今天送來了七箱紙，發票已經付清。",
        "河流把山上的水帶到大海。",
    ]),
    "japanese": (0, [
        "光学文字認識は印刷されたページの画像を文字に変えます。",
        "今日は紙が七箱届きました。",
        "川は山の水を海へ運びます。",
    ]),
    "korean": (1, [
        "광학 문자 인식은 인쇄된 페이지의 그림을 글자로 바꿉니다.",
        "오늘 종이 일곱 상자가 도착했습니다.",
        "강은 산의 물을 바다로 옮깁니다.",
    ]),
}

RECEIPT = [
    "CORNER BAKERY",
    "Rye bread        4.20",
    "Butter croissant 2.80",
    "Apple tart       5.50",
    "TOTAL           12.50",
    "Thank you for visiting",
]


# (font size in pixels at 300 dpi, text); "" is a blank line.
STRUCTURED = [
    (100, "Harbour Report"),
    (50, ""),
    (50, "The harbour handled more ships this year than ever before."),
    (50, "Most of the growth came from ferries and fishing boats."),
    (50, ""),
    (72, "Key Results"),
    (50, ""),
    (50, "• Cargo grew by twelve percent"),
    (50, "• Repairs finished before winter"),
    (50, ""),
    (72, "Next Steps"),
    (50, ""),
    (50, "1. Dredge the northern channel"),
    (50, "2. Build a second crane"),
]


TABLE_TITLE = "Fleet Inventory"
TABLE_INTRO = "The harbour keeps these vessels ready for the season."
# Rows of (vessel, type, crew, tonnage); the last two columns are right-aligned.
TABLE = [
    ("Vessel", "Type", "Crew", "Tonnage"),
    ("Aurora", "Ferry", "12", "1450"),
    ("Kestrel", "Trawler", "8", "320"),
    ("Northern Star", "Tug", "5", "210"),
    ("Sea Lion", "Ferry", "14", "1980"),
]
TABLE_OUTRO = "All vessels passed their inspection in the spring."

TWO_COLUMNS_TITLE = "Harbour News"
# Each column's lines, rendered top to bottom.
TWO_COLUMNS = [
    [
        "The northern pier reopened",
        "in May after a long winter",
        "of repairs. Ferries now",
        "dock there again and the",
        "queue of cars has become",
        "much shorter than before.",
    ],
    [
        "A new crane arrived from",
        "the south in June. It can",
        "lift twice as much as the",
        "old one and will unload",
        "the container ships much",
        "faster than the crew could.",
    ],
]


def render_table(width=2000):
    image = Image.new("L", (width, 1250), 255)
    draw = ImageDraw.Draw(image)
    title, body = ImageFont.truetype(LATIN_FONT, 100), ImageFont.truetype(LATIN_FONT, 50)
    draw.text((100, 80), TABLE_TITLE, font=title, fill=0)
    draw.text((100, 280), TABLE_INTRO, font=body, fill=0)
    # Left edges of the text columns, right edges of the number columns.
    lefts, rights = (100, 600), (1250, 1650)
    for index, row in enumerate(TABLE):
        y = 440 + index * 90
        for x, text in zip(lefts, row[:2]):
            draw.text((x, y), text, font=body, fill=0)
        for x, text in zip(rights, row[2:]):
            draw.text((x - draw.textlength(text, font=body), y), text, font=body, fill=0)
    draw.text((100, 1000), TABLE_OUTRO, font=body, fill=0)
    return image


def render_two_columns(width=2200):
    image = Image.new("L", (width, 1100), 255)
    draw = ImageDraw.Draw(image)
    title, body = ImageFont.truetype(LATIN_FONT, 100), ImageFont.truetype(LATIN_FONT, 50)
    draw.text((100, 80), TWO_COLUMNS_TITLE, font=title, fill=0)
    for x, lines in zip((100, 1150), TWO_COLUMNS):
        for index, line in enumerate(lines):
            draw.text((x, 300 + index * 80), line, font=body, fill=0)
    return image


TEXT_LAYER = [
    "The expense report below has the receipt attached as a scan.",
    "Totals were checked against the bank statement in March.",
]


def photo(width, height):
    """Smooth shading with grain, like a photograph: no text to read."""
    image = Image.new("L", (width, height))
    random = __import__("random").Random(7)
    image.putdata([(x * 255 // width + y * 128 // height + random.randrange(-40, 40)) % 256
                   for y in range(height) for x in range(width)])
    return image


def render_structured(width=2000):
    heights = [size * 1.6 for size, _ in STRUCTURED]
    image = Image.new("L", (width, int(160 + sum(heights))), 255)
    draw = ImageDraw.Draw(image)
    y = 80
    for (size, text), height in zip(STRUCTURED, heights):
        if text:
            draw.text((100, y), text, font=ImageFont.truetype(LATIN_FONT, size), fill=0)
        y += height
    return image


def render(lines, font, width, size=50, line_height=80):
    image = Image.new("L", (width, 120 + line_height * len(lines)), 255)
    draw = ImageDraw.Draw(image)
    for index, line in enumerate(lines):
        draw.text((60, 60 + index * line_height), line, font=font, fill=0)
    return image


def pdf_with_image(image, x, y, width_pt, height_pt, text_lines=()):
    """A one-page A4 PDF that draws `image` (8-bit gray) at x, y in points,
    and `text_lines` in 12-point Helvetica from the top of the page as a
    text layer."""
    data = zlib.compress(image.tobytes())
    content = f"q {width_pt} 0 0 {height_pt} {x} {y} cm /Im0 Do Q".encode()
    fonts = b""
    if text_lines:
        shown = " ".join(f"({line}) Tj 0 -16 Td" for line in text_lines)
        content += f"\nBT /F1 12 Tf 72 770 Td {shown} ET".encode()
        fonts = b" /Font << /F1 6 0 R >>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im0 4 0 R >>"
        + fonts + b" >> /Contents 5 0 R >>",
        (f"<< /Type /XObject /Subtype /Image /Width {image.width} /Height {image.height} /ColorSpace /DeviceGray "
         f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(data)} >>\nstream\n").encode() + data + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    if text_lines:
        objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, (index, lines) in TEXTS.items():
        font = ImageFont.truetype(CJK_FONT, 50, index=index)
        render(lines, font, 1800).save(os.path.join(OUT, f"ocr-{name}.png"), dpi=(DPI, DPI), optimize=True)
    render_structured().save(os.path.join(OUT, "ocr-structured.png"), dpi=(DPI, DPI), optimize=True)
    render_table().save(os.path.join(OUT, "ocr-table.png"), dpi=(DPI, DPI), optimize=True)
    render_two_columns().save(os.path.join(OUT, "ocr-two-columns.png"), dpi=(DPI, DPI), optimize=True)
    # 150 dpi receipt, 2.9 x 2.5 inches on an A4 page: about 14% of the page.
    receipt = render(RECEIPT, ImageFont.truetype(LATIN_FONT, 25), 440, size=25, line_height=40)
    width_pt, height_pt = receipt.width * 72 / 150, receipt.height * 72 / 150
    with open(os.path.join(OUT, "..", "pdf", "receipt-scan.pdf"), "wb") as file:
        file.write(pdf_with_image(receipt, 180, 500, round(width_pt, 2), round(height_pt, 2)))
    # The same receipt pasted into a page with a text layer, and a page
    # with a noise "photo" in its place: region OCR must read the first
    # and add nothing for the second.
    with open(os.path.join(OUT, "..", "pdf", "text-with-receipt-image.pdf"), "wb") as file:
        file.write(pdf_with_image(receipt, 180, 400, round(width_pt, 2), round(height_pt, 2), TEXT_LAYER))
    with open(os.path.join(OUT, "..", "pdf", "text-with-photo.pdf"), "wb") as file:
        file.write(pdf_with_image(photo(receipt.width // 4, receipt.height // 4), 180, 400,
                                  round(width_pt, 2), round(height_pt, 2), TEXT_LAYER))


if __name__ == "__main__":
    main()
