#!/usr/bin/env bash
# OCR fidelity on the project's own scans: word recall per language with
# default options, and heading and list recovery, beside tesseract alone and
# the Python tools Scripts/bench.sh runs (in .build/bench-venv, or BENCH_VENV).
#   Scripts/bench-ocr.sh [swift build options]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v tesseract >/dev/null; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends tesseract-ocr >/dev/null
fi
venv="${BENCH_VENV:-.build/bench-venv}"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q markitdown pdf-inspector
swift build -c release --product anydoc "$@" >&2
python3 Scripts/bench-ocr.py --anydoc "$(swift build -c release --show-bin-path "$@")/anydoc" --python "$venv/bin/python"
