#!/usr/bin/env bash
# Benchmarks anydoc against firecrawl-anydoc, markitdown, pdf-inspector (PyPI),
# pandoc and pdftotext (apt) on the same files, per format, in one run.
#   Scripts/bench.sh [FOLDER] [--formats docx,pdf]
# FOLDER defaults to ../shared/corpus. The rivals go into a virtualenv in
# .build/bench-venv (override with BENCH_VENV).
set -euo pipefail
cd "$(dirname "$0")/.."
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
