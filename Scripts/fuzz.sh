#!/usr/bin/env bash
# Fuzzes one parser with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh TARGET SECONDS     run one target for SECONDS
#   Scripts/fuzz.sh all SECONDS        run every target in turn, SECONDS each
#   Scripts/fuzz.sh list               name the targets
#
# The driver (Fuzz/) is built once per call into .build-fuzz. Each target's
# working corpus lives in .build/fuzz-corpus/TARGET, seeded with files of its
# format from ../shared/corpus and TestDocuments (copied, never edited in
# place); crashes, timeouts and out-of-memory inputs go to
# .build/fuzz-artifacts/. Extra libFuzzer flags can be passed in
# FUZZ_FLAGS, e.g. FUZZ_FLAGS=-jobs=2.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(detect zip xml docx pptx xlsx odf rtf html csv text pdf epub doc xls ppt xlsb sheetxml csvreader)
CORPUS_ROOT=../shared/corpus
SCRATCH=.build-fuzz
WORK=.build/fuzz-corpus
ARTIFACTS=.build/fuzz-artifacts

usage() {
    echo "usage: Scripts/fuzz.sh TARGET|all SECONDS   (targets: ${TARGETS[*]})" >&2
    exit 2
}

# Corpus folders and project fixture folders whose files seed a target.
seed_folders() {
    case "$1" in
        detect) echo "$CORPUS_ROOT TestDocuments" ;;
        zip) echo "$CORPUS_ROOT/docx $CORPUS_ROOT/pptx $CORPUS_ROOT/xlsx $CORPUS_ROOT/odt $CORPUS_ROOT/epub" ;;
        xml) echo "" ;;
        docx) echo "$CORPUS_ROOT/docx $CORPUS_ROOT/docm TestDocuments/docx" ;;
        pptx) echo "$CORPUS_ROOT/pptx $CORPUS_ROOT/pptm $CORPUS_ROOT/ppsx TestDocuments/pptx" ;;
        xlsx) echo "$CORPUS_ROOT/xlsx $CORPUS_ROOT/xlsm TestDocuments/xlsx" ;;
        odf) echo "$CORPUS_ROOT/odt $CORPUS_ROOT/ods $CORPUS_ROOT/odp TestDocuments/odf" ;;
        rtf) echo "$CORPUS_ROOT/rtf" ;;
        html) echo "$CORPUS_ROOT/html TestDocuments/html" ;;
        csv | csvreader) echo "$CORPUS_ROOT/csv TestDocuments/csv" ;;
        sheetxml) echo "" ;;
        text) echo "$CORPUS_ROOT/txt $CORPUS_ROOT/md TestDocuments/text" ;;
        pdf) echo "$CORPUS_ROOT/pdf TestDocuments/pdf" ;;
        epub) echo "$CORPUS_ROOT/epub TestDocuments/epub" ;;
        doc | xls | ppt | xlsb) echo "$CORPUS_ROOT/$1 TestDocuments/$1" ;;
    esac
}

# File name endings of the hostile corpus files that seed a target.
hostile_suffixes() {
    case "$1" in
        zip) echo "docx xlsx pptx odt epub" ;;
        docx) echo "docx" ;;
        pptx) echo "pptx" ;;
        xlsx) echo "xlsx" ;;
        odf) echo "odt" ;;
        rtf) echo "rtf" ;;
        pdf) echo "pdf" ;;
        epub) echo "epub" ;;
        doc | xls | ppt) echo "$1" ;;
    esac
}

# Largest input libFuzzer makes, in bytes: room for the seeds of the format,
# small enough that every execution stays fast.
max_len() {
    case "$1" in
        detect) echo 16384 ;;
        xml | csv | text | csvreader) echo 65536 ;;
        sheetxml) echo 131072 ;;
        rtf | html) echo 131072 ;;
        pdf) echo 262144 ;;
        *) echo 262144 ;;
    esac
}

build() {
    echo "Building the fuzz driver (release, libFuzzer + AddressSanitizer)…" >&2
    # The library is a path dependency here, and SwiftPM does not notice
    # files added to a dependency when it reuses its cached build plan.
    swift build -c release --package-path Fuzz --scratch-path "$SCRATCH" --disable-build-manifest-caching \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing >&2
}

