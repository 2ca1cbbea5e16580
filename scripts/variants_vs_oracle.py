#!/usr/bin/env python3
"""Whole-process time of `sudokit solve --count` on every shared variant
puzzle sudokit reads, next to the CP-SAT oracle's recorded time.

Usage: scripts/variants_vs_oracle.py [--runs N] [--strategy NAME] [DIR]
(DIR defaults to ../shared/data/variants; build with `cargo build --release`
first). Prints one row per puzzle (median and max of N runs, in ms) and the
median ratio; puzzles with rules sudokit cannot read yet are listed apart.
"""

import argparse
import json
import signal
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", nargs="?", default=str(ROOT.parent / "shared/data/variants"))
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--strategy", default="propagation")
    parser.add_argument("--binary", default=str(ROOT / "target/release/sudokit"))
    args = parser.parse_args()
    folder = Path(args.dir)
    manifest = json.loads((folder / "manifest.json").read_text())
    entries = manifest if isinstance(manifest, list) else manifest["puzzles"]
    rows, refused = [], []
    for entry in entries:
        command = [args.binary, "solve", "--count", "--strategy", args.strategy, str(folder / entry["file"])]
        first = subprocess.run(command, capture_output=True, text=True)
        if first.returncode == 2:
            refused.append((entry["file"], first.stdout.strip().removeprefix("error: ")))
            continue
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            subprocess.run(command, capture_output=True)
            times.append((time.perf_counter() - started) * 1e3)
        oracle = entry["oracle_time_s"] * 1e3
        rows.append((entry["file"], first.stdout.strip(), entry["expect"], statistics.median(times), max(times), oracle))
    print(f"{'puzzle':48} {'count':>5} {'expect':>7} {'median ms':>10} {'max ms':>8} {'oracle ms':>10} {'oracle/median':>14}")
    for name, count, expect, median, worst, oracle in rows:
        print(f"{name:48} {count:>5} {expect:>7} {median:10.2f} {worst:8.2f} {oracle:10.1f} {oracle / median:13.1f}×")
    if rows:
        medians = [r[3] for r in rows]
        print(
            f"{len(rows)} puzzles, {args.runs} runs each: median {statistics.median(medians):.2f} ms, "
            f"max {max(r[4] for r in rows):.2f} ms; oracle median {statistics.median(r[5] for r in rows):.1f} ms; "
            f"median of the ratios {statistics.median(r[5] / r[3] for r in rows):.1f}×"
        )
    for name, why in refused:
        print(f"not read: {name}: {why}")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the run quietly
    main()
