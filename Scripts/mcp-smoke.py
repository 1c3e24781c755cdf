#!/usr/bin/env python3
"""End-to-end test of `anydoc mcp` with the official MCP Python client (PyPI `mcp`).

Starts `anydoc mcp --allow DOCS` over stdio on a store that already holds
DOCS (ingested into PROJECT), lists the tools, calls every one and checks
what comes back, including calls that must fail (as tool errors, or as
`invalid params` when they break a tool's schema) without ending the
server; then checks that a server started without --allow offers no
`convert`. Exits 1 when any check fails.

    Scripts/mcp-test.sh          # sets up the client, builds, ingests, runs this
    python mcp-smoke.py ANYDOC --store STORE --project PROJECT --docs DOCS
"""
import argparse
import asyncio
import hashlib
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
try:  # renamed McpError → MCPError in later releases
    from mcp.shared.exceptions import MCPError as McpError
except ImportError:
    from mcp.shared.exceptions import McpError

FAILURES = []


def check(condition, what, detail=""):
    print(("ok    " if condition else "FAIL  ") + what + (f" ({detail})" if detail and not condition else ""))
    if not condition:
        FAILURES.append(what)


def field(obj, *names):
    # The client's field names changed between releases (isError → is_error).
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    raise AttributeError(names)


def is_error(result):
    return bool(field(result, "is_error", "isError"))


def payload(result):
    """A successful tool result's structured output, which must match its text."""
    structured = field(result, "structured_content", "structuredContent")
    from_text = json.loads(result.content[0].text)
    if structured is not None and structured != from_text:
        check(False, "structured content equals the text content")
    return structured if structured is not None else from_text


class Aborted(Exception):
    """A call the remaining checks depend on failed."""


async def call(session, tool, arguments):
    result = await session.call_tool(tool, arguments)
    if is_error(result):
        check(False, f"{tool} {arguments} succeeds", result.content[0].text)
        raise Aborted(f"{tool} failed")
    return payload(result)


async def read_whole(session, resource, max_chars, **extra):
    """Pages through a resource; returns the text, the page count and the last page."""
    text, offset, pages, page = "", 0, 0, None
    while offset is not None:
        page = await call(session, "resource_read", {"resource": resource, "offset": offset, "max_chars": max_chars, **extra})
        if page["offset"] != offset or len(page["text"]) > max_chars:
            check(False, f"page of {resource} at {offset} starts there and fits {max_chars}", str(page)[:200])
        text += page["text"]
        offset = page["next_offset"]
        pages += 1
        if pages > 100_000:
            check(False, f"reading {resource} ends")
            break
    return text, pages, page


