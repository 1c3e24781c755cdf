#!/usr/bin/env python3
"""Table score and speed on the table PDFs of Scripts/make-pdf-table-fixtures.py:
anydoc against pymupdf4llm and pdf-inspector (PyPI), side by side.

    Scripts/bench.sh --pdf-tables      (sets up the venv, then runs this)
    python3 Scripts/bench-pdf-tables.py --anydoc BIN --python VENV_PYTHON

The score is cell-level F1 against the source tables in
TestDocuments/pdf/tables-truth.json: every cell is a (table, row, column,
text) tuple, text with emphasis and escapes removed and spaces collapsed;
precision over the cells a tool wrote, recall over the source's cells. A
document without tables (the two-column page) counts every cell a tool
writes as a false positive. Speed is pages per second of conversion,
best of `--repeat` runs, each tool timing its own conversions in one
process (start-up left out): anydoc through --timings, the Python
tools with a clock around each call.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
FIXTURES = os.path.join(ROOT, "TestDocuments", "pdf")

RIVAL = r"""
import json, sys, time
tool, paths, repeat = sys.argv[1], sys.argv[3:], int(sys.argv[2])
if tool == "pymupdf4llm":
    import pymupdf4llm
    convert = lambda p: pymupdf4llm.to_markdown(p)
else:
    import pdf_inspector
    convert = lambda p: pdf_inspector.process_pdf(p).markdown
out = {}
for p in paths:
    best = None
    for _ in range(repeat):
        t = time.perf_counter()
        text = convert(p)
        s = time.perf_counter() - t
        best = s if best is None or s < best else best
    out[p] = {"seconds": best, "markdown": text}
print(json.dumps(out))
"""


def clean(text):
    text = re.sub(r"<br\s*/?>", " ", text)
    text = text.replace("\\|", "|").replace("**", "").replace("__", "")
    text = re.sub(r"(?<!\w)[*_]|[*_](?!\w)", "", text)
    return " ".join(text.split())


def tables(markdown):
    """Pipe tables of a Markdown text, as lists of rows of cell texts."""
    found, current = [], []
    for line in markdown.splitlines() + [""]:
        stripped = line.strip()
        if stripped.startswith("|") and stripped.endswith("|") and len(stripped) > 1:
            cells = re.split(r"(?<!\\)\|", stripped[1:-1])
            if all(re.fullmatch(r"\s*:?-{3,}:?\s*", c) for c in cells):
                continue
            current.append([clean(c) for c in cells])
        elif current:
            found.append(current)
            current = []
    return [[row for row in table if any(row)] for table in found]


def cells(table_list):
    return {(t, r, c, text) for t, table in enumerate(table_list)
            for r, row in enumerate(table) for c, text in enumerate(row) if text}


def f1(truth, predicted):
    expected, got = cells(truth), cells(predicted)
    hits = len(expected & got)
    precision = hits / len(got) if got else (1.0 if not expected else 0.0)
    recall = hits / len(expected) if expected else (1.0 if not got else 0.0)
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def pages(path):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", out).group(1))


def run_anydoc(binary, paths, repeat):
    """One process converts the folder of fixtures; each document keeps
    its fastest in-process time from --timings (start-up left out, as
    for the Python tools)."""
    work = tempfile.mkdtemp(prefix="anydoc-tables-")
    inputs = os.path.join(work, "in")
    os.makedirs(inputs)
    for path in paths:
        os.symlink(os.path.abspath(path), os.path.join(inputs, os.path.basename(path)))
    best = {}
    for run in range(repeat):
        timings = os.path.join(work, f"timings-{run}.tsv")
        subprocess.run([binary, "convert", inputs, "-o", os.path.join(work, f"out-{run}"), "--quiet", "--jobs", "1",
                        "--timings", timings, "--follow-links", "--ocr", "never"],
                       capture_output=True, text=True)
        with open(timings) as f:
            for line in f:
                name, ms = line.split("\t")[:2]
                key = os.path.basename(name)
                best[key] = min(best.get(key, float("inf")), float(ms) / 1000)
    results = {}
    for path in paths:
        name = os.path.basename(path)
        with open(os.path.join(work, "out-0", name[:-4] + ".md"), encoding="utf-8") as f:
            results[path] = {"seconds": best[name], "markdown": f.read()}
    shutil.rmtree(work, ignore_errors=True)
    return results


def main():
    options = argparse.ArgumentParser()
    options.add_argument("--anydoc", required=True)
    options.add_argument("--python", required=True, help="the venv's python with pymupdf4llm and pdf-inspector")
    options.add_argument("--repeat", type=int, default=3)
    args = options.parse_args()
    with open(os.path.join(FIXTURES, "tables-truth.json"), encoding="utf-8") as f:
        truth = json.load(f)
    paths = [os.path.join(FIXTURES, name) for name in truth]
    total_pages = sum(pages(p) for p in paths)
    runs = {"anydoc": run_anydoc(args.anydoc, paths, args.repeat)}
    for tool in ("pymupdf4llm", "pdf-inspector"):
        out = subprocess.run([args.python, "-c", RIVAL, tool, str(args.repeat), *paths], capture_output=True, text=True)
        ok = out.returncode == 0 and out.stdout.strip()
        runs[tool] = json.loads(out.stdout.strip().splitlines()[-1]) if ok else None
        if runs[tool] is None:
            print(f"({tool} failed: {out.stderr.strip().splitlines()[-1:]})", file=sys.stderr)
    names = list(truth)
    print(f"table F1 (cells) on {len(names)} PDFs, {total_pages} pages, best of {args.repeat}")
    print(f"{'tool':14} " + " ".join(f"{n.replace('tables-', '').replace('.pdf', ''):>11}" for n in names)
          + f" {'mean F1':>8} {'pages/s':>8}")
    rates = {}
    for tool, result in runs.items():
        if result is None:
            continue
        scores = [f1(truth[n], tables(result[p]["markdown"])) for n, p in zip(names, paths)]
        seconds = sum(result[p]["seconds"] for p in paths)
        rates[tool] = total_pages / seconds
        print(f"{tool:14} " + " ".join(f"{s:11.3f}" for s in scores) + f" {sum(scores) / len(scores):8.3f} {rates[tool]:8.1f}")
    if "anydoc" in rates and "pymupdf4llm" in rates:
        print(f"anydoc pages/s over pymupdf4llm's: {rates['anydoc'] / rates['pymupdf4llm']:.1f}×")


if __name__ == "__main__":
    main()
