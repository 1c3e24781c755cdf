#!/usr/bin/env python3
"""Lists public declarations without a doc comment and fails if any.

A declaration is documented when a `///` or `/** */` comment sits right
above it (attributes between are fine). Members that implement a protocol
requirement take the protocol's documentation, as DocC shows it: Swift's
own (`encode(to:)`, `init(from:)`, `description`, ...) and those of the
protocols declared in Sources.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LIBRARIES = ["Sources/AnyDocSwift", "Sources/AnyDocPDF", "Sources/AnyDocProjects"]
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|class|override|mutating|nonisolated|indirect|convenience|required|lazy|private\(set\)|internal\(set\))\s+)*"
    r"(func|var|let|init|struct|class|enum|protocol|typealias|subscript|case|actor)\b\s*([A-Za-z_`][\w`]*)?")
WITNESSES = {"encode", "description", "debugDescription", "hashValue", "makeIterator", "next", "rawValue", "allCases"}


def protocol_requirements(files):
    names = set()
    for path in files:
        text = path.read_text()
        for match in re.finditer(r"public protocol \w+[^{]*\{(.*?)\n\}", text, re.S):
            names.update(re.findall(r"(?:func|var)\s+(\w+)", match.group(1)))
    return names


def undocumented(path, requirements):
    lines = path.read_text().splitlines()
    found = []
    for index, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match or re.match(r"^\s*public\s+extension\b", line):
            continue
        kind, name = match.group(1), (match.group(2) or "").strip("`")
        if kind == "init" and "from decoder" in line:
            continue
        if name in WITNESSES or (kind == "func" and name == "hash") or (kind in ("func", "var") and name in requirements and "protocol" not in line):
            continue
        above = index - 1
        while above >= 0 and re.match(r"^\s*@\w+", lines[above]):
            above -= 1
        previous = lines[above].strip() if above >= 0 else ""
        if previous.startswith("///") or previous.endswith("*/"):
            continue
        # A case on the same line as its siblings shares their comment.
        if kind == "case" and above >= 0 and lines[above].strip().startswith("case "):
            continue
        found.append(f"{path.relative_to(ROOT)}:{index + 1}: {line.strip()}")
    return found


def main():
    files = [p for folder in LIBRARIES for p in sorted((ROOT / folder).rglob("*.swift"))]
    requirements = protocol_requirements(files)
    missing = [entry for path in files for entry in undocumented(path, requirements)]
    for entry in missing:
        print(entry)
    print(f"{len(missing)} public declarations without a doc comment", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