async def run(anydoc, store, project, docs):
    expected_paths = sorted(
        os.path.relpath(os.path.join(folder, name), docs)
        for folder, _, names in os.walk(docs) for name in names if not name.startswith(".")
    )
    params = StdioServerParameters(command=anydoc, args=["mcp", "--store", store, "--project", project, "--allow", docs])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(field(init, "protocol_version", "protocolVersion") == "2025-06-18", "initialize agrees on protocol 2025-06-18")
            check(field(init, "server_info", "serverInfo").name == "anydoc", "server names itself anydoc")
            await session.send_ping()

            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            check(set(tools) == {"project_list", "resource_list", "resource_read", "resource_search", "convert"},
                  "tools/list names the five tools", ", ".join(sorted(tools)))
            for tool in tools.values():
                schema = field(tool, "input_schema", "inputSchema")
                check(schema.get("type") == "object" and tool.description, f"{tool.name} has a description and an object schema")
                check(tool.annotations is not None and field(tool.annotations, "read_only_hint", "readOnlyHint") is True,
                      f"{tool.name} is marked read-only")
            check(field(tools["resource_read"], "input_schema", "inputSchema").get("required") == ["resource"], "resource_read requires 'resource'")

            projects = (await call(session, "project_list", {}))["projects"]
            check([(p["name"], p["resource_count"]) for p in projects] == [(project, len(expected_paths))],
                  "project_list shows the project and its resource count", str(projects))

            # resource_list, two at a time, until the cursor runs out.
            listing = await call(session, "resource_list", {"limit": 2})
            paths, pages = [r["path"] for r in listing["resources"]], 1
            while listing["next_cursor"]:
                listing = await call(session, "resource_list", {"limit": 2, "cursor": listing["next_cursor"]})
                paths += [r["path"] for r in listing["resources"]]
                pages += 1
            check(paths == expected_paths, "resource_list pages through every document once, by path", str(paths))
            check(pages == (len(expected_paths) + 1) // 2, "resource_list pages hold two each")
            resources = {r["path"]: r for r in (await call(session, "resource_list", {"limit": 200}))["resources"]}
            check(all(r["latest_version"] == 1 and not r["deleted"] for r in resources.values()), "every resource is at v1")

            # resource_search: a word on a slide, a phrase, a prefix, Chinese, and no match.
            hits = (await call(session, "resource_search", {"query": "welcome"}))["hits"]
            check([h["path"] for h in hits] == ["titles-order.pptx"], "search 'welcome' finds the deck", str(hits)[:300])
            if hits:
                check(hits[0]["location"] == {"kind": "slide", "number": 1, "name": "Welcome"}, "the hit is on slide 1", str(hits[0]["location"]))
                check("<mark>Welcome</mark>" in hits[0]["snippet"], "the snippet highlights the word", hits[0]["snippet"])
            hits = (await call(session, "resource_search", {"query": '"agenda for today"'}))["hits"]
            check([h["location"]["number"] for h in hits] == [2], "a phrase finds slide 2", str(hits)[:300])
            hits = (await call(session, "resource_search", {"query": '"today for agenda"'}))["hits"]
            check(hits == [], "the phrase's words in another order do not match")
            hits = (await call(session, "resource_search", {"query": "ergo* lamp"}))["hits"]
            check([h["path"] for h in hits] == ["sample-inventory.csv"], "a prefix and a word find the CSV", str(hits)[:300])
            hits = (await call(session, "resource_search", {"query": "文本编码"}))["hits"]
            check([h["path"] for h in hits] == ["chinese.md"] and "<mark>文本编码</mark>" in hits[0]["snippet"],
                  "a Chinese query finds the Chinese document", str(hits)[:300])
            hits = (await call(session, "resource_search", {"query": "乱码"}))["hits"]
            check([h["path"] for h in hits] == ["chinese.md"], "a two-character Chinese query finds it too", str(hits)[:300])
            hits = (await call(session, "resource_search", {"query": "xylophone"}))["hits"]
            check(hits == [], "a word in no document finds nothing")

            # resource_read: small pages to the end equal one whole read and its hash.
            resources_text = {}
            for path in expected_paths:
                whole = await call(session, "resource_read", {"resource": path, "max_chars": 100_000})
                resources_text[path] = whole["text"]
                text, pages, last = await read_whole(session, path, 40)
                check(whole["next_offset"] is None and text == whole["text"], f"reading {path} 40 characters at a time yields it once")
                check(len(text) == last["total_chars"], f"{path}: total_chars counts the characters")
                check(hashlib.sha256(text.encode()).hexdigest() == whole["markdown_sha256"], f"{path}: the text hashes to markdown_sha256")
                check(pages > 1 or len(text) <= 40, f"{path}: read in {pages} pages")
            deck = await call(session, "resource_read", {"resource": "titles-order.pptx", "version": "v1", "max_chars": 100_000})
            check(deck["text"].startswith("## Slide 1: Welcome\n"), "resource_read v1 returns the deck's Markdown", deck["text"][:60])
            by_hash = await call(session, "resource_read", {"resource": deck["markdown_sha256"], "max_chars": 100_000})
            check(by_hash["text"] == deck["text"] and by_hash["path"] == "titles-order.pptx", "a resource reads by its Markdown hash")
            by_id = await call(session, "resource_read", {"resource": resources["titles-order.pptx"]["id"], "max_chars": 100_000})
            check(by_id["text"] == deck["text"], "a resource reads by its id")
            # A search hit's offset opens the document at its section.
            hit = (await call(session, "resource_search", {"query": "closing"}))["hits"][0]
            opened = await call(session, "resource_read", {"resource": hit["path"], "offset": hit["offset"], "max_chars": hit["length"]})
            check(opened["text"].startswith("## Slide 4\n") and "Closing words" in opened["text"], "a hit's offset opens its section", opened["text"])

            # convert: a file outside the store, in bounded slices.
            sample = os.path.join(docs, "sample-inventory.csv")
            converted = await call(session, "convert", {"path": sample, "max_chars": 60})
            check(converted["format"] == "csv" and converted["text"].startswith("| Item | Category |"), "convert reads the CSV", converted["text"])
            check(converted["next_offset"] is not None and converted["total_chars"] > 60, "convert pages a long result")
            full = await call(session, "convert", {"path": sample, "max_chars": 100_000})
            check(full["text"].startswith(converted["text"]) and hashlib.sha256(full["text"].encode()).hexdigest() == full["markdown_sha256"],
                  "convert's slices come from one Markdown whose hash it reports")
            check(full["text"] == resources_text["sample-inventory.csv"], "convert gives the Markdown the store holds")

            # Failures are tool errors; the server keeps answering.
            for tool, arguments, code in [
                ("resource_read", {"resource": "no-such-file.md"}, "not_found"),
                ("resource_read", {"resource": "titles-order.pptx", "version": "v9"}, "not_found"),
                ("resource_read", {"resource": "titles-order.pptx\u0000.md"}, "invalid_argument"),
                ("resource_search", {"query": "   "}, "invalid_argument"),
                ("resource_list", {"cursor": "not-a-cursor"}, "invalid_argument"),
                ("resource_list", {"project": "No Such Project"}, "not_found"),
                ("convert", {"path": "/nonexistent/file.docx"}, "denied"),
                ("convert", {"path": "/etc/passwd"}, "denied"),
                ("convert", {"path": "/proc/self/maps"}, "denied"),
                ("convert", {"path": os.path.join(docs, "missing.docx")}, "io"),
                ("no_such_tool", {}, "not_found"),
            ]:
                result = await session.call_tool(tool, arguments)
                text = result.content[0].text if result.content else ""
                check(is_error(result) and text.startswith(code + ":"), f"{tool} {json.dumps(arguments, ensure_ascii=False)} fails with {code}", text)
            # Arguments outside a tool's schema are JSON-RPC invalid params.
            for tool, arguments in [
                ("resource_read", {"resource": "titles-order.pptx", "max_chars": 0}),
                ("resource_read", {"max_chars": 5}),
                ("resource_read", {"resource": "titles-order.pptx", "maxChars": 5}),
                ("resource_search", {"query": "welcome", "limit": "5"}),
                ("project_list", {"verbose": True}),
            ]:
                try:
                    result = await session.call_tool(tool, arguments)
                    check(False, f"{tool} {json.dumps(arguments)} is invalid params", result.content[0].text if result.content else "")
                except McpError as error:
                    check(error.error.code == -32602, f"{tool} {json.dumps(arguments)} is invalid params", str(error.error))
            clamped = await call(session, "resource_search", {"query": "welcome", "limit": 1000})
            check("cap" in clamped.get("note", ""), "a clamped limit is said so in a note", str(clamped.get("note")))
            await session.send_ping()
            check(True, "the server still answers after the errors")

    # Without --allow the server reads no files: convert is not offered.
    params = StdioServerParameters(command=anydoc, args=["mcp", "--store", store, "--project", project])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            names = {tool.name for tool in (await session.list_tools()).tools}
            check("convert" not in names and "resource_read" in names, "without --allow, convert is not offered", ", ".join(sorted(names)))
            result = await session.call_tool("convert", {"path": os.path.join(docs, "sample-inventory.csv")})
            text = result.content[0].text if result.content else ""
            check(is_error(result) and text.startswith("denied:"), "without --allow, calling convert is refused", text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("anydoc", help="the anydoc executable")
    parser.add_argument("--store", required=True)
    parser.add_argument("--project", required=True)
    parser.add_argument("--docs", required=True, help="the folder that was ingested into the project")
    arguments = parser.parse_args()
    try:
        asyncio.run(run(arguments.anydoc, arguments.store, arguments.project, arguments.docs))
    except Exception as error:  # the client wraps failures in exception groups
        print(f"MCP test stopped early: {error!r}")
        FAILURES.append("stopped early")
    if FAILURES:
        print(f"{len(FAILURES)} MCP checks failed.")
        sys.exit(1)
    print("All MCP checks passed.")


if __name__ == "__main__":
    main()
