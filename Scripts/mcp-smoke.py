#!/usr/bin/env python3
"""Smoke test for `anydoc mcp` with the official MCP Python client (PyPI `mcp`).

Ingests a few documents into a temporary store, starts `anydoc mcp` over stdio,
lists the tools and calls each one, including calls that must fail as tool
errors without ending the server.

    python3 -m venv /tmp/mcp-venv && /tmp/mcp-venv/bin/pip install mcp
    /tmp/mcp-venv/bin/python Scripts/mcp-smoke.py [path/to/anydoc]
"""
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def field(obj, *names):
    # The client's field names changed between releases (isError → is_error).
    for name in names:
        if hasattr(obj, name):
            return getattr(obj, name)
    raise AttributeError(names)


def payload(result):
    structured = field(result, "structured_content", "structuredContent")
    if structured is not None:
        return structured
    return json.loads(result.content[0].text)


async def smoke(anydoc, store, sample):
    params = StdioServerParameters(command=anydoc, args=["mcp", "--store", store, "--project", "smoke"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            print("initialize:", field(init, "protocol_version", "protocolVersion"), field(init, "server_info", "serverInfo").name)
            await session.send_ping()
            tools = (await session.list_tools()).tools
            names = sorted(tool.name for tool in tools)
            print("tools:", ", ".join(names))
            assert {"resource_list", "resource_read", "resource_search", "convert"} <= set(names)

            listing = payload(await session.call_tool("resource_list", {"limit": 2}))
            paths = [resource["path"] for resource in listing["resources"]]
            print("resource_list page 1:", paths, "next_cursor:", bool(listing["next_cursor"]))
            while listing["next_cursor"]:
                listing = payload(await session.call_tool("resource_list", {"limit": 2, "cursor": listing["next_cursor"]}))
                paths += [resource["path"] for resource in listing["resources"]]
            print("resource_list all:", paths)

            hits = payload(await session.call_tool("resource_search", {"query": "welcome"}))["hits"]
            print("resource_search 'welcome':", [(hit["path"], hit["location"], hit["snippet"]) for hit in hits])
            assert hits, "no hits"
            hits = payload(await session.call_tool("resource_search", {"query": "文本编码"}))["hits"]
            print("resource_search '文本编码':", [(hit["path"], hit["snippet"]) for hit in hits])

            text, offset, pages = "", 0, 0
            while offset is not None:
                page = payload(await session.call_tool("resource_read", {"resource": hits[0]["path"] if hits else paths[0], "offset": offset, "max_chars": 80}))
                text += page["text"]
                offset = page["next_offset"]
                pages += 1
            print(f"resource_read: {pages} pages, {len(text)} chars, total_chars {page['total_chars']}, sha {page['markdown_sha256'][:12]}")
            assert len(text) == page["total_chars"]

            converted = payload(await session.call_tool("convert", {"path": sample, "max_chars": 60}))
            print("convert:", converted["format"], repr(converted["text"]), "next_offset", converted["next_offset"])

            bad = await session.call_tool("resource_read", {"resource": "no-such-file.md"})
            print("resource_read missing → isError:", field(bad, "is_error", "isError"), "|", bad.content[0].text)
            assert field(bad, "is_error", "isError")
            bad = await session.call_tool("convert", {"path": "/nonexistent/file.docx"})
            print("convert missing → isError:", field(bad, "is_error", "isError"), "|", bad.content[0].text)
            assert field(bad, "is_error", "isError")
            await session.send_ping()
            print("server still answering after errors: ok")


def main():
    anydoc = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build-projects", "debug", "anydoc")
    work = tempfile.mkdtemp(prefix="anydoc-mcp-smoke-")
    try:
        docs = os.path.join(work, "docs")
        os.makedirs(docs)
        for name in ["pptx/titles-order.pptx", "docx/headings-formatting.docx", "sample-inventory.csv", "xlsx/sheets.xlsx"]:
            shutil.copy(os.path.join(ROOT, "TestDocuments", name), docs)
        chinese = os.path.join(ROOT, "..", "shared", "corpus", "txt", "gen_chinese_gb18030.txt")
        if os.path.exists(chinese):
            shutil.copy(chinese, docs)
        store = os.path.join(work, "store")
        subprocess.run([anydoc, "ingest", docs, "--project", "smoke", "--store", store, "--quiet"], check=True)
        asyncio.run(smoke(anydoc, store, os.path.join(docs, "sample-inventory.csv")))
        print("MCP smoke test passed.")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
