#!/usr/bin/env python3
"""The 2D pour grid on a 2-worker Dask LocalCluster against `pegsim sweep --jobs 2` (issue 14 target:
Dask within 1.1x). Both write fresh CSVs in a temporary directory; cluster start-up is not timed.

    PYTHONPATH=build/python python3 bench/dask_sweep_vs_jobs.py [--dt 0.001:0.019:0.001] [--duration 5]
        [--worker-allocator cli|default]

Like for like: the CLI links tcmalloc (cmake/tcmalloc.cmake) and the Python module cannot (the
interpreter's allocator is the process's), so by default the workers get the CLI's allocator the
way a Dask user would give it to theirs, preloaded through `distributed.nanny.pre-spawn-environ`
(`--worker-allocator default`: glibc's malloc).
"""

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

import pegsim
from cli_allocator import cli_allocator

REPO = Path(__file__).resolve().parents[1]
SETS = Path(os.environ.get("PEGSIM_SHARED_DIR", REPO.parent / "shared")) / "data" / "reference-pour2d"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="standard,peg,peg-accurate")
    parser.add_argument("--dt", default="0.001:0.019:0.001")
    parser.add_argument("--duration", default="5")
    parser.add_argument("--cli", default=str(REPO / "build" / "pegsim"))
    parser.add_argument("--worker-allocator", choices=["cli", "default"], default="cli")
    args = parser.parse_args()
    import dask
    from distributed import Client, LocalCluster

    allocator = cli_allocator(args.cli)
    worker_env = dict(dask.config.get("distributed.nanny.pre-spawn-environ", {}))
    if allocator and args.worker_allocator == "cli":
        worker_env["LD_PRELOAD"] = allocator

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run([args.cli, "sweep", "--pour2d-sets", str(SETS), "--models", args.models, "--dt", args.dt,
                        "--duration", args.duration, "--jobs", "2", "--out", f"{tmp}/cpp", "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)
        cpp = time.perf_counter() - start
        grid = {"pour2d_sets": str(SETS), "models": args.models, "dt": args.dt, "duration": float(args.duration)}
        with dask.config.set({"distributed.nanny.pre-spawn-environ": worker_env}), \
                LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            start = time.perf_counter()
            report = pegsim.sweep(grid, client=client, out=f"{tmp}/dask")
            on_dask = time.perf_counter() - start
    print(f"{report['runs_done']} runs: pegsim sweep --jobs 2 {cpp:.1f} s, Dask 2 workers {on_dask:.1f} s "
          f"({on_dask / cpp:.2f}x); CLI allocator: {allocator or 'glibc malloc'}, "
          f"workers: {worker_env.get('LD_PRELOAD', 'glibc malloc')}")


if __name__ == "__main__":
    main()
