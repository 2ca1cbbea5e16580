#!/usr/bin/env bash
# Builds a peer solver harness for `sudokit bench --peer` into target/peer
# and prints the path of its binary.
#
#   scripts/build-peer.sh                # rust-sudoku: the `sudoku` crate, a JCZSolve port
#   scripts/build-peer.sh exact-covers   # the `exact-covers` crate: Knuth's dancing links
#
# rust-sudoku's harness lives in ../shared/peers (read-only, so it is copied
# first); exact-covers' lives in peers/ here.
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
  *)
    echo "build-peer.sh: unknown peer '$peer' (rust-sudoku or exact-covers)" >&2
    exit 2
    ;;
esac
cargo build --release --quiet --manifest-path "$manifest" --target-dir "$root/target/peer/build"
echo "$root/target/peer/build/release/$peer-harness"
