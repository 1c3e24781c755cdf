#!/usr/bin/env bash
# Benchmarks anydoc against firecrawl-anydoc, markitdown, pdf-inspector (PyPI),
# pandoc and pdftotext (apt) on the same files, per format, in one run.
#   Scripts/bench.sh [FOLDER] [--formats docx,pdf]
# FOLDER defaults to ../shared/corpus. The rivals go into a virtualenv in
# .build/bench-venv (override with BENCH_VENV).
#
#   Scripts/bench.sh --startup
# measures only whole-process start-up (Scripts/bench-startup.py): CPU time of
# `anydoc --version` and of converting a small DOCX, PDF and image, beside
# pandoc and pdftotext. The full run prints the same table at its end.
#
#   Scripts/bench.sh --memory
# measures anydoc's peak resident memory (/usr/bin/time) on large inputs
# made in /tmp: a 100 MB CSV that is one field, the same as text, and the
# 30 MB workbook of Scripts/make-large-xlsx.py. Figures on the 2-core
# development machine (release build, December 2026):
#   input                         peak RSS    exit
#   100 MiB single-field CSV      137 MiB     1, resource limit (before: 538 MiB, converted)
#   100 MiB single-line TXT       238 MiB     0 (before: 338 MiB)
#   28.8 MiB xlsx (3.6 M cells)   127 MiB     0
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--memory" ]; then
  swift build -c release --product anydoc >&2
  anydoc="$(swift build -c release --show-bin-path)/anydoc"
  python3 -c "open('/tmp/anydoc-one-field.csv', 'wb').write(b'a' * (100 << 20))"
  cp /tmp/anydoc-one-field.csv /tmp/anydoc-one-field.txt
  [ -f /tmp/anydoc-large.xlsx ] || python3 Scripts/make-large-xlsx.py /tmp/anydoc-large.xlsx >/dev/null
  printf '%-32s %10s %s\n' input "peak RSS" exit
  for input in /tmp/anydoc-one-field.csv /tmp/anydoc-one-field.txt /tmp/anydoc-large.xlsx; do
    peak=$( { /usr/bin/time -f '%M' "$anydoc" convert "$input" -o /tmp/anydoc-memory.md 2>&1 >/dev/null || true; } | tail -1)
    status=$( "$anydoc" convert "$input" -o /tmp/anydoc-memory.md >/dev/null 2>&1 && echo 0 || echo $? )
    printf '%-32s %7d MB %s\n' "$(basename "$input") ($(( $(stat -c %s "$input") >> 20 )) MB)" $(( peak / 1024 )) "$status"
  done
  rm -f /tmp/anydoc-memory.md
  exit 0
fi

# Big inputs (see Scripts/make-big-inputs.py): a 300k-row CSV against
# Python's csv module, a 200k-row, 10-column XLSX against python-calamine
# and openpyxl (read-only), a 500-page DOCX against pandoc and a
# 1,000-page PDF against pdftotext, with peak RSS for each.
#   Scripts/bench.sh --big [FOLDER]     (FOLDER defaults to /tmp/anydoc-big)
if [ "${1:-}" = "--big" ]; then
  big="${2:-/tmp/anydoc-big}"
  venv="${BENCH_VENV:-.build/bench-venv}"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q python-calamine openpyxl python-docx fpdf2
  if ! command -v pandoc >/dev/null || ! command -v pdftotext >/dev/null; then
    sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    { $sudo_cmd apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq pandoc poppler-utils >/dev/null; } ||
      echo "(pandoc or pdftotext could not be installed: their rows are left out)" >&2
  fi
  "$venv/bin/python" Scripts/make-big-inputs.py "$big" >/dev/null
  swift build -c release --product anydoc >&2
  python3 Scripts/bench.py --big "$big" --anydoc "$(swift build -c release --show-bin-path)/anydoc" --python "$venv/bin/python"
  exit 0
fi

# Table score (cell F1 against the source tables) and PDF pages/s on the
# table PDFs of Scripts/make-pdf-table-fixtures.py, against pymupdf4llm and
# pdf-inspector.
#   Scripts/bench.sh --pdf-tables
if [ "${1:-}" = "--pdf-tables" ]; then
  venv="${BENCH_VENV:-.build/bench-venv}"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q "pymupdf4llm==1.27.2.3" pdf-inspector
  swift build -c release --product anydoc >&2
  python3 Scripts/bench-pdf-tables.py --anydoc "$(swift build -c release --show-bin-path)/anydoc" --python "$venv/bin/python"
  exit 0
fi

if [ "${1:-}" = "--startup" ]; then
  swift build -c release --product anydoc >&2
  python3 Scripts/bench-startup.py --anydoc "$(swift build -c release --show-bin-path)/anydoc"
  exit 0
fi

# The folder batch on one core against firecrawl-anydoc's in-process loop
# over the same files, whole process against whole process, both pinned to
# one CPU (taskset); formats the rival refuses every file of are left out.
#   Scripts/bench.sh --batch [FOLDER]   (FOLDER defaults to ../shared/corpus)
if [ "${1:-}" = "--batch" ]; then
  venv="${BENCH_VENV:-.build/bench-venv}"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q firecrawl-anydoc
  swift build -c release --product anydoc >&2
  python3 Scripts/bench.py --batch "${2:-../shared/corpus}" --anydoc "$(swift build -c release --show-bin-path)/anydoc" --python "$venv/bin/python"
  exit 0
fi

folder="${1:-../shared/corpus}"
shift || true
venv="${BENCH_VENV:-.build/bench-venv}"

missing=()
for package in pandoc poppler-utils; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/pip" install -q firecrawl-anydoc "markitdown[all]" pdf-inspector

swift build -c release --product anydoc >&2
python3 Scripts/bench.py "$folder" --anydoc "$(swift build -c release --show-bin-path)/anydoc" --python "$venv/bin/python" "$@"
# Whole-process start-up beside pandoc and pdftotext (also alone: --startup).
python3 Scripts/bench-startup.py --anydoc "$(swift build -c release --show-bin-path)/anydoc"
