#!/usr/bin/env bash
# Tests Scripts/ray-ingest.py on a Ray cluster of two nodes on this machine:
# ingests ../shared/corpus (--ocr never) through Ray and through a plain
# `anydoc ingest`, and checks the two stores agree. Ray (PyPI `ray`) runs in
# a virtualenv at .build/ray-venv (RAY_VENV overrides), created once by
# Scripts/setup.sh or here. Skipped when the corpus is absent.
#   Scripts/ray-test.sh [swift build options, e.g. --scratch-path .build-x]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${RAY_VENV:-.build/ray-venv}"
corpus="../shared/corpus"
if [ ! -d "$corpus" ]; then
  echo "ray-test: no corpus at $corpus; skipped" >&2
  exit 0
fi
Scripts/setup-ray-venv.sh "$venv"

swift build --product anydoc "$@" >&2
anydoc="$(swift build --show-bin-path "$@")/anydoc"

work="$(mktemp -d "${TMPDIR:-/tmp}/anydoc-ray-test-XXXXXX")"
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" Scripts/ray-cluster-test.py "$anydoc" "$corpus" "$work"
