#!/usr/bin/python3
"""Markdown tables for EXPERIMENTS.md from a `pegsim sweep` CSV of the pour2d experiment.

  /usr/bin/python3 scripts/experiments_table.py SWEEP.csv --reference reference-medians.csv

Prints (stdout):
  1. overlap per h: for each model the median over the completed runs (all 5 s; "k/N done" when some
     stopped early) of the per-run overlap median, the largest per-run maximum over all runs, side by side with the PEG authors' pooled PEG median and their
     penetration-based ("corrective") median;
  2. robustness per model: runs, steps, solver failures (after recovery), recovered steps, runs
     with failures, runs stopped by the divergence guard, escaped bodies, NaN steps;
  3. cost: total wall seconds per model and the ratios to the standard model, and per h the peg /
     standard ratio of wall time per step;
  4. with --steps-dir (the sweep's --per-step files): per model and h the overlap pooled over every
     step of every set, as the authors pooled theirs (median, mean, max), and the max without the
     steps at which a body spawns (a body placed at the authors' fixed spawn point inside one that is
     still there is overlap at that step and the next, whatever the contact model);
  5. with --steps-dir and the reference: peg on body set b against the authors' PEG on set b (the
     one set whose mean they stored too);
  6. the engine's work per model (run summary counts): steps with a configuration search, those
     answered by the LCP solver alone, proximity corrections, fixpoint solves, largest one-step
     energy gain.
Per-run medians are pooled by their median (not the authors' pooling of all steps of all sets): a
set whose run went wrong cannot drag the column by more than one rank.
"""

import argparse
import csv
import glob
import os
import statistics
import sys
from collections import defaultdict

SPAWN_INTERVAL = 0.25  # the authors' cadence: body k enters at t = 0.25 k
SPAWN_COUNT = 20


def fail(message):
    print(f"experiments_table: {message}", file=sys.stderr)
    sys.exit(2)


def read_rows(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    if not rows:
        fail(f"{path}: no data rows")
    for column in ("model", "h", "scene", "steps", "solver_failures", "overlap_median", "overlap_max",
                   "escaped", "wall_seconds", "stopped_early", "non_finite_steps"):
        if column not in rows[0]:
            fail(f"{path}: missing column '{column}'")
    return rows


def fmt(value):
    return "–" if value is None else f"{value:.3g}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sweep")
    parser.add_argument("--reference")
    parser.add_argument("--steps-dir", help="the sweep's per-step files (pegsim sweep --per-step)")
    args = parser.parse_args()
    rows = read_rows(args.sweep)
    reference = {}
    if args.reference:
        with open(args.reference, newline="") as f:
            for r in csv.DictReader(f):
                reference[round(float(r["h"]), 6)] = r

    models = sorted({r["model"] for r in rows}, key=lambda m: (m != "standard", m))
    by_key = defaultdict(list)
    for r in rows:
        by_key[(r["model"], round(float(r["h"]), 6))].append(r)
    steps_sizes = sorted({h for (_, h) in by_key})

    print("### Overlap (m², per step, summed over body pairs) versus h\n")
    head = "| h | " + " | ".join(f"{m} median | {m} max" for m in models) + " | authors PEG median | authors corrective median |"
    print(head)
    print("|" + "---|" * (1 + 2 * len(models) + 2))
    for h in steps_sizes:
        cells = []
        for m in models:
            runs = by_key.get((m, h), [])
            if not runs:
                cells += ["–", "–"]
                continue
            # Runs stopped early (divergence guard) have statistics over part of the run only: the
            # median pools the completed runs, and the cell says how many there are.
            completed = [r for r in runs if r["stopped_early"] != "1"]
            med = statistics.median(float(r["overlap_median"]) for r in completed) if completed else None
            mx = max(float(r["overlap_max"]) for r in runs)
            note = f" ({len(completed)}/{len(runs)} done)" if len(completed) < len(runs) else ""
            cells += [fmt(med) + note, fmt(mx)]
        ref = reference.get(h)
        ref_cells = [ref["peg_pooled_median_m2"], ref["corrective_set_a_median_m2"]] if ref else ["–", "–"]
        print(f"| {h:g} | " + " | ".join(cells) + " | " + " | ".join(ref_cells) + " |")

    print("\n### Robustness (every run of the grid)\n")
    print("| model | runs | steps | solver failures | runs with failures | recovered steps | diverged runs | escaped bodies | NaN steps |")
    print("|---|---|---|---|---|---|---|---|---|")
    for m in models:
        runs = [r for r in rows if r["model"] == m]
        failures = sum(int(r["solver_failures"]) for r in runs)
        print(f"| {m} | {len(runs)} | {sum(int(r['steps']) for r in runs)} | {failures} | "
              f"{sum(1 for r in runs if int(r['solver_failures']) > 0)} | "
              f"{sum(int(r.get('recovered_steps') or 0) for r in runs)} | "
              f"{sum(1 for r in runs if r.get('diverged') == '1')} | "
              f"{sum(int(r['escaped']) for r in runs)} | {sum(int(r['non_finite_steps']) for r in runs)} |")

    print("\n### Cost (wall seconds, one process, this sweep)\n")
    totals = {m: sum(float(r["wall_seconds"]) for r in rows if r["model"] == m) for m in models}
    per_step = {m: totals[m] / max(1, sum(int(r["steps"]) for r in rows if r["model"] == m)) for m in models}
    print("| model | total wall s | s per step | per-step ratio to standard |")
    print("|---|---|---|---|")
    for m in models:
        ratio = per_step[m] / per_step["standard"] if "standard" in per_step and per_step["standard"] > 0 else None
        print(f"| {m} | {totals[m]:.1f} | {per_step[m]:.3g} | {fmt(ratio)} |")


    if args.steps_dir:
        pooled_table(args.steps_dir, models, steps_sizes, reference)
        set_b_table(args.steps_dir, steps_sizes, reference)
    engine_table(rows, models)


