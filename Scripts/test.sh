#!/usr/bin/env bash
# Runs the whole test suite: unit tests on the project's own documents and
# the corpus tests on ../shared/corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests "$@"
swift test --skip-build "$@"
