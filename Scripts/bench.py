#!/usr/bin/env python3
"""Side-by-side benchmark: anydoc against the rival converters, per format,
on the same files, each tool in one process, in one run.

    Scripts/bench.sh [FOLDER]        (sets up the rivals, then runs this)

For every format it prints documents per second, the median milliseconds
per document, the peak resident memory of the process, and anydoc's speed
ratio to each rival. anydoc runs with --jobs 1 so that the ratio compares
one core with one core; a second anydoc row shows all cores.

Documents per second and the ratio come from the per-document times each
tool measures in its own process (reading the file and converting it to
Markdown), so neither interpreter start-up nor anydoc's process start and
output-file creation count; the `wall s` column shows the whole run of
each tool, start-up and (for anydoc) writing every .md file included.
Rows that convert several documents at once use the wall clock.

anydoc and firecrawl-anydoc, whose ratio is the target, each run
`--repeat` times (3 by default), a fresh process every time, and every
document keeps its fastest time: the same treatment for both, and a
busy machine's noise mostly filtered out.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# Folder names of the shared corpus, and extensions for any other folder.
FORMATS = ["docx", "docm", "pptx", "pptm", "ppsx", "xlsx", "xlsm", "xlsb", "odt", "ods", "odp",
           "rtf", "epub", "html", "csv", "txt", "md", "pdf", "pdf-scanned", "doc", "xls", "ppt"]
EXTENSIONS = {"htm": "html", "markdown": "md", "ppsm": "ppsx"}
# Which rival reads which format (as its documentation says).
ANYDOC_RIVAL = {"docx", "docm", "pptx", "pptm", "ppsx", "xlsx", "xlsm", "xlsb", "odt", "ods", "odp",
                "rtf", "epub", "csv", "pdf", "doc", "xls", "ppt", "html", "txt", "md"}
MARKITDOWN = {"docx", "docm", "pptx", "pptm", "ppsx", "xlsx", "xlsm", "xls", "html", "csv", "epub", "pdf", "txt", "md"}
PANDOC = {"docx": "docx", "docm": "docx", "odt": "odt", "epub": "epub", "html": "html", "rtf": "rtf",
          "csv": "csv", "md": "gfm", "pptx": None}


def collect(folder):
    """Files by format: the extension decides, except that scanned PDFs (a
    `pdf-scanned` folder, as in the shared corpus) form their own group,
    since only anydoc OCRs them."""
    groups = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "hostile")
        for name in sorted(files):
            if name.startswith(".") or name.endswith(".truth.txt") or name == "MANIFEST.tsv" or name == "README.md":
                continue
            ext = name.rsplit(".", 1)[-1].lower() if "." in name else ""
            fmt = EXTENSIONS.get(ext, ext)
            if fmt == "pdf" and os.path.basename(root) == "pdf-scanned":
                fmt = "pdf-scanned"
            if fmt in FORMATS:
                groups.setdefault(fmt, []).append(os.path.join(root, name))
    return groups


HARNESS = r'''
import json, resource, sys, time
tool, paths = sys.argv[1], sys.argv[2:]
if tool == "firecrawl-anydoc":
    import anydoc
    convert = lambda p: anydoc.to_markdown(p)
elif tool == "markitdown":
    from markitdown import MarkItDown
    md = MarkItDown()
    convert = lambda p: md.convert(p).text_content
elif tool == "pdf-inspector":
    import pdf_inspector
    convert = lambda p: pdf_inspector.process_pdf(p)
times, failed = [], 0
start = time.perf_counter()
for p in paths:
    t = time.perf_counter()
    try:
        convert(p)
    except Exception:
        failed += 1
    times.append((time.perf_counter() - t) * 1000)
total = time.perf_counter() - start
print(json.dumps({"times": times, "failed": failed, "seconds": total,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
'''


def best_of(runs):
    """Several runs of one tool as one: each document's fastest time, the
    fastest whole run, the first run's failures, the highest peak."""
    runs = [r for r in runs if r is not None]
    if not runs:
        return None
    times = [min(column) for column in zip(*(r[1] for r in runs))]
    return min(r[0] for r in runs), times, runs[0][2], max(r[3] for r in runs)


