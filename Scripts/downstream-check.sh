#!/usr/bin/env bash
# Uses the library the way another project would: from a tagged git
# repository, declared with `from:` (SwiftPM then refuses any unsafe build
# flag in it), in a consumer package that converts a DOCX and a PDF through
# the public API. Builds the consumer and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A throw-away repository holding the current tree (committed or not), tagged.
mkdir "$work/AnyDocSwift"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] || continue
  mkdir -p "$work/AnyDocSwift/$(dirname "$file")"
  cp -p "$file" "$work/AnyDocSwift/$file"
done
git -C "$work/AnyDocSwift" init -q
git -C "$work/AnyDocSwift" add -A
git -C "$work/AnyDocSwift" -c user.name=check -c user.email=check@localhost commit -qm "tree under check"
git -C "$work/AnyDocSwift" tag 0.1.0

mkdir -p "$work/Consumer/Sources/Consumer"
cat > "$work/Consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Consumer",
    dependencies: [.package(url: "file://$work/AnyDocSwift", from: "0.1.0")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [
            .product(name: "AnyDocSwift", package: "AnyDocSwift"),
            // PDF and images: linking the product installs their converters.
            .product(name: "AnyDocPDF", package: "AnyDocSwift"),
        ])
    ]
)
SWIFT
cat > "$work/Consumer/Sources/Consumer/main.swift" <<'SWIFT'
import AnyDocSwift
import Glibc

let converter = AnyDocConverter()
for path in CommandLine.arguments.dropFirst() {
    do {
        let markdown = try converter.markdown(fileAt: path)
        print("\(path): \(markdown.split(separator: "\n").first ?? "")")
    } catch {
        print("\(path): failed: \(error)")
        exit(1)
    }
}
SWIFT
swift build --package-path "$work/Consumer" "$@" 2>&1 | tail -3
consumer=$(swift build --package-path "$work/Consumer" "$@" --show-bin-path)/Consumer
output=$("$consumer" "$root/TestDocuments/docx/headings-formatting.docx" "$root/TestDocuments/pdf/headings.pdf")
echo "$output"
grep -q 'headings-formatting.docx: # ' <<<"$output" || { echo "downstream check failed: the DOCX gave no heading" >&2; exit 1; }
grep -q 'headings.pdf: ' <<<"$output" || { echo "downstream check failed: the PDF did not convert" >&2; exit 1; }
echo "downstream check passed"
