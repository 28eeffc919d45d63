#!/usr/bin/env python3
"""Per-step plot of the icosahedra pour at h = 0.01 against the authors' stored run (PEG paper Fig. 25).

usage: plot_pour3d_steps.py --authors ../shared/data/reference-pour3d/perstep-h0.010.csv
                            --run LABEL=METRICS.csv [--run ...] --plot OUT.png

Each METRICS.csv is `pegsim run ... --metrics` of the same scene. Panels: contacts, SM traps
(I-sites), overlap volume and LCP size per step. Prints one summary row per run to stdout.
"""
import argparse
import statistics
import sys

import plot_sweep  # its CSV readers: clear errors naming the file, line and column
from plot_sweep import fail, number, read_csv, require_columns

plot_sweep.PROGRAM = "plot_pour3d_steps"


def column(rows, name, path):
    require_columns(rows, [name], path)
    out = []
    for line, row in enumerate(rows, start=2):
        value = number(row, name, path, line)
        if value is None:
            fail(f"{path}: line {line}: column {name}: empty")
        out.append(value)
    return out


def series_from_authors(path):
    rows = read_csv(path)
    t = column(rows, "t_state_s", path)
    return {
        "authors' PEG (PATH)": dict(t=t, contacts=column(rows, "peg_contacts_prev", path),
                                    traps=column(rows, "peg_traps_prev", path),
                                    overlap=column(rows, "peg_overlap_m3", path),
                                    lcp=column(rows, "peg_lcp_size", path)),
        "authors' penalty": dict(t=t, contacts=column(rows, "pen_contacts_prev", path), traps=None,
                                 overlap=column(rows, "pen_overlap_m3", path),
                                 lcp=column(rows, "pen_lcp_size", path)),
    }


def series_from_run(path):
    rows = read_csv(path)
    # our rows hold the end of step k (time = k h), the authors' the configuration at its start
    return dict(t=column(rows, "time", path),
                contacts=column(rows, "contacts", path), traps=column(rows, "traps", path),
                overlap=column(rows, "overlap", path), lcp=column(rows, "lcp_size", path))


def summary(label, s):
    traps = "–" if s["traps"] is None else f"{statistics.fmean(s['traps']):.2f}"
    return (f"| {label} | {statistics.fmean(s['contacts']):.1f} | {traps} | {statistics.fmean(s['lcp']):.1f} | "
            f"{statistics.median(s['overlap']):.1e} | {max(s['overlap']):.1e} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--authors", required=True)
    ap.add_argument("--run", action="append", default=[], help="LABEL=METRICS.csv")
    ap.add_argument("--plot", required=True)
    args = ap.parse_args()
    series = series_from_authors(args.authors)
    for item in args.run:
        if "=" not in item:
            fail(f"--run {item!r}: expected LABEL=METRICS.csv")
        label, path = item.split("=", 1)
        series[label] = series_from_run(path)

    print("| run | mean contacts | mean SM traps | mean LCP size | overlap median (m³) | overlap max (m³) |")
    print("|---|---|---|---|---|---|")
    for label, s in series.items():
        print(summary(label, s))

    import matplotlib.pyplot as plt  # plot_sweep selected the Agg backend
    fig, axes = plt.subplots(4, 1, figsize=(9, 10), sharex=True)
    panels = [("contacts", "contacts"), ("traps", "SM traps (I-sites)"), ("overlap", "overlap (m³)"),
              ("lcp", "LCP size")]
    colours = {label: f"C{i}" for i, label in enumerate(series)}  # one colour per run in every panel
    for ax, (key, ylabel) in zip(axes, panels):
        for label, s in series.items():
            if s[key] is None:
                continue
            values = s[key]
            if key == "overlap":
                values = [max(v, 1e-30) for v in values]
            ax.plot(s["t"], values, linewidth=0.8, label=label, color=colours[label])
        ax.set_ylabel(ylabel)
        if key == "overlap":
            ax.set_yscale("log")
            ax.set_ylim(1e-24, 1e-3)
    axes[0].legend(fontsize=8)
    axes[0].set_title("Icosahedra pour, h = 0.01, frictionless: per step (PEG paper Fig. 25)")
    axes[-1].set_xlabel("t (s)")
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)
    print(f"plot_pour3d_steps: wrote {args.plot}", file=sys.stderr)


if __name__ == "__main__":
    main()
