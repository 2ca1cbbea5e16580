#!/usr/bin/env bash
# Runs a cargo-fuzz target for SECONDS (default 600) on the stable toolchain.
#
#   scripts/fuzz.sh read_and_solve 600
#
# cargo-fuzz wants nightly for its -Z flags; RUSTC_BOOTSTRAP=1 lets the one
# stable toolchain accept them, and `-s none` skips the sanitizer runtime
# (libFuzzer's coverage instrumentation still works). New inputs go to
# fuzz/corpus/ (not committed); fuzz/seeds/ is the committed seed corpus.
set -euo pipefail
target="${1:?usage: scripts/fuzz.sh TARGET [SECONDS]}"
seconds="${2:-600}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
cd "$(dirname "$0")/../fuzz"
mkdir -p "corpus/$target"
RUSTC_BOOTSTRAP=1 cargo fuzz run -s none "$target" "corpus/$target" "seeds/$target" -- \
  -max_total_time="$seconds" -max_len=8192
