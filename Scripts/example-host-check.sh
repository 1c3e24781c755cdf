#!/usr/bin/env bash
# Builds Examples/AgentHost (a package that uses the library through its
# public products only) and drives it: ingest a folder, then answer tool
# calls whose arguments it decodes with Foundation's default coders.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build --package-path Examples/AgentHost "$@" >/dev/null
host=$(swift build --package-path Examples/AgentHost "$@" --show-bin-path)/AgentHost
mkdir -p "$work/docs"
cp TestDocuments/docx/headings-formatting.docx TestDocuments/sample-inventory.csv "$work/docs/"
output=$(printf '%s\n' \
    '{"tool":"resource_list","arguments":{"limit":1}}' \
    '{"tool":"resource_read","arguments":{"resource":"sample-inventory.csv","max_chars":25}}' \
    '{"tool":"resource_search","arguments":{"query":"Lighting"}}' \
    "{\"tool\":\"convert\",\"arguments\":{\"path\":\"$work/docs/sample-inventory.csv\",\"max_chars\":12}}" \
    "{\"tool\":\"convert\",\"arguments\":{\"path\":\"$root/TestDocuments/sample-inventory.csv\"}}" \
    | "$host" "$work/store" "$work/docs")
echo "$output"
fail() { echo "example host check failed: $1" >&2; exit 1; }
# The host's own List, Table, Link and Image are used unqualified beside
# AnyDocSwift's model (that it compiled is the check); the walk counts.
cat >"$work/summary.html" <<'HTML'
<html><body><ul><li>one</li><li>two</li></ul><table><tr><th>a</th></tr><tr><td>b</td></tr></table>
<p><a href="https://example.com/">site</a> <img src="https://example.com/x.png" alt="pic"></p></body></html>
HTML
summary=$("$host" --summary "$work/summary.html")
echo "$summary"
[ "$summary" = "lists 1, tables 1, links 1, images 1" ] || fail "the summary walk counted wrongly"
grep -q '^ingesting 2 files$' <<<"$output" || fail "no started event"
grep -q '^done: 2 added, 0 failed$' <<<"$output" || fail "no finished event"
grep -q '"next_cursor":"' <<<"$output" || fail "limit 1 gave no next page"
# max_chars decoded by a plain JSONDecoder: exactly 25 scalars came back.
python3 - "$output" <<'PY' || fail "a tool answered wrongly (max_chars ignored, or a path outside the granted folder read)"
import json, sys
lines = [json.loads(l) for l in sys.argv[1].splitlines() if l.startswith("{")]
read = next(l for l in lines if "total_chars" in l)
assert len(read["text"]) == 25, read
convert = next(l for l in lines if l.get("path", "").endswith("docs/sample-inventory.csv") and "markdown_sha256" in l and "resource_id" not in l)
assert len(convert["text"]) == 12, convert
# A path the model gives outside the granted folder is refused.
assert any(l.get("error") == "denied" for l in lines), lines
search = next(l for l in lines if "hits" in l)
assert search["hits"], search
PY
echo "example host check passed"