# Copies the target's seeds (no larger than its max_len) into its corpus.
seed() {
    local target=$1 corpus=$WORK/$1 limit
    limit=$(max_len "$target")
    mkdir -p "$corpus"
    local folder suffix file
    for folder in $(seed_folders "$target"); do
        [ -d "$folder" ] || continue
        find "$folder" -type f -size -"$((limit + 1))"c ! -name '*.tsv.gz' ! -name 'MANIFEST.tsv' ! -name '*.truth.txt' -print0 |
            while IFS= read -r -d '' file; do cp -n "$file" "$corpus/$(basename "$(dirname "$file")")_$(basename "$file")"; done
    done
    for suffix in $(hostile_suffixes "$target"); do
        for file in "$CORPUS_ROOT"/hostile/*."$suffix"; do
            [ -f "$file" ] && [ "$(stat -c %s "$file")" -le "$limit" ] && cp -n "$file" "$corpus/hostile_$(basename "$file")"
        done
    done
    if [ "$target" = xml ]; then seed_xml_parts "$corpus" "$limit"; fi
    if [ "$target" = sheetxml ]; then seed_sheet_parts "$corpus" "$limit"; fi
    return 0
}

# The XML target reads parts taken out of the office packages in the corpus.
seed_xml_parts() {
    local corpus=$1 limit=$2 package part
    for package in "$CORPUS_ROOT"/docx/*.docx "$CORPUS_ROOT"/xlsx/*.xlsx "$CORPUS_ROOT"/pptx/*.pptx "$CORPUS_ROOT"/odt/*.odt; do
        [ -f "$package" ] || continue
        { unzip -Z1 "$package" 2>/dev/null || true; } | grep -E '\.(xml|rels)$' | head -n 8 >"$corpus.parts" || true
        while IFS= read -r part; do
            local out="$corpus/$(basename "$package")_$(echo "$part" | tr '/' '_')"
            [ -e "$out" ] || { unzip -p "$package" "$part" 2>/dev/null || true; } | head -c "$limit" >"$out"
        done <"$corpus.parts"
        rm -f "$corpus.parts"
    done
    cp -n "$CORPUS_ROOT"/html/*.xhtml "$corpus/" 2>/dev/null || true
}

# The worksheet scanner target reads the worksheet parts of the workbooks.
seed_sheet_parts() {
    local corpus=$1 limit=$2 package part
    for package in "$CORPUS_ROOT"/xlsx/*.xlsx "$CORPUS_ROOT"/xlsm/*.xlsm "$CORPUS_ROOT"/hostile/*.xlsx TestDocuments/xlsx/*.xlsx; do
        [ -f "$package" ] || continue
        { unzip -Z1 "$package" 2>/dev/null || true; } | grep -E '^xl/worksheets/[^/]*\.xml$' | head -n 8 >"$corpus.parts" || true
        while IFS= read -r part; do
            local out="$corpus/$(basename "$package")_$(echo "$part" | tr '/' '_')"
            [ -e "$out" ] || { unzip -p "$package" "$part" 2>/dev/null || true; } | head -c "$limit" >"$out"
        done <"$corpus.parts"
        rm -f "$corpus.parts"
    done
}

run() {
    local target=$1 seconds=$2 binary
    binary=$(swift build -c release --package-path Fuzz --scratch-path "$SCRATCH" --show-bin-path)/AnyDocFuzz
    seed "$target"
    mkdir -p "$ARTIFACTS"
    echo "== $target: ${seconds}s, $(find "$WORK/$target" -type f | wc -l) corpus files, max_len $(max_len "$target")" >&2
    # Leak checking is off: the Swift runtime's metadata caches are never
    # freed and would be reported as leaks.
    ANYDOC_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 \
        "$binary" "$WORK/$target" \
        -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
        -max_len="$(max_len "$target")" -print_final_stats=1 -detect_leaks=0 \
        -artifact_prefix="$ARTIFACTS/$target-" ${FUZZ_FLAGS:-}
}

[ $# -ge 1 ] || usage
if [ "$1" = list ]; then
    printf '%s\n' "${TARGETS[@]}"
    exit 0
fi
[ $# -eq 2 ] || usage
[[ $2 =~ ^[0-9]+$ ]] || usage
[ "$1" = all ] || printf '%s\n' "${TARGETS[@]}" | grep -qx "$1" || usage
build
if [ "$1" = all ]; then
    failed=()
    for target in "${TARGETS[@]}"; do run "$target" "$2" || failed+=("$target"); done
    if [ ${#failed[@]} -gt 0 ]; then
        echo "Findings in: ${failed[*]} (inputs in $ARTIFACTS/)" >&2
        exit 1
    fi
else
    run "$1" "$2"
fi
