#!/usr/bin/env python3
"""Python overhead per sim.step() on the authors' 20-body pour (issue 14 target: <= 5 % of the step).

Times the same run three ways, alternating, best of --repeat: the engine's own loop in C++
(`pegsim run`, its wall_seconds), sim.run() from Python (the same loop, one call), and sim.step()
called once per step from Python. Overhead = (Python loop - C++ loop) / C++ loop. Like for like,
the script restarts itself with the CLI's allocator preloaded (tcmalloc, cli_allocator.py;
`--allocator default` keeps the interpreter's malloc and measures the allocators too).

    PYTHONPATH=build/python python3 bench/python_step_overhead.py [--model peg] [--repeat 3]
"""

import argparse
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

import pegsim
from cli_allocator import cli_allocator, reexec_with, this_process_has

REPO = Path(__file__).resolve().parents[1]
SETS = Path(os.environ.get("PEGSIM_SHARED_DIR", REPO.parent / "shared")) / "data" / "reference-pour2d"

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--model", default="peg")
parser.add_argument("--dt", type=float, default=0.01)
parser.add_argument("--duration", type=float, default=5.0)
parser.add_argument("--repeat", type=int, default=3)
parser.add_argument("--cli", default=str(REPO / "build" / "pegsim"))
parser.add_argument("--allocator", choices=["cli", "default"], default="cli")
args = parser.parse_args()
allocator = cli_allocator(args.cli)
if args.allocator == "cli":
    reexec_with(allocator)

scene = pegsim.Scene.pour2d(str(SETS / "bodies_a.json"), 20)
steps = round(args.duration / args.dt)
with tempfile.TemporaryDirectory() as tmp:
    scene_file = Path(tmp) / "pour_a.json"
    scene.save(str(scene_file))
    best = {"cpp": float("inf"), "py_run": float("inf"), "py_step": float("inf")}
    for _ in range(args.repeat):
        out = subprocess.run([args.cli, "run", str(scene_file), "--model", args.model, "--dt", str(args.dt),
                              "--duration", str(args.duration), "--quiet"], capture_output=True, text=True, check=True)
        best["cpp"] = min(best["cpp"], json.loads(out.stdout.splitlines()[-1])["wall_seconds"])
        sim = pegsim.Simulation(scene, model=args.model, dt=args.dt)
        start = time.perf_counter()
        sim.run(args.duration)
        best["py_run"] = min(best["py_run"], time.perf_counter() - start)
        sim = pegsim.Simulation(scene, model=args.model, dt=args.dt)
        start = time.perf_counter()
        for _ in range(steps):
            sim.step()
        best["py_step"] = min(best["py_step"], time.perf_counter() - start)

cpp = best["cpp"]
python_allocator = allocator if allocator and this_process_has(allocator) else "glibc malloc"
print(f"{args.model}, h = {args.dt}, {steps} steps, best of {args.repeat} "
      f"(CLI allocator: {allocator or 'glibc malloc'}, Python's: {python_allocator}):")
print(f"  C++ loop (pegsim run):     {cpp:.3f} s  ({1e3 * cpp / steps:.3f} ms/step)")
for name, label in (("py_run", "Python sim.run()"), ("py_step", "Python sim.step() loop")):
    t = best[name]
    print(f"  {label + ':':<26} {t:.3f} s  overhead {100 * (t - cpp) / cpp:+.1f} %")
