#!/usr/bin/env bash
# Runs the whole test suite: unit tests on the project's own documents and
# the corpus tests on ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift Testing records a backtrace for every thrown error through glibc's
# backtrace(), which can crash unwinding through some runtime frames on
# Linux (seen in Foundation's JSON decoder). Errors are expected here by
# the thousand; the test results do not need their backtraces.
export SWT_SWIFT_ERROR_BACKTRACING_ENABLED=0
swift build --build-tests "$@"
swift test --skip-build "$@"
Scripts/mcp-test.sh "$@"
# Conversion spread over a two-node Ray cluster on this machine.
Scripts/ray-test.sh "$@"
# The libraries as a dependency: every public declaration documented, and
# a host package that uses only the public API builds and runs.
python3 Scripts/check-doc-comments.py >/dev/null
# Poppler's and Tesseract's functions as declared for loading on first use
# match the installed headers.
Scripts/check-c-libraries.sh
Scripts/example-host-check.sh "$@"
# The library as a versioned dependency of another package.
Scripts/downstream-check.sh
