#!/usr/bin/python3
"""Plot of the frictional pour grid (issue 10; EXPERIMENTS.md, "The whole frictional grid").

  /usr/bin/python3 scripts/plot_friction_grid.py RAW.txt [--out friction_grid.png] [--floor 1e-16]

RAW.txt: the lines of scripts/friction_grid_run.sh, one run each, whitespace-separated:
  model h seed mu failures diverged search_fallbacks degraded energy_gain_steps unexplained
  max_increase overlap_median overlap_max escaped wall recovered rejections [deferred waiting jammed]

Three panels against h (log-log): the largest overlap of each run, median and max over the seeds,
one line per µ, for `peg` and for `peg-accurate`; and the mean wall time per run. The title counts
failed steps, diverged runs, escapes and energy-gaining steps over the whole file. Overlaps below
--floor are drawn at the floor (log axes cannot show 0), and the axis label says so.
Bad input: "plot_friction_grid: FILE:LINE: reason", exit 2.
"""

import argparse
import collections
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

COLUMNS = 17  # required fields per line (deferred, waiting, jammed are optional)


def fail(message):
    print(f"plot_friction_grid: {message}", file=sys.stderr)
    sys.exit(2)


def parse_run(fields, where):
    if len(fields) < COLUMNS:
        fail(f"{where}: {len(fields)} fields, expected at least {COLUMNS} (model h seed mu failures ...)")
    if fields[5] not in ("True", "False"):
        fail(f"{where}: diverged must be True or False, found {fields[5]!r}")
    try:
        return {
            "model": fields[0], "h": float(fields[1]), "seed": int(fields[2]), "mu": float(fields[3]),
            "failures": int(fields[4]), "diverged": fields[5] == "True", "gain_steps": int(fields[8]),
            "overlap_max": float(fields[12]), "escaped": int(fields[13]), "wall": float(fields[14]),
        }
    except ValueError as e:
        fail(f"{where}: not a number ({e})")


def read_runs(path):
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError as e:
        fail(f"{path}: cannot read ({e.strerror})")
    runs = [parse_run(line.split(), f"{path}:{number}") for number, line in enumerate(lines, 1) if line.strip()]
    if not runs:
        fail(f"{path}: no runs")
    return runs


def grouped(runs, model):
    """{mu: {h: [runs]}} for one model."""
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    for r in runs:
        if r["model"] == model:
            out[r["mu"]][r["h"]].append(r)
    return out


def mu_colours(groups):
    return plt.cm.viridis([i / max(1, len(groups) - 1) * 0.85 for i in range(len(groups))])


def finish_log_log(ax, ylabel, title):
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("h (s)")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=6)


def plot_overlaps(ax, groups, floor, title):
    for colour, mu in zip(mu_colours(groups), sorted(groups)):
        hs = sorted(groups[mu])
        worst = [max(max(r["overlap_max"] for r in groups[mu][h]), floor) for h in hs]
        median = [max(statistics.median(r["overlap_max"] for r in groups[mu][h]), floor) for h in hs]
        ax.plot(hs, median, "o-", color=colour, label=f"µ = {mu:g}, median over seeds")
        ax.plot(hs, worst, "v--", color=colour, alpha=0.7, label=f"µ = {mu:g}, worst seed")
    finish_log_log(ax, f"largest overlap of a run (m², < {floor:g} drawn at {floor:g})", title)


def plot_wall(ax, runs):
    styles = {"peg": "-", "peg-accurate": "--"}
    for model in sorted({r["model"] for r in runs}):
        groups = grouped(runs, model)
        for colour, mu in zip(mu_colours(groups), sorted(groups)):
            hs = sorted(groups[mu])
            ax.plot(hs, [statistics.mean(r["wall"] for r in groups[mu][h]) for h in hs],
                    "o" + styles.get(model, ":"), color=colour, label=f"{model}, µ = {mu:g}")
    finish_log_log(ax, "wall seconds per 5 s run (mean over seeds)", "cost")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw", help="lines of scripts/friction_grid_run.sh")
    parser.add_argument("--out", default="friction_grid.png")
    parser.add_argument("--floor", type=float, default=1e-16)
    args = parser.parse_args(argv)
    if not args.floor > 0:
        fail("--floor must be positive")
    runs = read_runs(args.raw)
    models = [m for m in ("peg", "peg-accurate") if any(r["model"] == m for r in runs)]
    if not models:
        fail(f"{args.raw}: no runs of peg or peg-accurate")
    fig, axes = plt.subplots(1, len(models) + 1, figsize=(5.2 * (len(models) + 1), 4.6))
    for ax, model in zip(axes, models):
        plot_overlaps(ax, grouped(runs, model), args.floor, model)
    plot_wall(axes[-1], runs)
    totals = (f"{len(runs)} runs: {sum(r['failures'] for r in runs)} failed steps, "
              f"{sum(r['diverged'] for r in runs)} diverged runs, {sum(r['escaped'] for r in runs)} escapes, "
              f"{sum(r['gain_steps'] for r in runs)} energy-gaining steps")
    fig.suptitle("20-polygon pours with friction, 10 seeds per point. " + totals, fontsize=9)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(totals)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
