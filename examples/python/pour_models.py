#!/usr/bin/env python3
"""The PEG authors' 2D pour under two contact models, and a small sweep on a local Dask cluster.

Notebook-style: each "# %%" cell runs on its own in Jupyter or VS Code, and the whole file runs as a
plain script (figures go to files, no display needed):

    PYTHONPATH=build/python python3 examples/python/pour_models.py --out demo-output/python
"""

# %% Setup: where the authors' body sets are, and what to run.
import argparse
import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display, no Jupyter server
import matplotlib.pyplot as plt

import pegsim

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("PEGSIM_SHARED_DIR", REPO.parent / "shared"))
SETS = SHARED / "data" / "reference-pour2d"

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--out", default="demo-output/python", help="directory for the figures and the sweep CSV")
parser.add_argument("--duration", type=float, default=5.0, help="simulated seconds per run (the authors': 5)")
parser.add_argument("--count", type=int, default=20, help="falling bodies (the authors': 20)")
parser.add_argument("--sweep-duration", type=float, default=1.0, help="simulated seconds per sweep run")
args = parser.parse_args()
out = Path(args.out)
out.mkdir(parents=True, exist_ok=True)

# %% The pour: body set a, as `pegsim scene pour2d --bodies .../bodies_a.json` writes it.
scene = pegsim.Scene.pour2d(str(SETS / "bodies_a.json"), args.count)
print(scene)

# %% Run it under the standard model and under PEG; keep the per-step overlap.
runs = {}
for model in ("standard", "peg"):
    sim = pegsim.Simulation(scene, model=model, dt=0.01)
    summary = sim.run(args.duration)
    runs[model] = sim.metrics()
    print(f"{model}: {summary['steps']} steps, {summary['solver_failures']} failed solves, "
          f"median overlap {summary['overlap_median']:.3g} m^2, {summary['wall_seconds']:.2f} s")

# %% Overlap against time: PEG keeps the polygons apart where the standard model lets them sink in.
fig, ax = plt.subplots(figsize=(7, 4))
for model, metrics in runs.items():
    ax.plot(metrics["time"], metrics["overlap"], label=model)
ax.set_yscale("symlog", linthresh=1e-16)  # zero, PEG's round-off (~1e-14) and standard's 1e-3 on one axis
ax.set_xlabel("time (s)")
ax.set_ylabel("total overlap area (m$^2$)")
ax.set_title(f"2D pour, body set a, {args.count} bodies, h = 0.01 s")
ax.legend()
fig.tight_layout()
fig.savefig(out / "pour_overlap.png", dpi=120)
print("wrote", out / "pour_overlap.png")

# %% A small sweep on a local Dask cluster: 2 body sets x 2 models x 2 step sizes.
# Two single-threaded workers in this process (processes=False): the engine releases the GIL, so
# they run in parallel, and a plain script needs no `if __name__ == "__main__"` guard (process
# workers would re-import it). For a real cluster: Client("tcp://scheduler:8786").
from distributed import Client, LocalCluster

grid = {
    "scenes": {name: pegsim.Scene.pour2d(str(SETS / f"bodies_{name[-1]}.json"), args.count)
               for name in ("bodies_a", "bodies_b")},
    "models": ["standard", "peg"],
    "dt": [0.01, 0.02],
    "duration": args.sweep_duration,
}
# A sweep resumes: rows already in OUT/sweep/sweep.csv are skipped. Start afresh, so that rows of an
# earlier build (or of an older pegsim, whose header is refused by name) are not taken as done.
import shutil

shutil.rmtree(out / "sweep", ignore_errors=True)
with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, Client(cluster) as client:
    report = pegsim.sweep(grid, client=client, out=out / "sweep")
print(f"sweep: {report['runs_done']} runs done, {report['skipped']} already in {report['csv']}")

# %% Mean overlap against the step size, per model, from the sweep's CSV.
import csv

rows = list(csv.DictReader(open(report["csv"])))
fig, ax = plt.subplots(figsize=(6, 4))
for model in grid["models"]:
    for scene_name in grid["scenes"]:
        points = sorted((float(r["h"]), float(r["overlap_mean"])) for r in rows
                        if r["model"] == model and r["scene"] == scene_name)
        ax.plot(*zip(*points), marker="o", label=f"{model}, {scene_name}")
ax.set_xlabel("step size h (s)")
ax.set_ylabel("mean overlap area (m$^2$)")
ax.legend()
fig.tight_layout()
fig.savefig(out / "sweep_overlap.png", dpi=120)
print("wrote", out / "sweep_overlap.png")
