#!/usr/bin/env bash
# Builds the peer solver harness (the `sudoku` crate, a JCZSolve port) from
# ../shared/peers/rust-sudoku into target/peer, for `sudokit bench --peer`.
# shared/ is read-only, so the harness is copied first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
src="$root/../shared/peers/rust-sudoku"
work="$root/target/peer/src"
mkdir -p "$work"
cp -r "$src/." "$work/"
chmod -R u+w "$work"
cargo build --release --quiet --manifest-path "$work/Cargo.toml" --target-dir "$root/target/peer/build"
echo "$root/target/peer/build/release/rust-sudoku-harness"
