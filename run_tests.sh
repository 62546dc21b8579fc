#!/usr/bin/env bash
# Runs every test: builds in release, type-checks the benchmark, checks that the library, its unit
# tests and every program build without the features for a person (`--no-default-features`, as
# the bundles leave them out; the end-to-end tests and the benchmark require them), runs `cargo test --release` (unit, exhaustive and end-to-end tests), then judges
# each sample in testdata/ (listed in testdata/cases.txt) on its binary, oj-style: a verdict line
# per case (AC, WA, RE for a wrong exit status, TLE past the time limit) with the time taken, the
# input and both outputs on a mismatch.
#
# Then it bundles every judge binary into one source file (bin/bundle/), compiles each bundle
# alone with `rustc -O -D warnings` under edition 2015, as a judge would, and judges the same
# samples on each build. An old compiler (Debian bookworm's rustc is 1.63: OLD_RUSTC if set, else
# /usr/bin/rustc when it is another version than `rustc`) type-checks the library and every
# program, as the crate promises Rust 1.63, and tests/bundle.rs type-checks every bundle on it
# and on `rustc` under every edition, 2015 to 2021, warnings denied. With none (OLD_RUSTC= skips
# it), the old-compiler checks count as skipped. (The bundles are built by `rustc`, not the old
# compiler, whose optimiser takes three times as long on the same code.)
#
# The last line, "N passed, N failed", counts every test of `cargo test` (each of its binaries
# runs, whatever fails in another) and every sample verdict, and ends ", 1 skipped" after a line
# naming the old-compiler check when it did not run; the script exits non-zero on any failure. A sample's standard error may hold progress lines, which a slow machine writes and a
# fast one does not, and nothing else.
#
# GNU parallel, which the examples of doc/scale.md run, is installed from Debian's package where
# missing (as root, as CI runs).
#
# Environment: TIME_LIMIT, seconds per case (default 10: a guard against a hang, not a speed
# test; the slowest sample, a 5x5 beam search, takes 0.5 to 2.1 s as the machine's speed goes);
# OLD_RUSTC, an old rustc (optional).
set -u
cd "$(dirname "$0")" || exit 2

TIME_LIMIT=${TIME_LIMIT:-10}
CASES=testdata/cases.txt
passed=0
failed=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A line of progress, which long work writes on standard error once it has run two seconds: a
# slow or busy machine gets some where a quick one gets none, so a verdict ignores them.
PROGRESS=', [0-9]+ s$'

started=$(date +%s)

# step TITLE: a heading, with the seconds since the start.
step() { printf '\n== %s (at %d s)\n' "$*" "$(($(date +%s) - started))"; }

# show TITLE FILE: a file's first 20 lines, indented, under a title.
show() {
    printf '  %s:\n' "$1"
    if [ -s "$2" ]; then
        head -n 20 "$2" | sed 's/^/    | /'
        [ "$(wc -l < "$2")" -le 20 ] || printf '    | ...\n'
    else
        printf '    (empty)\n'
    fi
}

# judge LABEL NAME BINARY ARGS: runs one sample on BINARY with ARGS (- for none) and prints its
# verdict line.
judge() {
    local label=$1 name=$2 binary=$3 args=()
    local input=testdata/$name.in expected=testdata/$name.out expected_err=testdata/$name.err
    local start status ms verdict want_status=0
    [ -f "$expected_err" ] && want_status=2
    [ "$4" = - ] || read -r -a args <<< "$4"
    start=$(date +%s%N)
    timeout "$TIME_LIMIT" "$binary" "${args[@]}" < "$input" > "$work/out" 2> "$work/err"
    status=$?
    ms=$((($(date +%s%N) - start) / 1000000))
    if [ "$status" -eq 124 ]; then
        verdict=TLE
    elif [ "$status" -ne "$want_status" ]; then
        verdict=RE
    elif ! cmp -s "$work/out" "$expected"; then
        verdict=WA
    elif [ "$want_status" -eq 2 ] && ! cmp -s "$work/err" "$expected_err"; then
        verdict=WA
    elif [ "$want_status" -eq 0 ] && grep -Evq "$PROGRESS" "$work/err"; then
        verdict=WA
    else
        verdict=AC
    fi
    printf '%-3s %6d ms  %s %s\n' "$verdict" "$ms" "$label" "$name"
    if [ "$verdict" = AC ]; then
        passed=$((passed + 1))
        return
    fi
    failed=$((failed + 1))
    printf '  exit status: %s (expected %s)\n' "$status" "$want_status"
    show input "$input"
    show "expected output" "$expected"
    show "actual output" "$work/out"
    [ "$want_status" -eq 0 ] || show "expected error" "$expected_err"
    show "actual error" "$work/err"
}