def run_python_rival(python, tool, paths):
    """One process converts all paths; returns (seconds, per-doc ms, failures, peak MB)."""
    import json
    out = subprocess.run([python, "-c", HARNESS, tool, *paths], capture_output=True, text=True, timeout=3600)
    if out.returncode != 0 or not out.stdout.strip():
        return None
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return data["seconds"], data["times"], data["failed"], data["peak_mb"]


def page_count(paths):
    """Pages of the PDFs, as pdfinfo (poppler-utils) counts them."""
    total = 0
    for p in paths:
        out = subprocess.run(["pdfinfo", p], capture_output=True, text=True)
        for line in out.stdout.splitlines():
            if line.startswith("Pages:"):
                total += int(line.split()[1])
    return total


def run_anydoc(binary, paths, jobs, extra=()):
    """anydoc converts the folder of links in one process (links that leave
    the folder are followed only with --follow-links)."""
    work = tempfile.mkdtemp(prefix="anydoc-bench-")
    inputs = os.path.join(work, "in")
    os.makedirs(inputs)
    for i, p in enumerate(paths):
        os.symlink(os.path.abspath(p), os.path.join(inputs, f"{i:04d}-{os.path.basename(p)}"))
    timings = os.path.join(work, "timings.tsv")
    script = (f'import resource,subprocess,sys,time;t=time.perf_counter();'
              f'r=subprocess.run(sys.argv[1:]);s=time.perf_counter()-t;'
              f'print(s, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss/1024)')
    out = subprocess.run([sys.executable, "-c", script, binary, "convert", inputs, "-o", os.path.join(work, "out"),
                          "--quiet", "--jobs", str(jobs), "--timings", timings, "--follow-links", *extra],
                         capture_output=True, text=True)
    seconds, peak = (float(x) for x in out.stdout.split())
    times, failed = [], 0
    with open(timings) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) >= 3:
                times.append(float(parts[1]))
                failed += parts[2] != "ok"
    shutil.rmtree(work, ignore_errors=True)
    return seconds, times, failed, peak


