#!/usr/bin/env bash
# Builds a peer solver harness for `sudokit bench --peer` into target/peer
# and prints the path of its binary.
#
#   scripts/build-peer.sh                # rust-sudoku: the `sudoku` crate, a JCZSolve port
#   scripts/build-peer.sh exact-covers   # the `exact-covers` crate: Knuth's dancing links
#   scripts/build-peer.sh tdoku          # tdoku: DPLL over band bitboards with SIMD (C++)
#   scripts/build-peer.sh kudoku         # kudoku: a compact exact-cover solver (C)
#
# rust-sudoku's harness lives in ../shared/peers (read-only, so it is copied
# first); exact-covers' lives in peers/ here. tdoku and kudoku are built
# together by ../shared/peers/tdoku/build.sh (a C and a C++ compiler,
# -march=native; ARCH=x86-64-v2 in the environment gives a portable build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
peer="${1:-rust-sudoku}"
case "$peer" in
  rust-sudoku)
    work="$root/target/peer/src"
    mkdir -p "$work"
    cp -r "$root/../shared/peers/rust-sudoku/." "$work/"
    chmod -R u+w "$work"
    manifest="$work/Cargo.toml"
    ;;
  exact-covers)
    manifest="$root/peers/exact-covers/Cargo.toml"
    ;;
  tdoku | kudoku)
    # build.sh prints both binaries' paths; keep the one asked for.
    OUT="$root/target/peer/tdoku" "$root/../shared/peers/tdoku/build.sh" >/dev/null
    echo "$root/target/peer/tdoku/$peer-harness"
    exit 0
    ;;
  *)
    echo "build-peer.sh: unknown peer '$peer' (rust-sudoku, exact-covers, tdoku or kudoku)" >&2
    exit 2
    ;;
esac
cargo build --release --quiet --manifest-path "$manifest" --target-dir "$root/target/peer/build"
echo "$root/target/peer/build/release/$peer-harness"
