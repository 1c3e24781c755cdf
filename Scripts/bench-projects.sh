#!/usr/bin/env bash
# Benchmarks projects with a release build: documents per second for
# `anydoc ingest` of FOLDER (default ../shared/corpus, scanned pages not
# OCRed), and resource_search latency (p50/p99 over 1,000 queries) on a
# generated project of 12,000 sections and over two documents of 1 MB that are
# each one section as written (a CSV table, a Markdown text with no heading or
# blank line), and tools/list latency while another call runs a slow search.
# Then retrieval quality over FOLDER's documents (DOCX, PPTX, PDF, HTML, EPUB,
# ODT, RTF, Markdown, text): hit@1, hit@5 and MRR of the CLI and of MCP
# resource_search for queries made of each document's distinctive words and for
# the hand-written questions of Scripts/retrieval-questions.tsv, beside a
# whole-document BM25 the benchmark computes.
# Exits 1 when search p99 misses 20 ms (100 ms on the large sections), a
# tools/list during the slow search misses 50 ms, or hit@5 misses 0.95 on the
# generated queries or 0.9 on the hand-written ones.
# Then the wall time of the same ingest through Ray on a two-node cluster
# against the plain one.
#   Scripts/bench-projects.sh [FOLDER] [swift build options, e.g. --scratch-path .build-x]
# More choices (--ocr, --jobs, --sections, --queries): Scripts/bench-projects.py --help
set -euo pipefail
cd "$(dirname "$0")/.."
folder="${1:-../shared/corpus}"
shift || true

swift build -c release --product anydoc "$@" >&2
anydoc="$(swift build -c release --show-bin-path "$@")/anydoc"
status=0
python3 Scripts/bench-projects.py --anydoc "$anydoc" --folder "$folder" || status=$?

# Ingest through Ray (Scripts/ray-ingest.py, two nodes on this machine)
# against a plain ingest of the same folder; needs the Ray virtualenv.
bench_ray() {
  Scripts/setup-ray-venv.sh
  .build/ray-venv/bin/python Scripts/ray-bench.py "$anydoc" "$folder"
}
bench_ray
exit $status
