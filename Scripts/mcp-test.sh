#!/usr/bin/env bash
# Tests `anydoc mcp` with a real MCP client: the official Python SDK (PyPI
# `mcp`) in a virtualenv at .build/mcp-venv (MCP_VENV overrides), created
# once. Builds anydoc, ingests a few of the project's own documents into a
# temporary store and runs Scripts/mcp-smoke.py against it.
#   Scripts/mcp-test.sh [swift build options, e.g. --scratch-path .build-x]
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${MCP_VENV:-.build/mcp-venv}"

if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import mcp" 2>/dev/null; then
  "$venv/bin/python" -m pip install -q --disable-pip-version-check mcp
fi

swift build --product anydoc "$@" >&2
anydoc="$(swift build --show-bin-path "$@")/anydoc"

work="$(mktemp -d "${TMPDIR:-/tmp}/anydoc-mcp-test-XXXXXX")"
trap 'rm -rf "$work"' EXIT
docs="$work/docs"
mkdir -p "$docs"
for name in pptx/titles-order.pptx docx/headings-formatting.docx sample-inventory.csv xlsx/sheets.xlsx; do
  cp "TestDocuments/$name" "$docs/"
done
# Chinese queries use the trigram index (three or more characters) or the
# index of letter pairs (two).
printf '# 数据转换工具测试\n\n本文件用于测试文本编码的识别与转换，不得出现乱码。\n\n第二段：搜索结果应当指向正确的位置。\n' > "$docs/chinese.md"

"$anydoc" ingest "$docs" --project "MCP Test" --store "$work/store" --quiet
"$venv/bin/python" Scripts/mcp-smoke.py "$anydoc" --store "$work/store" --project "MCP Test" --docs "$docs"
