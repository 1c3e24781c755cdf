#!/usr/bin/env python3
"""Benchmarks anydoc's projects: ingestion speed and search latency.

1. Ingest: `anydoc ingest FOLDER` into an empty store, then again (nothing
   changed), reporting documents per second for both.
2. Search: generates a synthetic project of Markdown documents (English-like
   words with a Zipf distribution, some Chinese paragraphs) with at least
   --sections sections, ingests it, and times --queries searches (single
   words, word pairs, phrases, prefixes, Chinese terms of two to four
   characters) drawn from the indexed text.
3. Large sections: a CSV of --large-mb megabytes (one Markdown table, a word
   on every row) and a Markdown document of the same size with no heading
   and no blank line: each a single section as written, which made search
   cost grow with the square of its size. Times --large-queries searches
   over them (the same kinds, plus the word on every row and four terms
   joined by OR); the target is p99 under 100 ms.

Queries go through one long-running `anydoc mcp` process as `resource_search`
tool calls, timed from request to response: that is the latency an agent
sees, without the start-up of a new process per query, which would measure
process creation rather than the query path.

3. Stall: while one call runs a slow search (the slowest of a few heavy
   queries: many OR'ed prefixes), `tools/list` is sent every 10 ms; each must
   be answered within 50 ms, not after the search.

    python3 Scripts/bench-projects.py --anydoc .build/release/anydoc [--folder DIR]
"""
import argparse
import json
import math
import os
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

SYLLABLES = ["ka", "lo", "mi", "ren", "sto", "var", "quel", "dun", "pri", "tes", "na", "bor", "el", "fin", "gra",
             "hol", "ist", "jor", "kel", "lum", "mor", "nex", "ost", "pel", "rin", "sul", "tor", "uv", "wen", "zan"]
# Common characters of Simplified Chinese, paired into two-character words.
HANZI = ("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后"
         "多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由"
         "其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月"
         "公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将")
TARGET_MS = 20.0
STALL_TARGET_MS = 50.0
LARGE_TARGET_MS = 100.0


