#!/usr/bin/python3
"""Plots for `pegsim sweep` results and per-step metrics (run with /usr/bin/python3: matplotlib).

  /usr/bin/python3 scripts/plot_sweep.py SWEEP.csv [--reference reference-medians.csv]
      [--steps-csv [LABEL=]METRICS.csv ...] [--scene NAME] [--out-dir DIR] [--floor 1e-16]

Writes into DIR (default: the current directory):
  overlap_vs_h.png         median total overlap per step size and model, quartile band, log y; with
                           --reference, the PEG authors' PEG and corrective medians as dashed lines
  time_per_step_vs_h.png   wall (and solve, if present) seconds per step, per model
  contacts_traps.png       with --steps-csv: contacts and traps per step (the PEG paper's Fig. 22)

Sweep CSV: one row per (model, h, scene) with at least model, h, overlap_median; optional columns
(overlap_q1, overlap_q3, steps, wall_seconds, solve_seconds, ...) are used when present. Several
scenes per (model, h) are pooled: the median over scenes of each statistic.
Log axes cannot show 0: values below --floor are drawn at the floor, and the axis label says so.
"""

import argparse
import csv
import math
import os
import statistics
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

DEFAULT_FLOOR = 1e-16


PROGRAM = "plot_sweep"  # the name errors start with; scripts that import these readers set their own


def fail(message):
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    sys.exit(2)


def read_csv(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"{path}: cannot read ({e.strerror})")
    if not rows:
        fail(f"{path}: no data rows")
    return rows


def number(row, column, path, line):
    """The column's value as a float; None when the column is missing or empty."""
    text = row.get(column)
    if text is None or text.strip() == "":
        return None
    try:
        value = float(text)
    except ValueError:
        fail(f"{path}: line {line}: column {column}: '{text}' is not a number")
    if math.isnan(value):
        fail(f"{path}: line {line}: column {column}: NaN")
    return value


def require_columns(rows, columns, path):
    missing = [c for c in columns if c not in rows[0]]
    if missing:
        # a line longer than the header lands under the key None (csv.DictReader's restkey)
        have = [k for k in rows[0].keys() if k is not None]
        fail(f"{path}: missing column(s) {', '.join(missing)} (have: {', '.join(have)})")


def pooled_sweep(rows, path, scene=None):
    """{model: {h: {statistic: value}}}, medians over scenes for each (model, h)."""
    require_columns(rows, ["model", "h", "overlap_median"], path)
    stats = ["overlap_median", "overlap_q1", "overlap_q3", "overlap_mean", "overlap_max", "steps",
             "wall_seconds", "solve_seconds", "solver_failures"]
    groups = {}
    for line, row in enumerate(rows, start=2):
        if scene is not None and row.get("scene") != scene:
            continue
        # A run stopped early (divergence guard, --on-failure stop) has statistics over only part of
        # the run: leave it out of the overlap curves (the tables count such runs).
        if row.get("stopped_early") == "1":
            continue
        h = number(row, "h", path, line)
        if h is None or h <= 0:
            fail(f"{path}: line {line}: column h: need a positive step size")
        entry = groups.setdefault(row["model"], {}).setdefault(h, {s: [] for s in stats})
        for s in stats:
            value = number(row, s, path, line)
            if value is not None:
                entry[s].append(value)
    if not groups:
        fail(f"{path}: no completed runs" + (f" for scene '{scene}'" if scene else ""))
    return {model: {h: {s: statistics.median(v) for s, v in entry.items() if v}
                    for h, entry in sorted(by_h.items())}
            for model, by_h in sorted(groups.items())}


def clip(values, floor):
    return [max(v, floor) for v in values]


def model_colours(models):
    cmap = plt.get_cmap("tab10")
    return {m: cmap(i % 10) for i, m in enumerate(models)}