def spawn_step(t_end, h):
    """A spawn time in (t_end - 2h, t_end]: the step where a body appears, or the one after."""
    return any(t_end - 2 * h + 1e-12 < k * SPAWN_INTERVAL <= t_end + 1e-12 for k in range(SPAWN_COUNT))


def pooled_table(steps_dir, models, steps_sizes, reference):
    print("\n### Overlap pooled over every step of the ten sets (as the authors pooled theirs)\n")
    print("(Not the standard model: most of its runs stop early, and its steps before the first failure")
    print("say nothing about the rest; see the first table.)\n")
    print("| model | h | steps | median | mean | mean without spawn steps | max | max without spawn steps | authors PEG median | median / authors |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for m in [m for m in models if m != "standard"]:
        for h in steps_sizes:
            files = glob.glob(os.path.join(steps_dir, f"*_{m}_{h:g}.csv"))
            if not files:
                continue
            values, quiet = [], []
            for path in files:
                with open(path, newline="") as f:
                    for r in csv.DictReader(f):
                        v = float(r["overlap"])
                        values.append(v)
                        if not spawn_step(float(r["time"]), h):
                            quiet.append(v)
            if not values:
                continue
            med = statistics.median(values)
            ref = reference.get(h)
            authors = float(ref["peg_pooled_median_m2"]) if ref else None
            ratio = med / authors if authors else None
            print(f"| {m} | {h:g} | {len(values)} | {fmt(med)} | {fmt(statistics.fmean(values))} | "
                  f"{fmt(statistics.fmean(quiet) if quiet else None)} | {fmt(max(values))} | "
                  f"{fmt(max(quiet) if quiet else None)} | {fmt(authors)} | {fmt(ratio)} |")


def set_b_table(steps_dir, steps_sizes, reference):
    """peg on body set b against the authors' PEG on set b: the one set with their mean too."""
    if not reference or "peg_set_b_mean_m2" not in next(iter(reference.values())):
        return
    print("\n### Body set b: peg against the authors' PEG on the same set (median and mean over steps)\n")
    print("| h | peg median | authors median | peg mean | authors mean | peg max | mean ratio (authors / peg) |")
    print("|---|---|---|---|---|---|---|")
    for h in steps_sizes:
        ref = reference.get(h)
        path = os.path.join(steps_dir, f"bodies_b_peg_{h:g}.csv")
        if not ref or not os.path.exists(path):
            continue
        with open(path, newline="") as f:
            values = [float(r["overlap"]) for r in csv.DictReader(f)]
        if not values:
            continue
        mean = statistics.fmean(values)
        authors_mean = float(ref["peg_set_b_mean_m2"])
        print(f"| {h:g} | {fmt(statistics.median(values))} | {ref['peg_set_b_median_m2']} | {fmt(mean)} | "
              f"{ref['peg_set_b_mean_m2']} | {fmt(max(values))} | {fmt(authors_mean / mean if mean > 0 else None)} |")


def engine_table(rows, models):
    if "search_steps" not in rows[0]:
        return
    print("\n### The engine's work (every run of the grid)\n")
    print("| model | steps | searched steps | answered by the LCP solver alone | proximity corrections | fixpoint solves | largest one-step energy gain (J) |")
    print("|---|---|---|---|---|---|---|")
    for m in models:
        runs = [r for r in rows if r["model"] == m]
        total = lambda key: sum(int(r[key]) for r in runs)
        print(f"| {m} | {total('steps')} | {total('search_steps')} | {total('search_fallbacks')} | "
              f"{total('proximity_corrections')} | {total('fixpoint_solves')} | "
              f"{fmt(max(float(r['energy_max_increase']) for r in runs))} |")


if __name__ == "__main__":
    main()
