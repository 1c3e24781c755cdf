#!/usr/bin/env python3
"""Whole-process start-up: CPU time (user + system) of one small job per
process, anydoc beside pandoc and pdftotext, as an agent or a script pays it
when it calls the command once per document.

    python3 Scripts/bench-startup.py --anydoc .build/release/anydoc [--runs 30] [--baseline OTHER_ANYDOC]

With --baseline, a second anydoc build (say, main's) runs each job too. The
tools doing one job take turns run by run, so a busy moment on a shared
machine weighs on each of them alike.
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


def cpu_ms_once(command):
    """CPU milliseconds (user + system) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def cpu_ms(commands, runs):
    """Median and best CPU milliseconds of each of `commands` over `runs`
    runs, taking turns."""
    times = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            times[index].append(cpu_ms_once(command))
    return [(statistics.median(t), min(t)) for t in times]


def rows(anydoc, baseline):
    """(job, tool, command) for every job each installed tool can do."""
    pandoc, pdftotext = shutil.which("pandoc"), shutil.which("pdftotext")
    builds = [("anydoc", anydoc)] + ([("baseline", baseline)] if baseline else [])
    jobs = [
        ("--version", ["--version"], [("pandoc", pandoc, ["--version"]), ("pdftotext", pdftotext, ["-v"])]),
        ("small DOCX", ["convert", SMALL["docx"]], [("pandoc", pandoc, [SMALL["docx"], "-t", "gfm"])]),
        ("small PDF", ["convert", SMALL["pdf"]], [("pdftotext", pdftotext, [SMALL["pdf"], "-"])]),
        ("small image (OCR)", ["convert", SMALL["image"]], []),
    ]
    for job, arguments, rivals in jobs:
        tools = [(name, [binary] + arguments) for name, binary in builds]
        tools += [(name, [binary] + rival_arguments) for name, binary, rival_arguments in rivals if binary]
        yield job, tools


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--anydoc", required=True)
    parser.add_argument("--baseline", help="another anydoc binary to run beside it")
    parser.add_argument("--runs", type=int, default=30)
    options = parser.parse_args()
    anydoc = os.path.abspath(options.anydoc)
    baseline = os.path.abspath(options.baseline) if options.baseline else None
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    print(f"\nStart-up: CPU ms per process (user + system), median and best of {options.runs} runs")
    print(f"{'job':<20} {'tool':<10} {'median':>8} {'best':>8}")
    for job, tools in rows(anydoc, baseline):
        runs = options.runs if job != "small image (OCR)" else max(3, options.runs // 10)
        for (tool, _), (median, best) in zip(tools, cpu_ms([command for _, command in tools], runs)):
            print(f"{job:<20} {tool:<10} {median:8.1f} {best:8.1f}")


if __name__ == "__main__":
    main()
