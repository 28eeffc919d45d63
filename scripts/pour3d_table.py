#!/usr/bin/env python3
"""Tables of the polyhedron pour grid of scripts/sweep_pour3d.sh, for EXPERIMENTS.md.

usage: python3 scripts/pour3d_table.py OUT [--reference ../shared/data/reference-pour3d/reference-medians.csv]
Prints markdown: the icosahedra per h (mu = 0, with the authors' PEG and penalty runs of their
figure, reference-medians.csv source box3d; mu = 0.3), the random hulls per (h, mu, model), and
the checks of issue 13's targets.
"""
import argparse
import csv
import glob
import os
import statistics

MODELS = ("standard", "peg", "peg-accurate")


def rows_of(pattern):
    out = []
    for path in sorted(glob.glob(pattern)):
        out.extend(csv.DictReader(open(path)))
    return out


def g(x):
    return "0" if x == 0 else "%.1e" % x


def reference(path):
    return {(r["model"], round(float(r["h"]), 4)): r for r in csv.DictReader(open(path)) if r["source"] == "box3d"}


def icosahedra_mu0(out, ref, misses):
    ico = rows_of(os.path.join(out, "ico_h*_mu0", "sweep.csv"))
    print("| h | model | failed steps | overlap median / max (m³) | depth max (mm) | mean LCP | mean I-sites | ms / step | authors' PEG median / max | authors' penalty median |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for h in sorted({float(r["h"]) for r in ico}):
        p = ref.get(("PEG", round(h, 4)))
        q = ref.get(("penalty", round(h, 4)))
        for m in MODELS:
            r = [x for x in ico if float(x["h"]) == h and x["model"] == m][0]
            med, mx = float(r["overlap_median"]), float(r["overlap_max"])
            authors = "%s / %s" % (g(float(p["overlap_median_m3"])), g(float(p["overlap_max_m3"]))) if p else "–"
            penalty = (g(float(q["overlap_median_m3"])) if q["overlap_median_m3"] else "failed") if q else "–"
            print("| %g | %s | %s | %s / %s | %.3f | %.1f | %.2f | %.2f | %s | %s |" % (
                h, m, r["solver_failures"], g(med), g(mx), 1e3 * float(r["depth_max"]), float(r["mean_lcp"]),
                float(r["mean_traps"]), 1e3 * float(r["seconds_per_step"]), authors if m == "standard" else "",
                penalty if m == "standard" else ""))
            if m != "standard" and p:
                pm, px = float(p["overlap_median_m3"]), float(p["overlap_max_m3"])
                if (pm > 0 and med > pm) or (pm == 0 and med > 1e-12):
                    misses.append("%s h = %g: median %s against the authors' %s" % (m, h, g(med), g(pm)))
                if mx > px:
                    misses.append("%s h = %g: max %s against the authors' %s" % (m, h, g(mx), g(px)))
    return ico


def icosahedra_mu03(out):
    ico3 = rows_of(os.path.join(out, "ico_h*_mu0.3", "sweep.csv"))
    print("| h | " + " | ".join(MODELS) + " |")
    print("|---|" + "---|" * len(MODELS))
    for h in sorted({float(r["h"]) for r in ico3}):
        cells = []
        for m in MODELS:
            r = [x for x in ico3 if float(x["h"]) == h and x["model"] == m][0]
            cells.append("%s / %s / %s" % (r["solver_failures"], g(float(r["overlap_max"])), r["escaped"]))
        print("| %g | " % h + " | ".join(cells) + " |")
    return ico3


def hulls(out, bad):
    print("| h | µ | model | runs | failed steps | diverged | escapes | median of run medians (m³) | largest overlap (m³) | largest depth (mm) | mean / max LCP | mean I-sites | ms per step |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    paths = sorted(glob.glob(os.path.join(out, "hulls_h*_mu*", "sweep.csv")),
                   key=lambda p: (float(p.split("hulls_h")[1].split("_mu")[0]), p))
    every = []
    for path in paths:
        rows = list(csv.DictReader(open(path)))
        every.extend(rows)
        h = float(rows[0]["h"])
        mu = path.split("_mu")[1].split("/")[0]
        for m in MODELS:
            r = [x for x in rows if x["model"] == m]
            if not r:
                continue
            for x in r:
                if m != "standard" and (int(x["solver_failures"]) or int(x["diverged"]) or int(x["escaped"])):
                    bad.append("%s %s: %s failed steps, diverged %s, %s escaped" % (m, x["scene"], x["solver_failures"], x["diverged"], x["escaped"]))
            print("| %g | %s | %s | %d | %d | %d | %d | %s | %s | %.2f | %.0f / %d | %.2f | %.2f |" % (
                h, mu, m, len(r), sum(int(x["solver_failures"]) for x in r), sum(int(x["diverged"]) for x in r),
                sum(int(x["escaped"]) for x in r), g(statistics.median(float(x["overlap_median"]) for x in r)),
                g(max(float(x["overlap_max"]) for x in r)), 1e3 * max(float(x["depth_max"]) for x in r),
                statistics.mean(float(x["mean_lcp"]) for x in r), max(int(x["max_lcp"]) for x in r),
                statistics.mean(float(x["mean_traps"]) for x in r), 1e3 * statistics.mean(float(x["seconds_per_step"]) for x in r)))
    return every


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--reference", default="../shared/data/reference-pour3d/reference-medians.csv")
    a = ap.parse_args()
    ref = reference(a.reference)
    misses, bad = [], []
    print("#### The authors' icosahedra, frictionless\n")
    ico = icosahedra_mu0(a.out, ref, misses)
    print("\n#### The authors' icosahedra, µ = 0.3: failed steps / overlap max (m³) / escapes\n")
    ico3 = icosahedra_mu03(a.out)
    print("\n#### Ten random-hull sets per row\n")
    hull_rows = hulls(a.out, bad)
    print()
    every = ico + ico3 + hull_rows
    for m in MODELS:
        r = [x for x in every if x["model"] == m]
        print("- %s: %d runs, %d steps, %d failed steps (a step that gains energy counts as failed), %d diverged, %d escapes" % (
            m, len(r), sum(int(x["steps"]) for x in r), sum(int(x["solver_failures"]) for x in r),
            sum(int(x["diverged"]) for x in r), sum(int(x["escaped"]) for x in r)))
    print("- icosahedra overlap against the authors' PEG, missed: " + ("; ".join(misses) if misses else "none"))
    print("- peg / peg-accurate runs with failures, divergence or escapes: " + ("; ".join(bad) if bad else "none"))


if __name__ == "__main__":
    main()
