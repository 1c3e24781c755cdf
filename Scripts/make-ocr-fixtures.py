#!/usr/bin/env python3
"""Writes the small scanned-looking images in TestDocuments/images/ that the
OCR tests read: known lines of text in a clean font at 300 dpi, grayscale.
The tests compare the recognised words against the TEXT lists below, so keep
the two in step (Tests/AnyDocSwiftTests/OCR/OCRFixtures.swift).

Needs Pillow (pip install pillow) and the DejaVu fonts (fonts-dejavu-core).
Run from the project root: python3 Scripts/make-ocr-fixtures.py
"""
import os

from PIL import Image, ImageDraw, ImageFont

OUT = os.path.join(os.path.dirname(__file__), "..", "TestDocuments", "images")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
DPI = 300

PARAGRAPH = [
    "The quick brown fox jumps over the lazy dog.",
    "Optical character recognition turns pictures",
    "of printed pages into searchable text.",
]
SECOND = [
    "Invoice number 4821 was paid on March 14.",
    "Seven boxes of paper were delivered today.",
]
PAGE_ONE = [
    "Chapter one begins on the first page.",
    "Rivers carry water from mountains to oceans.",
]
PAGE_TWO = [
    "Chapter two continues on the second page.",
    "Gardens need sunlight, water and patience.",
]


def render(paragraphs, width=1800):
    """One 8-bit grayscale page: 12 pt text, a blank line between paragraphs."""
    font = ImageFont.truetype(FONT, 50)  # 12 pt at 300 dpi
    line_height = 70
    lines = sum(len(p) for p in paragraphs) + len(paragraphs) - 1
    image = Image.new("L", (width, 120 + line_height * lines), 255)
    draw = ImageDraw.Draw(image)
    y = 60
    for paragraph in paragraphs:
        for line in paragraph:
            draw.text((60, y), line, font=font, fill=0)
            y += line_height
        y += line_height
    return image


def main():
    os.makedirs(OUT, exist_ok=True)
    page = render([PARAGRAPH, SECOND])
    page.save(os.path.join(OUT, "ocr-paragraphs.png"), dpi=(DPI, DPI), optimize=True)
    page.save(os.path.join(OUT, "ocr-paragraphs.jpg"), dpi=(DPI, DPI), quality=70)
    first, second = render([PAGE_ONE]), render([PAGE_TWO])
    first.save(os.path.join(OUT, "ocr-two-pages.tiff"), dpi=(DPI, DPI), compression="tiff_deflate",
               save_all=True, append_images=[second])
    # Other containers of the same small page, for format coverage.
    small = render([PAGE_ONE], width=1300)
    small.save(os.path.join(OUT, "ocr-line.webp"), lossless=True)
    small.save(os.path.join(OUT, "ocr-line.gif"))
    small.convert("1").save(os.path.join(OUT, "ocr-line.bmp"))  # 1 bit keeps it small


if __name__ == "__main__":
    main()