def percentile(values, fraction):
    """The nearest-rank percentile: the smallest value at least `fraction` of all are no larger than."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def run_ingest(anydoc, folder, store, project, jobs, ocr):
    command = [anydoc, "ingest", folder, "--project", project, "--store", store, "--json", "--ocr", ocr]
    if jobs:
        command += ["--jobs", str(jobs)]
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode not in (0, 1):
        sys.exit(f"ingest failed ({result.returncode}): {result.stderr}")
    summary = json.loads(result.stdout)
    return summary, seconds


def bench_ingest(anydoc, folder, work, jobs, ocr):
    store = os.path.join(work, "ingest-store")
    first, first_seconds = run_ingest(anydoc, folder, store, "ingest", jobs, ocr)
    again, again_seconds = run_ingest(anydoc, folder, store, "ingest", jobs, ocr)
    files = len(first["items"]) + len(first["failed"])
    print(f"Ingest of {folder} (--ocr {ocr}, --jobs {jobs or 'cores'}):")
    print(f"  first run : {files} documents ({first['added']} stored, {len(first['failed'])} failed, "
          f"{len(first['skipped'])} skipped) in {first_seconds:.2f} s = {files / first_seconds:.1f} documents/s")
    print(f"  unchanged : {len(again['items']) + len(again['failed'])} documents ({again['unchanged']} unchanged) in "
          f"{again_seconds:.2f} s = {files / again_seconds:.1f} documents/s")


class Vocabulary:
    def __init__(self, rng, size):
        words = set()
        while len(words) < size:
            words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))))
        self.words = sorted(words)
        rng.shuffle(self.words)
        # Zipf: the word of rank r is drawn with weight 1/r.
        self.weights = [1.0 / (rank + 1) for rank in range(size)]
        self.chinese_words = sorted({rng.choice(HANZI) + rng.choice(HANZI) for _ in range(1500)})
        self.rng = rng

    def sentence(self, length):
        words = self.rng.choices(self.words, weights=self.weights, k=length)
        return " ".join(words).capitalize() + "."

    def chinese_sentence(self, length):
        return "".join(self.rng.choice(self.chinese_words) for _ in range(length)) + "。"


def generate_documents(folder, rng, sections_wanted, sections_per_document):
    vocabulary = Vocabulary(rng, 6000)
    documents = (sections_wanted + sections_per_document - 1) // sections_per_document
    os.makedirs(folder)
    for number in range(documents):
        parts = [f"# {vocabulary.sentence(4)[:-1]}\n"]
        chinese = number % 8 == 0
        for section in range(sections_per_document - 1):
            level = "##" if section % 4 == 0 else "###"
            parts.append(f"{level} {vocabulary.sentence(rng.randint(2, 5))[:-1]}\n")
            for _ in range(rng.randint(1, 3)):
                parts.append(" ".join(vocabulary.sentence(rng.randint(6, 18)) for _ in range(rng.randint(2, 5))) + "\n")
            if chinese:
                parts.append(vocabulary.chinese_sentence(rng.randint(10, 30)) + "\n")
        with open(os.path.join(folder, f"doc-{number:05d}.md"), "w", encoding="utf-8") as out:
            out.write("\n".join(parts))
    return documents


def section_texts(store):
    with sqlite3.connect(f"file:{store}/store.sqlite?mode=ro", uri=True) as database:
        return [row[0] for row in database.execute("SELECT body FROM sections")]


def make_queries(rng, bodies, count):
    english = [body.split() for body in bodies]
    english = [[word.strip(".,").lower() for word in words if word.isascii() and word.strip(".,#").isalpha()] for words in english]
    english = [words for words in english if len(words) >= 4]
    chinese = ["".join(ch for ch in body if "\u4e00" <= ch <= "\u9fff") for body in bodies]
    chinese = [text for text in chinese if len(text) >= 8]
    kinds = ["word"] * 40 + ["two words"] * 15 + ["phrase"] * 15 + ["prefix"] * 15 + ["chinese 2"] * 5 + ["chinese 3-4"] * 10
    queries = []
    for _ in range(count):
        kind = rng.choice(kinds)
        if kind.startswith("chinese") and chinese:
            text = rng.choice(chinese)
            length = 2 if kind == "chinese 2" else rng.randint(3, 4)
            start = rng.randrange(len(text) - length)
            queries.append((kind, text[start:start + length]))
            continue
        words = rng.choice(english)
        start = rng.randrange(len(words) - 3)
        if kind == "word":
            queries.append((kind, words[start]))
        elif kind == "two words":
            queries.append((kind, f"{words[start]} {rng.choice(words)}"))
        elif kind == "phrase":
            queries.append((kind, '"' + " ".join(words[start:start + rng.randint(2, 3)]) + '"'))
        else:
            word = words[start]
            queries.append((kind, word[:rng.randint(3, max(3, min(5, len(word) - 1)))] + "*"))
    return queries


class MCPClient:
    """Newline-delimited JSON-RPC over the server's stdin and stdout. A
    reader thread files responses by id with their arrival time, since the
    server answers calls in the order they finish."""

    def __init__(self, anydoc, store, project, extra=()):
        self.process = subprocess.Popen([anydoc, "mcp", "--store", store, "--project", project, *extra],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.next_id = 0
        self.responses = {}
        self.arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench-projects", "version": "1"}})
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")

    def _read(self):
        for line in self.process.stdout:
            response = json.loads(line)
            with self.arrived:
                self.responses[response.get("id")] = (time.perf_counter(), response)
                self.arrived.notify_all()

    def send(self, method, params):
        """Sends a request without waiting; returns its id and when it was sent."""
        self.next_id += 1
        sent = time.perf_counter()
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}) + "\n")
        return self.next_id, sent

    def wait(self, request_id, timeout=600):
        """The response to a request and when it arrived."""
        with self.arrived:
            if not self.arrived.wait_for(lambda: request_id in self.responses, timeout):
                sys.exit(f"no response to request {request_id} within {timeout} s")
            return self.responses.pop(request_id)

    def cpu_seconds(self):
        """The server's time on a CPU so far, all its threads (calls run on
        workers): /proc's schedstat counts it in nanoseconds, unlike wall
        time unaffected by other processes."""
        total = 0
        for task in os.listdir(f"/proc/{self.process.pid}/task"):
            try:
                with open(f"/proc/{self.process.pid}/task/{task}/schedstat") as stat:
                    total += int(stat.read().split()[0])
            except FileNotFoundError:  # a thread that just ended
                pass
        return total / 1e9

    def request(self, method, params):
        _, response = self.wait(self.send(method, params)[0])
        if "error" in response:
            sys.exit(f"{method} failed: {response['error']}")
        return response["result"]

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def bench_search(anydoc, work, rng, sections_wanted, query_count):
    docs = os.path.join(work, "synthetic")
    store = os.path.join(work, "search-store")
    documents = generate_documents(docs, rng, sections_wanted, 30)
    summary, seconds = run_ingest(anydoc, docs, store, "bench", 0, "never")
    bodies = section_texts(store)
    size = sum(os.path.getsize(os.path.join(docs, name)) for name in os.listdir(docs))
    print(f"Synthetic project: {documents} Markdown documents ({size / 1e6:.1f} MB), {len(bodies)} sections, "
          f"ingested in {seconds:.2f} s = {documents / seconds:.1f} documents/s")
    if len(bodies) < sections_wanted:
        sys.exit(f"only {len(bodies)} sections, wanted {sections_wanted}")

    queries = make_queries(rng, bodies, query_count)
    p99 = time_queries(anydoc, store, "bench", queries, TARGET_MS)
    stall_met = bench_stall(anydoc, store, rng, bodies)
    return p99 < TARGET_MS and stall_met


def time_queries(anydoc, store, project, queries, target_ms):
    """Runs the queries through one `anydoc mcp` and prints their latency by kind; returns the p99."""
    client = MCPClient(anydoc, store, project)
    for _, text in queries[:20]:  # warm the page cache and the prepared statements
        client.request("tools/call", {"name": "resource_search", "arguments": {"query": text}})
    wall, cpu, empty = {}, {}, 0
    for kind, text in queries:
        cpu_start = client.cpu_seconds()
        start = time.perf_counter()
        result = client.request("tools/call", {"name": "resource_search", "arguments": {"query": text, "limit": 10}})
        elapsed = (time.perf_counter() - start) * 1000
        cpu.setdefault(kind, []).append((client.cpu_seconds() - cpu_start) * 1000)
        if result.get("isError"):
            sys.exit(f"query {text!r} failed: {result['content'][0]['text']}")
        if not result["structuredContent"]["hits"]:
            empty += 1
        wall.setdefault(kind, []).append(elapsed)
    # The cost of the round trip itself: a ping does no work.
    pings = []
    for _ in range(200):
        start = time.perf_counter()
        client.request("ping", {})
        pings.append((time.perf_counter() - start) * 1000)
    client.close()

    def row(kind, values, cpu_values):
        return (f"  {kind:<12} {len(values):>5} {statistics.median(values):>7.2f} {percentile(values, 0.9):>7.2f} "
                f"{percentile(values, 0.99):>7.2f} {max(values):>7.2f}   {statistics.median(cpu_values):>7.2f} "
                f"{percentile(cpu_values, 0.99):>7.2f}")

    every = [value for values in wall.values() for value in values]
    every_cpu = [value for values in cpu.values() for value in values]
    with open("/proc/loadavg") as load:
        load_average = load.read().split()[0]
    print(f"Search latency over {len(every)} resource_search calls (limit 10) through `anydoc mcp`, milliseconds "
          f"(load average {load_average} on {os.cpu_count()} cores):")
    print(f"  {'kind':<12} {'count':>5} {'p50':>7} {'p90':>7} {'p99':>7} {'max':>7}   {'cpu p50':>7} {'cpu p99':>7}")
    for kind in sorted(wall):
        print(row(kind, wall[kind], cpu[kind]))
    print(row("all", every, every_cpu))
    print(f"  {empty} queries found nothing (all words of a query must match); a ping's round trip takes "
          f"{statistics.median(pings):.2f} ms (p99 {percentile(pings, 0.99):.2f}).")
    p99 = percentile(every, 0.99)
    print(f"p99 {p99:.2f} ms (server CPU time p99 {percentile(every_cpu, 0.99):.2f} ms): "
          f"{'within' if p99 < target_ms else 'OVER'} the {target_ms:.0f} ms target.")
    return p99


def generate_large_sections(folder, rng, size):
    """A CSV and a Markdown document of about `size` bytes each, neither with a heading or a blank line."""
    vocabulary = Vocabulary(rng, 6000)
    os.makedirs(folder)
    with open(os.path.join(folder, "large.csv"), "w", encoding="utf-8") as out:
        out.write("id,name,status,note\n")
        row, written = 0, 0
        while written < size:
            line = f"{row},{vocabulary.sentence(2)[:-1]},active,{vocabulary.sentence(rng.randint(3, 8))}\n"
            out.write(line)
            written += len(line.encode())
            row += 1
    with open(os.path.join(folder, "large.md"), "w", encoding="utf-8") as out:
        written = 0
        while written < size:
            line = " ".join(vocabulary.sentence(rng.randint(6, 18)) for _ in range(rng.randint(2, 5)))
            if rng.random() < 0.1:
                line += " " + vocabulary.chinese_sentence(rng.randint(10, 30))
            out.write(line + "\n")
            written += len(line.encode()) + 1


def bench_large_sections(anydoc, work, rng, megabytes, query_count):
    docs = os.path.join(work, "large")
    store = os.path.join(work, "large-store")
    generate_large_sections(docs, rng, int(megabytes * 1_000_000))
    summary, seconds = run_ingest(anydoc, docs, store, "large", 0, "never")
    bodies = section_texts(store)
    print(f"Large sections: a {megabytes:g} MB CSV and a {megabytes:g} MB Markdown document, each one section as "
          f"written, ingested in {seconds:.2f} s as {len(bodies)} pieces")
    queries = make_queries(rng, bodies, query_count)
    for index in range(0, len(queries), 10):
        queries[index] = ("every row", "active")
    for index in range(5, len(queries), 10):
        words = [word for word in rng.choice(bodies).split() if word.isascii() and word.isalpha()] or ["active"]
        queries[index] = ("four OR", " OR ".join(rng.choice(words).lower() for _ in range(4)))
    p99 = time_queries(anydoc, store, "large", queries, LARGE_TARGET_MS)
    return p99 < LARGE_TARGET_MS


def heavy_queries(rng, bodies):
    """Queries that make a search work hard within the query limits (32
    words, 4 prefixes): common words and short prefixes OR'ed together, each
    matching much of the index."""
    counts = {}
    for body in bodies[:3000]:
        for word in body.split():
            word = word.strip(".,").lower()
            if word.isascii() and word.isalpha() and len(word) >= 3:
                counts[word] = counts.get(word, 0) + 1
    common = sorted(counts, key=counts.get, reverse=True)
    prefixes = sorted({word[:2] for word in common[:200]}, key=lambda p: -sum(counts[w] for w in common[:200] if w.startswith(p)))
    return [
        " OR ".join([f"{prefix}*" for prefix in prefixes[:4]] + common[:28]),
        " OR ".join(common[:32]),
        " OR ".join(f"{prefix}*" for prefix in prefixes[:4]),
        " ".join(rng.sample(common[:50], 3)),
    ]


def bench_stall(anydoc, store, rng, bodies):
    """How long tools/list waits while another call runs a slow search: the
    slowest heavy query is sent, then tools/list every 10 ms until it ends."""
    client = MCPClient(anydoc, store, "bench", ["--call-timeout", "120"])
    slowest, slowest_ms = None, 0.0
    for query in heavy_queries(rng, bodies):
        request_id, sent = client.send("tools/call", {"name": "resource_search", "arguments": {"query": query, "limit": 50}})
        arrived, response = client.wait(request_id)
        elapsed = (arrived - sent) * 1000
        if "error" not in response and elapsed > slowest_ms:
            slowest, slowest_ms = query, elapsed
    if slowest is None:
        client.close()
        print("Stall: no heavy query ran (all refused); tools/list during a slow search not measured.")
        return True
    search_id, search_sent = client.send("tools/call", {"name": "resource_search", "arguments": {"query": slowest, "limit": 50}})
    latencies = []
    while True:
        list_id, list_sent = client.send("tools/list", {})
        list_arrived, _ = client.wait(list_id)
        with client.arrived:
            search_done = search_id in client.responses
        if search_done:
            break
        latencies.append((list_arrived - list_sent) * 1000)
        time.sleep(0.01)
    search_arrived, _ = client.wait(search_id)
    client.close()
    search_ms = (search_arrived - search_sent) * 1000
    if not latencies:
        print(f"Stall: the slowest heavy search took {search_ms:.0f} ms, too short to send tools/list during it.")
        return True
    worst = max(latencies)
    print(f"Stall: {len(latencies)} tools/list calls sent while a {search_ms:.0f} ms search ran ({len(slowest.split())} "
          f"terms): p50 {statistics.median(latencies):.2f} ms, max {worst:.2f} ms: "
          f"{'within' if worst < STALL_TARGET_MS else 'OVER'} the {STALL_TARGET_MS:.0f} ms target.")
    return worst < STALL_TARGET_MS


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--anydoc", required=True, help="the anydoc executable (a release build)")
    parser.add_argument("--folder", help="documents to time ingestion on (default: no ingestion benchmark)")
    parser.add_argument("--jobs", type=int, default=0, help="ingest workers (default: the cores)")
    parser.add_argument("--ocr", default="never", choices=["auto", "always", "never"],
                        help="OCR of scanned PDF pages while ingesting --folder (default never: OCR dominates otherwise)")
    parser.add_argument("--sections", type=int, default=12_000, help="sections in the synthetic search index")
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--large-mb", type=float, default=1.0, help="size of each single-section document, in MB")
    parser.add_argument("--large-queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=20251130)
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="anydoc-bench-projects-")
    try:
        if arguments.folder:
            bench_ingest(arguments.anydoc, arguments.folder, work, arguments.jobs, arguments.ocr)
        met = bench_search(arguments.anydoc, work, random.Random(arguments.seed), arguments.sections, arguments.queries)
        met = bench_large_sections(arguments.anydoc, work, random.Random(arguments.seed), arguments.large_mb,
                                   arguments.large_queries) and met
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