# judge_samples LABEL DIR [UNBUNDLED]: judges every sample on the binaries in DIR, each named for
# its problem; with UNBUNDLED (the bundles' label), the samples of solve, which the bundler leaves
# out as no judge's program, and those of --show, an option the bundles leave out as no judge's,
# are left out too, and the count of those says so.
judge_samples() {
    local label=$1 dir=$2 unbundled=${3:-} name binary args rest skipped=0
    while read -r name binary args rest; do
        case "$name" in '' | '#'*) continue ;; esac
        if [ -n "$unbundled" ] && { [ "$binary" = solve ] || [ "$args" = --show ]; }; then
            skipped=$((skipped + 1))
            continue
        fi
        judge "$label" "$name" "$dir/$binary" "$args"
    done < "$CASES"
    [ "$skipped" -eq 0 ] ||
        printf '(%d samples of solve or --show not judged here: the bundles leave both out)\n' "$skipped"
}

# Every .in is listed once, and every listed case has its .in and .out.
check_cases_listed() {
    local file name ok=0
    for file in testdata/*.in; do
        name=$(basename "$file" .in)
        if [ "$(awk -v n="$name" '$1 == n' "$CASES" | wc -l)" -ne 1 ]; then
            echo "error: $file must be listed exactly once in $CASES"
            ok=1
        fi
    done
    while read -r name _; do
        case "$name" in '' | '#'*) continue ;; esac
        for file in "testdata/$name.in" "testdata/$name.out"; do
            [ -f "$file" ] || { echo "error: $CASES lists $name but $file is missing"; ok=1; }
        done
    done < "$CASES"
    return $ok
}

step "cargo build --release --lib --bins --tests"
cargo build --release --lib --bins --tests || exit 1

# The benchmark (benches/speed/) is type-checked, not compiled: its code generation costs tens
# of seconds, and the check finds what would keep `cargo bench` from building.
step "cargo check --benches; cargo check --no-default-features --all-targets"
cargo check --release --benches || exit 1
cargo check --no-default-features --all-targets || exit 1

if [ -z "${OLD_RUSTC+set}" ] && [ -x /usr/bin/rustc ] &&
    [ "$(/usr/bin/rustc --version 2>&1)" != "$(rustc --version 2>&1)" ]; then
    OLD_RUSTC=/usr/bin/rustc
fi
# The bundle tests compile with it too.
export OLD_RUSTC=${OLD_RUSTC:-}

# GNU parallel runs doc/scale.md's examples (tests/docs.rs): Debian's package where it is missing.
if ! command -v parallel > /dev/null; then
    step "installing GNU parallel: apt-get install parallel"
    { apt-get update -qq && apt-get install -y -qq parallel; } > "$work/apt.log" 2>&1 || {
        cat "$work/apt.log"
        echo "error: the tests need GNU parallel, which could not be installed here: install it" \
            "(Debian and Ubuntu: sudo apt-get install parallel), then run this again"
        exit 1
    }
fi

# --no-fail-fast: every test binary runs, whatever fails in another.
step "cargo test --release --no-fail-fast"
cargo test --release --no-fail-fast 2>&1 | tee "$work/cargo-test"
test_status=${PIPESTATUS[0]}
# Each test binary ends with "test result: ok. 4 passed; 0 failed; ...", and cargo ends with
# "error: 2 targets failed:" when some did not pass. A binary that failed with no such result
# (it crashed, or did not build) counts as one failure more.
read -r tests_passed tests_failed unexplained < <(awk '
    /^test result:/ { p += $4; f += $6; if ($3 == "FAILED.") r++ }
    /^error: [0-9]+ targets? failed/ { t = $2 }
    END { print p + 0, f + 0, t - r }' "$work/cargo-test")
[ "$unexplained" -le 0 ] || tests_failed=$((tests_failed + unexplained))
if [ "$test_status" -ne 0 ] && [ "$tests_failed" -eq 0 ]; then
    tests_failed=1 # it failed before any test ran: count the failure itself
fi
passed=$((passed + tests_passed))
failed=$((failed + tests_failed))

step "samples on the Cargo-built binaries (time limit ${TIME_LIMIT}s a case)"
check_cases_listed || exit 1
judge_samples cargo target/release

# judge_bundles: compiles every bundle alone with `rustc` under edition 2015, optimised, warnings
# denied, two at a time (one per core, each as one code generation unit), and judges the
# samples on each build.
judge_bundles() {
    local dir="$work/bundled"
    mkdir -p "$dir"
    printf '%s\n' "$work"/bundles/*.rs | xargs -P 2 -I{} sh -c '
        rustc --edition 2015 -O -C codegen-units=1 -D warnings -o "$1/$(basename "$2" .rs)" "$2" ||
            echo "error: rustc --edition 2015 could not compile the bundle $(basename "$2")"
    ' sh "$dir" {}
    judge_samples "rustc-$(rustc --version | cut -d' ' -f2) --edition 2015" "$dir" unbundled
}

step "bundles: cargo run -q --bin bundle -- --all"
cargo run -q --release --bin bundle -- --all "$work/bundles" || exit 1
ls "$work/bundles"

if [ -n "$OLD_RUSTC" ]; then
    old_version=$("$OLD_RUSTC" --version) || { echo "error: OLD_RUSTC=$OLD_RUSTC does not run"; exit 1; }
    # The crate promises Rust 1.63 (rust-version): the library and every program type-check there.
    step "the library and every program type-checked by $old_version"
    with_features=(--edition 2021 --cfg 'feature="tables"' --cfg 'feature="show"' --cfg 'feature="progress"' --cfg 'feature="shares"')
    # What Cargo would give the compiler: the version that --version prints.
    CARGO_PKG_VERSION=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
    export CARGO_PKG_VERSION
    "$OLD_RUSTC" "${with_features[@]}" --crate-type lib --crate-name engine --emit=metadata \
        -o "$work/libengine.rmeta" src/lib.rs || exit 1
    for program in bin/*.rs bin/bundle/main.rs; do
        CARGO_MANIFEST_DIR=$PWD "$OLD_RUSTC" "${with_features[@]}" --crate-type bin --crate-name program \
            --extern engine="$work/libengine.rmeta" --emit=metadata -o "$work/program.rmeta" "$program" || exit 1
    done
else
    skipped="the old-compiler checks (Rust 1.63 type-checks the library, the programs and the bundles): no OLD_RUSTC, and no other rustc at /usr/bin/rustc"
    step "SKIPPED: $skipped"
    echo "(with Debian bookworm's rustc 1.63: apt-get install rustc, then run this again)"
fi
step "samples on the bundles compiled alone by $(rustc --version), edition 2015"
judge_bundles

echo
echo "all done in $(($(date +%s) - started)) s"
echo "cargo test: $tests_passed passed, $tests_failed failed; samples: $((passed - tests_passed)) passed, $((failed - tests_failed)) failed"
if [ -n "${skipped:-}" ]; then
    echo "skipped: $skipped"
    echo "$passed passed, $failed failed, 1 skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
