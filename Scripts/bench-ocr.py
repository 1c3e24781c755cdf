#!/usr/bin/env python3
"""OCR fidelity on the project's own scans (TestDocuments/images, made by
Scripts/make-ocr-scan-fixtures.py and make-ocr-fixtures.py), side by side:
anydoc with default options, `tesseract` alone as a user runs it (default
English), `tesseract` told the right language (what a user who knows the
script gets), and, with --python, the Python tools Scripts/bench.sh runs
(markitdown on the images; pdf-inspector and markitdown on the receipt PDF). Word recall counts CJK text character by character; structure
counts the headings and list items of the structured page that come back as
Markdown headings and list items, and the cells of the table page that come
back in their row and column (of a Markdown table, or of plain text lines
split where two spaces or more separate the columns).

    Scripts/bench-ocr.py --anydoc PATH [--python VENV_PYTHON]
"""
import argparse
import re
import subprocess
import time
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "TestDocuments" / "images"

SCANS = [
    ("English", "ocr-paragraphs.png", "eng",
     "The quick brown fox jumps over the lazy dog. Optical character recognition turns pictures of printed pages "
     "into searchable text. Invoice number 4821 was paid on March 14. Seven boxes of paper were delivered today."),
    ("Chinese (Simplified)", "ocr-chinese.png", "chi_sim",
     "光学字符识别把印刷页面的图片变成可以搜索的文字。今天送来了七箱纸，发票已经付清。河流把山上的水带到大海。"),
    ("Chinese (Traditional)", "ocr-traditional-chinese.png", "chi_tra",
     "光學字元辨識把印刷頁面的圖片變成可以搜尋的文字。今天送來了七箱紙，發票已經付清。河流把山上的水帶到大海。"),
    ("Japanese", "ocr-japanese.png", "jpn",
     "光学文字認識は印刷されたページの画像を文字に変えます。今日は紙が七箱届きました。川は山の水を海へ運びます。"),
    ("Korean", "ocr-korean.png", "kor",
     "광학 문자 인식은 인쇄된 페이지의 그림을 글자로 바꿉니다. 오늘 종이 일곱 상자가 도착했습니다. 강은 산의 물을 바다로 옮깁니다."),
]
RECEIPT_PDF = ROOT / "TestDocuments" / "pdf" / "receipt-scan.pdf"
RECEIPT = "CORNER BAKERY Rye bread 4.20 Butter croissant 2.80 Apple tart 5.50 TOTAL 12.50 Thank you for visiting"
STRUCTURED = ("ocr-structured.png", ["Harbour Report", "Key Results", "Next Steps"],
              ["Cargo grew by twelve percent", "Repairs finished before winter",
               "Dredge the northern channel", "Build a second crane"])

TABLE = ("ocr-table.png", [
    ["Vessel", "Type", "Crew", "Tonnage"],
    ["Aurora", "Ferry", "12", "1450"],
    ["Kestrel", "Trawler", "8", "320"],
    ["Northern Star", "Tug", "5", "210"],
    ["Sea Lion", "Ferry", "14", "1980"],
])


def is_cjk(ch):
    code = ord(ch)
    return 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF


def tokens(text):
    text = unicodedata.normalize("NFKC", text).lower()
    out, current = [], ""
    for ch in text:
        if is_cjk(ch):
            if current:
                out.append(current)
            current = ""
            out.append(ch)
        elif ch.isalnum():
            current += ch
        elif current:
            out.append(current)
            current = ""
    if current:
        out.append(current)
    return out


def recall(truth, output):
    available = {}
    for token in tokens(output):
        available[token] = available.get(token, 0) + 1
    expected = tokens(truth)
    found = 0
    for token in expected:
        if available.get(token, 0) > 0:
            available[token] -= 1
            found += 1
    return found / len(expected)


def run(command):
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    return result.stdout, time.perf_counter() - start


RIVAL = r'''
import sys
tool, path = sys.argv[1], sys.argv[2]
try:
    if tool == "markitdown":
        from markitdown import MarkItDown
        print(MarkItDown().convert(path).text_content)
    else:
        import pdf_inspector
        result = pdf_inspector.process_pdf(path)
        print(getattr(result, "markdown", None) or result)
except Exception as error:
    print(f"failed: {error}", file=sys.stderr)
'''


def tools(anydoc, path, language, python=None, pdf=False):
    path = str(path)
    yield "anydoc (default)", run([anydoc, "convert", path])
    if not pdf:
        yield "tesseract (default)", run(["tesseract", path, "-"])
        yield f"tesseract -l {language}", run(["tesseract", path, "-", "-l", language])
    if python:
        yield "markitdown", run([python, "-c", RIVAL, "markitdown", path])
        if pdf:
            yield "pdf-inspector", run([python, "-c", RIVAL, "pdf-inspector", path])


def structure(markdown, headings, items):
    lines = [line.strip() for line in markdown.splitlines()]
    heading_lines = {re.sub(r"^#+\s*", "", line) for line in lines if line.startswith("#")}
    item_lines = {re.sub(r"^(?:[-*+]|\d+[.)])\s+", "", line) for line in lines if re.match(r"^(?:[-*+]|\d+[.)])\s+", line)}
    return sum(h in heading_lines for h in headings), sum(i in item_lines for i in items)


def table_rows(output):
    """Rows of cells: the rows of Markdown tables, else every line split at
    runs of two spaces or more."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    piped = [line for line in lines if line.startswith("|") and not re.match(r"^\|[\s:|-]+\|$", line)]
    if piped:
        return [[cell.strip() for cell in line.strip("|").split("|")] for line in piped]
    return [re.split(r"\s{2,}", line) for line in lines]


def table_cells(output, truth):
    """Cells of `truth` found in their column of the row that starts with
    the truth row's first cell."""
    rows = {row[0]: row for row in table_rows(output) if row}
    found = 0
    for expected in truth:
        row = rows.get(expected[0], [])
        found += sum(index < len(row) and row[index] == cell for index, cell in enumerate(expected))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--anydoc", required=True)
    parser.add_argument("--python", help="a Python with markitdown and pdf-inspector (Scripts/bench.sh's virtualenv)")
    args = parser.parse_args()
    print(f"{'scan':24} {'tool':22} {'recall':>7} {'seconds':>8}")
    for name, image, language, truth in SCANS:
        for tool, (output, seconds) in tools(args.anydoc, IMAGES / image, language, args.python):
            print(f"{name:24} {tool:22} {recall(truth, output):7.2f} {seconds:8.2f}")
    for tool, (output, seconds) in tools(args.anydoc, RECEIPT_PDF, "eng", args.python, pdf=True):
        print(f"{'Receipt in an A4 PDF':24} {tool:22} {recall(RECEIPT, output):7.2f} {seconds:8.2f}")
    image, headings, items = STRUCTURED
    print(f"\nStructure of {image}: headings of {len(headings)}, list items of {len(items)}")
    for tool, (output, _) in tools(args.anydoc, IMAGES / image, "eng", args.python):
        found_headings, found_items = structure(output, headings, items)
        print(f"{tool:24} headings {found_headings}/{len(headings)}  list items {found_items}/{len(items)}")
    image, truth = TABLE
    cells = sum(len(row) for row in truth)
    print(f"\nTable of {image}: cells of {cells} in their row and column")
    for tool, (output, _) in tools(args.anydoc, image, "eng"):
        print(f"{tool:24} cells {table_cells(output, truth)}/{cells}")


if __name__ == "__main__":
    main()