def run_cli_per_file(command, paths):
    """A CLI that takes one file per process (pandoc, pdftotext): spawn included."""
    times, failed = [], 0
    start = time.perf_counter()
    peak = 0.0
    for p in paths:
        t = time.perf_counter()
        process = subprocess.Popen(command(p), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # wait4 gives this child's own peak; RUSAGE_CHILDREN would be the
        # largest of every process run so far.
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        failed += process.returncode != 0
        times.append((time.perf_counter() - t) * 1000)
        peak = max(peak, usage.ru_maxrss / 1024)
    return time.perf_counter() - start, times, failed, peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--anydoc", required=True)
    parser.add_argument("--python", required=True, help="the virtualenv's python with the rivals installed")
    parser.add_argument("--formats", default="")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of anydoc and firecrawl-anydoc, each document keeping its fastest time")
    args = parser.parse_args()
    groups = collect(args.folder)
    wanted = set(filter(None, args.formats.split(",")))
    rows = []
    print(f"machine: {os.uname().sysname} {os.uname().machine}, {os.cpu_count()} cores; folder {args.folder}")
    header = (f"{'format':11} {'files':>5}  {'tool':22} {'docs/s':>9} {'pages/s':>8} {'median ms':>10} {'peak MB':>8}"
              f" {'failed':>6} {'wall s':>7}  {'anydoc ×':>9}")
    print(header)
    print("-" * len(header))
    for fmt in FORMATS:
        paths = groups.get(fmt)
        if not paths or (wanted and fmt not in wanted):
            continue
        results = []
        pages = page_count(paths) if fmt in ("pdf", "pdf-scanned") and shutil.which("pdfinfo") else 0
        if fmt == "pdf-scanned":
            # One OCR worker in all; then two, either as two documents at
            # once or as two threads sharing one document's pages.
            ours = run_anydoc(args.anydoc, paths, 1, ("--ocr-workers", "1"))
            results.append(("anydoc (1 worker)", ours))
            results.append(("anydoc (2 jobs × 1)", run_anydoc(args.anydoc, paths, 2, ("--ocr-workers", "1"))))
            results.append(("anydoc (1 job × 2)", run_anydoc(args.anydoc, paths, 1, ("--ocr-workers", "2"))))
        else:
            # Text-layer PDFs are compared as text layers: the rivals refuse
            # or skip pages without one, which anydoc would OCR by default
            # (OCR has its own row, pdf-scanned).
            extra = ("--ocr", "never") if fmt == "pdf" else ()
            ours = best_of([run_anydoc(args.anydoc, paths, 1, extra) for _ in range(max(1, args.repeat))])
            results.append(("anydoc (1 job)", ours))
            results.append((f"anydoc ({os.cpu_count()} jobs)", run_anydoc(args.anydoc, paths, os.cpu_count(), extra)))
        if fmt in ANYDOC_RIVAL:
            repeats = 1 if fmt == "pdf-scanned" else max(1, args.repeat)
            results.append(("firecrawl-anydoc", best_of(
                [run_python_rival(args.python, "firecrawl-anydoc", paths) for _ in range(repeats)])))
        if fmt in MARKITDOWN:
            results.append(("markitdown", run_python_rival(args.python, "markitdown", paths)))
        if fmt in PANDOC and PANDOC[fmt] and shutil.which("pandoc"):
            reader = PANDOC[fmt]
            results.append(("pandoc", run_cli_per_file(lambda p: ["pandoc", "-f", reader, "-t", "gfm", p], paths)))
        if fmt in ("pdf", "pdf-scanned"):
            if shutil.which("pdftotext"):
                results.append(("pdftotext", run_cli_per_file(lambda p: ["pdftotext", p, "-"], paths)))
            results.append(("pdf-inspector", run_python_rival(args.python, "pdf-inspector", paths)))
        def in_process_rate(result):
            seconds = sum(result[1]) / 1000
            return len(paths) / seconds if seconds > 0 else float("inf")
        our_rate = in_process_rate(ours) if ours else 0
        for tool, result in results:
            if result is None:
                print(f"{fmt:11} {len(paths):5}  {tool:22} {'(failed to run)':>9}")
                continue
            seconds, times, failed, peak = result
            if failed == len(paths):
                print(f"{fmt:11} {len(paths):5}  {tool:22} {'(converts none)':>9}")
                continue
            # Rows that run documents side by side are judged by the wall clock.
            parallel = tool.startswith("anydoc (") and tool != "anydoc (1 job)" and tool != "anydoc (1 worker)"
            rate = len(paths) / seconds if parallel else in_process_rate(result)
            busy = seconds if parallel else sum(times) / 1000
            page_rate = f"{pages / busy:8.1f}" if pages and busy > 0 else f"{'':8}"
            ratio = "" if tool.startswith("anydoc (") else f"{our_rate / rate:8.2f}×"
            print(f"{fmt:11} {len(paths):5}  {tool:22} {rate:9.1f} {page_rate} {statistics.median(times):10.2f} {peak:8.1f}"
                  f" {failed:6} {seconds:7.2f}  {ratio:>9}")
        if fmt == "pdf-scanned" and all(r for _, r in results[:3]):
            one = results[0][1][0]
            print(f"{'':11} OCR speed-up over one worker ({pages} pages): 2 documents at once {one / results[1][1][0]:.2f}×,"
                  f" 2 threads per document {one / results[2][1][0]:.2f}×")
        sys.stdout.flush()


# ---------------------------------------------------------------------------
# Big inputs: one large file per kind (Scripts/make-big-inputs.py), anydoc
# against the tool people reach for, whole process against whole process.

BIG_RIVALS = {
    "big.csv": [
        ("python csv module", "python", "import csv, sys\n"
         "with open(sys.argv[1], newline='') as f, open('/dev/null', 'w') as out:\n"
         "    for row in csv.reader(f): out.write('| ' + ' | '.join(row) + ' |\\n')\n"),
    ],
    "big.xlsx": [
        ("python-calamine", "python", "import sys\nfrom python_calamine import CalamineWorkbook\n"
         "wb = CalamineWorkbook.from_path(sys.argv[1])\n"
         "for name in wb.sheet_names: rows = wb.get_sheet_by_name(name).to_python()\n"),
        ("openpyxl (read-only)", "python", "import sys, openpyxl\n"
         "wb = openpyxl.load_workbook(sys.argv[1], read_only=True, data_only=True)\n"
         "for ws in wb.worksheets:\n    for row in ws.iter_rows(values_only=True): pass\n"),
    ],
    "long.docx": [("pandoc", "cli", ["pandoc", "-f", "docx", "-t", "gfm", "-o", "/dev/null"])],
    "long.pdf": [("pdftotext", "cli", ["pdftotext"])],
}


def run_measured(command):
    """Wall seconds, peak RSS in MB, exit status and CPU seconds (user +
    system) of one process. CPU time is the fairer figure on a machine
    other work shares: the wall clock counts the time spent waiting."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    return time.perf_counter() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status), cpu


def take_turns(commands, repeat):
    """`repeat` measured runs of each (tool, command), tool after tool in
    every round, so that a slow spell of a shared machine falls on every
    tool alike; the runs by tool."""
    turns = {tool: [] for tool, _ in commands}
    for _ in range(max(1, repeat)):
        for tool, command in commands:
            turns[tool].append(run_measured(command))
    return turns


def big_inputs(folder, anydoc, python, repeat):
    """Prints the big-inputs table: MB/s (pages/s for documents), peak RSS."""
    print(f"big inputs in {folder} (best of {repeat}, tools taking turns, whole process)")
    header = (f"{'input':12} {'MB':>6} {'pages':>6}  {'tool':22} {'seconds':>8} {'cpu s':>7} {'MB/s':>8} {'pages/s':>8}"
              f" {'peak MB':>8} {'exit':>4}  {'anydoc ×':>9} {'cpu ×':>7}")
    print(header)
    print("-" * len(header))
    for name, rivals in BIG_RIVALS.items():
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        size = os.path.getsize(path) / 1e6
        pages = page_count([path]) if name.endswith(".pdf") and shutil.which("pdfinfo") else (500 if name.endswith(".docx") else 0)
        # Every rival writes its text to /dev/null, so anydoc writes to
        # standard output, which run_measured sends there too: a file on
        # disk would add the filesystem's cost to one side only.
        commands = [("anydoc", [anydoc, "convert", path] + (["--ocr", "never"] if name.endswith(".pdf") else []))]
        for tool, kind, spec in rivals:
            if kind == "python":
                commands.append((tool, [python, "-c", spec, path]))
            elif shutil.which(spec[0]):
                commands.append((tool, spec + [path] + (["-"] if spec[0] == "pdftotext" else [])))
        turns = take_turns(commands, repeat)
        ours = ours_cpu = None
        for tool, command in commands:
            runs = turns[tool]
            seconds = min(r[0] for r in runs)
            peak = max(r[1] for r in runs)
            status = max((r[2] for r in runs), key=abs)
            cpu = min(r[3] for r in runs)
            ours, ours_cpu = ours or seconds, ours_cpu or cpu
            page_rate = f"{pages / seconds:8.1f}" if pages else f"{'':8}"
            ratio = "" if tool == "anydoc" else f"{seconds / ours:8.2f}×"
            cpu_ratio = "" if tool == "anydoc" else f"{cpu / max(ours_cpu, 1e-3):6.2f}×"
            print(f"{name:12} {size:6.1f} {pages or '':>6}  {tool:22} {seconds:8.2f} {cpu:7.2f} {size / seconds:8.1f} {page_rate}"
                  f" {peak:8.1f} {status:4}  {ratio:>9} {cpu_ratio:>7}")
            sys.stdout.flush()


# Prints the paths firecrawl-anydoc converts without raising.
RIVAL_PROBE = r'''
import sys, anydoc
for p in sys.argv[1:]:
    try:
        anydoc.to_markdown(p)
        print(p)
    except Exception:
        pass
'''


def batch(folder, anydoc, python, repeat):
    """The folder batch on one core: anydoc (`--jobs 1`) converting every
    file the rival reads, against firecrawl-anydoc's in-process loop over
    the same files; whole process against whole process (start-up, imports
    and, for anydoc, writing the .md files included). Scanned PDFs are left
    out (only anydoc OCRs), text PDFs run with `--ocr never`. A format the
    rival refuses every file of is left out too (its release may read fewer
    formats than its documentation lists): a refusal costs it nothing, so
    keeping those would time anydoc alone. A file it fails on in a format
    it reads stays, as part of its loop."""
    groups = collect(folder)
    candidates = {fmt: groups.get(fmt, []) for fmt in FORMATS if fmt in ANYDOC_RIVAL and groups.get(fmt)}
    everything = [p for files in candidates.values() for p in files]
    read = set(subprocess.run([python, "-c", RIVAL_PROBE, *everything], capture_output=True, text=True).stdout.splitlines())
    refused = {fmt: len(files) for fmt, files in candidates.items() if not any(p in read for p in files)}
    kept = [(fmt, p) for fmt, files in candidates.items() if fmt not in refused for p in files]
    paths = [p for _, p in kept]
    if refused:
        listed = ", ".join(f"{fmt} {count}" for fmt, count in sorted(refused.items()))
        print(f"left out: formats the rival refuses every file of ({listed})")
    work = tempfile.mkdtemp(prefix="anydoc-batch-")
    inputs = os.path.join(work, "in")
    os.makedirs(inputs)
    for i, p in enumerate(paths):
        os.symlink(os.path.abspath(p), os.path.join(inputs, f"{i:04d}-{os.path.basename(p)}"))
    ours = [anydoc, "convert", inputs, "-o", os.path.join(work, "out"), "--quiet", "--jobs", "1", "--follow-links",
            "--ocr", "never"]
    rival = [python, "-c", HARNESS, "firecrawl-anydoc", *paths]
    # Both pinned to one core: a long PDF's page threads must not count
    # as a second one.
    if shutil.which("taskset"):
        ours, rival = ["taskset", "-c", "0"] + ours, ["taskset", "-c", "0"] + rival
    print(f"batch: {len(paths)} files from {folder}, one core, whole process (best of {repeat})")
    print(f"{'tool':22} {'seconds':>8} {'cpu s':>7} {'peak MB':>8}")
    best = {}
    tools = (("anydoc (--jobs 1)", ours), ("firecrawl-anydoc", rival))
    turns = take_turns(tools, repeat)
    for tool, _ in tools:
        runs = turns[tool]
        best[tool] = (min(r[0] for r in runs), min(r[3] for r in runs))
        print(f"{tool:22} {best[tool][0]:8.2f} {best[tool][1]:7.2f} {max(r[1] for r in runs):8.1f}")
        sys.stdout.flush()
    (wall, cpu), (rival_wall, rival_cpu) = best["anydoc (--jobs 1)"], best["firecrawl-anydoc"]
    print(f"anydoc is {rival_wall / wall:.2f}× the rival by the wall clock, {rival_cpu / cpu:.2f}× by CPU time")
    batch_by_format([fmt for fmt, _ in kept], ours, rival, work)
    shutil.rmtree(work, ignore_errors=True)


def batch_by_format(formats, ours, rival, work):
    """Where each side's time goes: one more run of each, its per-file times
    summed by format (anydoc's include writing the .md file; neither counts
    start-up). `formats` names each input's format, in input order."""
    import json
    timings = os.path.join(work, "timings.tsv")
    subprocess.run(ours + ["--timings", timings], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ours_ms = {}
    with open(timings) as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            index = os.path.basename(fields[0]).split("-", 1)[0]
            if len(fields) >= 4 and index.isdigit():
                ours_ms[int(index)] = float(fields[3])
    out = subprocess.run(rival, capture_output=True, text=True)
    if out.returncode != 0 or not out.stdout.strip():
        print(f"by format: the rival's run failed (exit {out.returncode})")
        return
    rival_ms = json.loads(out.stdout.strip().splitlines()[-1])["times"]
    totals = {}
    for index, fmt in enumerate(formats):
        count, mine, theirs = totals.get(fmt, (0, 0.0, 0.0))
        totals[fmt] = (count + 1, mine + ours_ms.get(index, 0.0), theirs + rival_ms[index])
    print(f"by format (per-file times summed, one run each): {'files':>5} {'anydoc ms':>10} {'rival ms':>9} {'anydoc ×':>9}")
    for fmt, (count, mine, theirs) in sorted(totals.items(), key=lambda item: -item[1][1]):
        print(f"  {fmt:46} {count:5} {mine:10.1f} {theirs:9.1f} {theirs / max(mine, 0.001):8.2f}×")


def run_mode(flag, folder_help, run):
    """A mode named by its first argument (`--big`, `--batch`): a folder,
    the anydoc binary, the rivals' python and a repeat count."""
    options = argparse.ArgumentParser()
    options.add_argument(flag, required=True, help=folder_help)
    options.add_argument("--anydoc", required=True)
    options.add_argument("--python", required=True)
    options.add_argument("--repeat", type=int, default=3)
    parsed = options.parse_args()
    run(getattr(parsed, flag.lstrip("-")), parsed.anydoc, parsed.python, parsed.repeat)


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "--batch":
        run_mode("--batch", "the folder of documents", batch)
    elif mode == "--big":
        run_mode("--big", "folder of Scripts/make-big-inputs.py's files", big_inputs)
    else:
        main()
