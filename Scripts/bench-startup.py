#!/usr/bin/env python3
"""Whole-process start-up: CPU time (user + system) of one small job per
process, anydoc beside pandoc and pdftotext, as an agent or a script pays it
when it calls the command once per document.

    python3 Scripts/bench-startup.py --anydoc .build/release/anydoc [--runs 30]
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess

SMALL = {
    "docx": "TestDocuments/docx/headings-formatting.docx",
    "pdf": "TestDocuments/pdf/headings.pdf",
    "image": "TestDocuments/images/ocr-chinese.png",
}


def cpu_ms(command, runs):
    """Median and best CPU milliseconds of `command` over `runs` runs."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(times), min(times)


def rows(anydoc):
    """(job, tool, command) for every job each installed tool can do."""
    pandoc, pdftotext = shutil.which("pandoc"), shutil.which("pdftotext")
    yield "--version", "anydoc", [anydoc, "--version"]
    if pandoc:
        yield "--version", "pandoc", [pandoc, "--version"]
    if pdftotext:
        yield "--version", "pdftotext", [pdftotext, "-v"]
    yield "small DOCX", "anydoc", [anydoc, "convert", SMALL["docx"]]
    if pandoc:
        yield "small DOCX", "pandoc", [pandoc, SMALL["docx"], "-t", "gfm"]
    yield "small PDF", "anydoc", [anydoc, "convert", SMALL["pdf"]]
    if pdftotext:
        yield "small PDF", "pdftotext", [pdftotext, SMALL["pdf"], "-"]
    yield "small image (OCR)", "anydoc", [anydoc, "convert", SMALL["image"]]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--anydoc", required=True)
    parser.add_argument("--runs", type=int, default=30)
    options = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    print(f"\nStart-up: CPU ms per process (user + system), median and best of {options.runs} runs")
    print(f"{'job':<20} {'tool':<10} {'median':>8} {'best':>8}")
    for job, tool, command in rows(options.anydoc):
        runs = options.runs if job != "small image (OCR)" else max(3, options.runs // 10)
        median, best = cpu_ms(command, runs)
        print(f"{job:<20} {tool:<10} {median:8.1f} {best:8.1f}")


if __name__ == "__main__":
    main()
