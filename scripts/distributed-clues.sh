#!/usr/bin/env bash
# The distributed clue search in local mode: `sudokit clues --max 17` over
# 20 grids of the 17-clue catalogue (each with the pattern of its listed
# puzzles' clues, so that it finds them in seconds), run by Dask
# (examples/distributed/clues_job.py) in 4 partitions, must print exactly
# what one `sudokit clues` process prints.
#
# Usage: scripts/distributed-clues.sh [SUDOKIT]   (default: target/debug/sudokit,
# which `cargo test` builds). Needs python3 with venv, and PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

sudokit="$(realpath "${1:-target/debug/sudokit}")"
data=../shared/data/classic
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Dask from PyPI in a venv kept under target/ (created once, reused).
venv=target/distributed-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import dask' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'dask>=2024.1'
fi

# The first 20 grids of the catalogue, each with the union of its listed
# puzzles' clue cells as its pattern.
python3 - "$data/17clue.txt" "$data/17clue.solutions.txt" > "$work/grids.txt" <<'PY'
import sys
puzzles = open(sys.argv[1]).read().split()
solutions = open(sys.argv[2]).read().split()
pattern = {}
for puzzle, grid in zip(puzzles, solutions):
    cells = pattern.setdefault(grid, ["."] * 81)
    for i, c in enumerate(puzzle):
        if c != ".":
            cells[i] = "x"
for grid in list(pattern)[:20]:
    print(grid, "".join(pattern[grid]))
PY

"$sudokit" clues --max 17 "$work/grids.txt" > "$work/one-process.txt"
"$venv/bin/python" examples/distributed/clues_job.py "$work/grids.txt" --max 17 --partitions 4 \
  --sudokit "$sudokit" --output "$work/distributed.txt"

if ! cmp -s "$work/one-process.txt" "$work/distributed.txt"; then
  echo "distributed-clues: Dask's output differs from one sudokit clues process:" >&2
  diff "$work/one-process.txt" "$work/distributed.txt" >&2 || true
  exit 1
fi
found=$(wc -l < "$work/distributed.txt")
if [ "$found" -lt 20 ]; then
  echo "distributed-clues: only $found puzzles for 20 grids of the 17-clue list" >&2
  exit 1
fi
echo "distributed-clues: 20 grids in 4 partitions: the same $found puzzles as one process"
