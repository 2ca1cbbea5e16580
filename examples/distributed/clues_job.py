#!/usr/bin/env python3
"""Runs `sudokit clues` over many solution grids on Dask.

The grids (one per line, optionally followed by a pattern, as `sudokit
clues` reads them) are split into partitions; each partition is piped
through one `sudokit clues` process on a worker, which streams one grid in
and its puzzles out, and the partitions' outputs are joined in order. The
result is therefore the same as one `sudokit clues` process over the whole
file (`scripts/distributed-clues.sh` checks exactly that).

Local mode (the default) runs the partitions on this machine's cores with
Dask's process pool. On a cluster, start a scheduler and workers
(`pip install "dask[distributed]"`, `dask scheduler`, `dask worker
tcp://HOST:8786` on each node), install the same `sudokit` binary at the
same path on every worker, and pass `--scheduler tcp://HOST:8786`.
"""

import argparse
import subprocess
import sys

import dask.bag


def run_partition(lines, sudokit, max_clues, extra):
    """Pipes one partition's grids through one `sudokit clues` process."""
    lines = list(lines)
    if not lines:
        return []
    command = [sudokit, "clues", "--max", str(max_clues), *extra]
    done = subprocess.run(
        command,
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        check=False,
    )
    # Exit code 2 is a bad input line, reported on stderr: the other grids
    # are still answered. Anything else is a failure of the task.
    if done.returncode not in (0, 2):
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    if done.stderr:
        sys.stderr.write(done.stderr)
    return done.stdout.splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("grids", help="file of solution grids, one per line")
    parser.add_argument("--max", type=int, required=True, help="the most clues (sudokit clues --max)")
    parser.add_argument("--partitions", type=int, default=4, help="how many pieces the grids are split into")
    parser.add_argument("--sudokit", default="sudokit", help="the sudokit binary (same path on every worker)")
    parser.add_argument("--json", action="store_true", help="one JSON object per grid (sudokit clues --json)")
    parser.add_argument("--scheduler", help="a Dask scheduler's address (tcp://HOST:8786); local processes if absent")
    parser.add_argument("--output", help="write the puzzles here instead of standard output")
    args = parser.parse_args()

    with open(args.grids, encoding="utf-8") as source:
        grids = [line.strip() for line in source if line.strip() and not line.startswith("#")]
    extra = ["--json"] if args.json else []
    bag = dask.bag.from_sequence(grids, npartitions=args.partitions)
    results = bag.map_partitions(run_partition, args.sudokit, args.max, extra)
    if args.scheduler:
        from dask.distributed import Client  # only needed on a cluster

        with Client(args.scheduler):
            lines = results.compute()
    else:
        lines = results.compute(scheduler="processes", num_workers=args.partitions)
    text = "".join(line + "\n" for line in lines)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as sink:
            sink.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
