#!/usr/bin/env bash
# Makes the virtualenv Scripts/ray-ingest.py and the Ray test run in, with
# `ray` from PyPI, unless it is there already.
#   Scripts/setup-ray-venv.sh [folder, default .build/ray-venv]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${1:-${RAY_VENV:-.build/ray-venv}}"
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import ray" 2>/dev/null; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check ray
fi