def plot_overlap(sweep, reference_rows, reference_path, floor, out):
    fig, ax = plt.subplots(figsize=(7.5, 5))
    colours = model_colours(sweep)
    for model, by_h in sweep.items():
        hs = [h for h in by_h if "overlap_median" in by_h[h]]
        raw = [by_h[h]["overlap_median"] for h in hs]
        ax.plot(hs, clip(raw, floor), "-", color=colours[model], label=f"{model} (median)")
        # Filled markers: measured values; open markers: below the floor (drawn at the floor).
        shown = [(h, v) for h, v in zip(hs, raw) if v >= floor]
        floored = [h for h, v in zip(hs, raw) if v < floor]
        ax.plot([p[0] for p in shown], [p[1] for p in shown], "o", color=colours[model])
        ax.plot(floored, [floor] * len(floored), "o", markerfacecolor="none", color=colours[model])
        band = [h for h in hs if "overlap_q1" in by_h[h] and "overlap_q3" in by_h[h]]
        if band:
            q1 = clip([by_h[h]["overlap_q1"] for h in band], floor)
            q3 = clip([by_h[h]["overlap_q3"] for h in band], floor)
            ax.fill_between(band, q1, q3, color=colours[model], alpha=0.2, linewidth=0)
    if reference_rows is not None:
        require_columns(reference_rows, ["h"], reference_path)
        refs = [("peg_pooled_median_m2", "PEG authors: PEG median (pooled sets)", "black"),
                ("corrective_set_a_median_m2", "PEG authors: corrective median (set a)", "grey")]
        for column, label, colour in refs:
            if column not in reference_rows[0]:
                continue
            points = [(number(r, "h", reference_path, i), number(r, column, reference_path, i))
                      for i, r in enumerate(reference_rows, start=2)]
            points = [(h, v) for h, v in points if h is not None and v is not None]
            if points:
                ax.plot([p[0] for p in points], clip([p[1] for p in points], floor), "--", color=colour,
                        label=label)
    ax.set_yscale("log")
    ax.set_xlabel("time step h (s)")
    ax.set_ylabel(f"total overlap per step (m$^2$)\nopen markers: < {floor:g} (e.g. 0), drawn at {floor:g}")
    ax.set_title("Overlap vs step size (completed runs): median over steps, band = quartiles")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def plot_time(sweep, out):
    have_wall = any("wall_seconds" in s and s.get("steps") for by_h in sweep.values() for s in by_h.values())
    if not have_wall:
        print("plot_sweep: no wall_seconds/steps columns: time per step not plotted", file=sys.stderr)
        return None
    fig, ax = plt.subplots(figsize=(7.5, 5))
    colours = model_colours(sweep)
    for model, by_h in sweep.items():
        hs = [h for h in by_h if "wall_seconds" in by_h[h] and by_h[h].get("steps")]
        ax.plot(hs, [by_h[h]["wall_seconds"] / by_h[h]["steps"] for h in hs], "o-", color=colours[model],
                label=f"{model} (whole step)")
        solve = [h for h in hs if "solve_seconds" in by_h[h]]
        if solve:
            ax.plot(solve, [by_h[h]["solve_seconds"] / by_h[h]["steps"] for h in solve], "s:",
                    color=colours[model], label=f"{model} (LCP solve)")
    ax.set_yscale("log")
    ax.set_xlabel("time step h (s)")
    ax.set_ylabel("seconds per step")
    ax.set_title("Cost per step vs step size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def plot_steps(step_files, out):
    """Contacts and traps per step for each metrics CSV (Fig. 22 of the PEG paper)."""
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(7.5, 6), sharex=True)
    for label, path in step_files:
        rows = read_csv(path)
        require_columns(rows, ["contacts", "traps"], path)
        x_column = "time" if "time" in rows[0] else "step"
        x = [number(r, x_column, path, i) for i, r in enumerate(rows, start=2)]
        contacts = [number(r, "contacts", path, i) for i, r in enumerate(rows, start=2)]
        traps = [number(r, "traps", path, i) for i, r in enumerate(rows, start=2)]
        top.plot(x, contacts, linewidth=0.8, label=label)
        bottom.plot(x, traps, linewidth=0.8, label=label)
        print(f"plot_sweep: {label}: mean contacts {statistics.fmean(c or 0 for c in contacts):.1f}, "
              f"mean traps {statistics.fmean(t or 0 for t in traps):.2f}", file=sys.stderr)
    top.set_ylabel("potential contacts")
    bottom.set_ylabel("traps (I-constraints)")
    bottom.set_xlabel("time (s)" if x_column == "time" else "step")
    top.set_title("Contacts and SM traps per step")
    for ax in (top, bottom):
        ax.grid(True, alpha=0.3)
    top.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


def parse_step_file(text):
    if "=" in text and not os.path.exists(text):
        label, path = text.split("=", 1)
        return label, path
    return os.path.splitext(os.path.basename(text))[0], text


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sweep", nargs="?", help="sweep CSV from `pegsim sweep`")
    parser.add_argument("--reference", help="the PEG authors' reference-medians.csv")
    parser.add_argument("--steps-csv", action="append", default=[], metavar="[LABEL=]FILE",
                        help="per-step metrics CSV (`pegsim run --metrics`); repeatable")
    parser.add_argument("--scene", help="only this scene's rows of the sweep")
    parser.add_argument("--out-dir", default=".", help="directory for the PNGs")
    parser.add_argument("--floor", type=float, default=DEFAULT_FLOOR, help="log-axis floor for zeros")
    args = parser.parse_args(argv)
    if args.sweep is None and not args.steps_csv:
        fail("give a sweep CSV and/or --steps-csv FILE")
    if not args.floor > 0:
        fail("--floor must be positive")
    if not os.path.isdir(args.out_dir):
        fail(f"--out-dir: {args.out_dir} is not a directory")

    written = []
    if args.sweep is not None:
        sweep = pooled_sweep(read_csv(args.sweep), args.sweep, args.scene)
        reference = read_csv(args.reference) if args.reference else None
        written.append(plot_overlap(sweep, reference, args.reference, args.floor,
                                    os.path.join(args.out_dir, "overlap_vs_h.png")))
        written.append(plot_time(sweep, os.path.join(args.out_dir, "time_per_step_vs_h.png")))
    if args.steps_csv:
        written.append(plot_steps([parse_step_file(s) for s in args.steps_csv],
                                  os.path.join(args.out_dir, "contacts_traps.png")))
    for path in written:
        if path:
            print(path)


if __name__ == "__main__":
    main()
