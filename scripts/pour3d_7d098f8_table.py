#!/usr/bin/python3
"""Tables (markdown) and the overlap plot for the 3D pour grid of scripts/sweep_pour3d_7d098f8.sh.

  /usr/bin/python3 scripts/pour3d_7d098f8_table.py OUT [--reference REF.csv] [--plot PNG] [--floor 1e-30]

OUT is the sweep_pour3d_7d098f8.sh output directory: OUT/sweeps/<tag>/sweep.csv (one row per scene and model)
and OUT/runs/<scene>_<model>.json (the `pegsim run` summary of the same run) with .time
(/usr/bin/time: wall, user, sys seconds). Prints to stdout:
  - a consistency check: sweep row against run summary (steps, failures, overlap, depth, LCP),
  - Table A: icosahedra, mu = 0, per h (standard / peg / peg-accurate), with the authors' PEG and
    penalty (reference-medians.csv, the box3d runs: the authors' figure),
  - Table B: icosahedra, mu = 0.3, compact,
  - Table C: random hulls per (h, mu, model),
  - the issue 13 targets, each with the numbers and the runs that miss it,
  - with OUT/timing.txt (scripts/pour3d_7d098f8_timing.sh), the repeated CPU timings.
The plot (needs matplotlib): overlap median and max versus h for the icosahedra at mu = 0, ours
against the authors' PEG and penalty, log y; values below --floor (zeros) are drawn at the floor.
"""

import argparse
import csv
import glob
import json
import math
import os
import re
import statistics
import sys

MODELS = ["standard", "peg", "peg-accurate"]
SHORT = {"standard": "std", "peg": "peg", "peg-accurate": "peg-acc"}


def e(x, digits=1):
    if x is None:
        return "–"
    if x == 0:
        return "0"
    return f"{x:.{digits}e}"


def mm(x):
    if x is None:
        return "–"
    v = x * 1000
    if v == 0:
        return "0"
    return f"{v:.0f}" if v >= 100 else f"{v:.2g}"


def load(out):
    runs = {}  # (scene, model) -> dict merged
    for path in sorted(glob.glob(os.path.join(out, "sweeps", "*", "sweep.csv"))):
        with open(path) as f:
            for row in csv.DictReader(f):
                key = (row["scene"], row["model"])
                r = {"sweep": row}
                rp = os.path.join(out, "runs", f"{row['scene']}_{row['model']}")
                if os.path.exists(rp + ".json"):
                    with open(rp + ".json") as g:
                        s = json.load(g)
                    s.pop("final", None)
                    r["run"] = s
                if os.path.exists(rp + ".time"):
                    with open(rp + ".time") as g:
                        lines = [ln for ln in g.read().split("\n") if re.match(r"^[0-9.]+ [0-9.]+ [0-9.]+$", ln)]
                    if lines:
                        w, u, sy = map(float, lines[-1].split())
                        r["time"] = {"wall": w, "cpu": u + sy}
                runs[key] = r
    return runs


def parse_scene(scene):
    m = re.match(r"^(ico|hull)_(?:s(\d+)_)?h([0-9.]+)_mu([0-9.]+)$", scene)
    if not m:
        return None
    kind, seed, h, mu = m.groups()
    return kind, (int(seed) if seed else None), float(h), float(mu)


def consistency(runs):
    fields = [("steps", "steps"), ("solver_failures", "solver_failures"), ("overlap_max", "overlap_max"),
              ("overlap_median", "overlap_median"), ("depth_max", "depth_max"), ("mean_lcp", "mean_lcp_size"),
              ("escaped", "escaped_bodies")]
    bad = []
    n = 0
    for (scene, model), r in sorted(runs.items()):
        if "run" not in r:
            bad.append(f"{scene} {model}: no run summary")
            continue
        n += 1
        for fs, fr in fields:
            a = float(r["sweep"][fs])
            b = float(r["run"][fr])
            if a != b and not (abs(a - b) <= 1e-12 * max(abs(a), abs(b))):
                bad.append(f"{scene} {model}: {fs} sweep {a!r} run {b!r}")
    return n, bad


def g(r, name, src="auto"):
    """A field of a run: the sweep row where it has it, else the run summary."""
    if src in ("auto", "sweep") and name in r["sweep"]:
        v = r["sweep"][name]
        return float(v)
    if "run" in r and name in r["run"]:
        v = r["run"][name]
        return float(v) if not isinstance(v, bool) else float(v)
    return None


def reference(path):
    ref = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if row["source"] != "box3d":
                continue
            h = round(float(row["h"]), 3)
            d = ref.setdefault(h, {})
            def num(c):
                return float(row[c]) if row.get(c, "") != "" else None
            if row["model"] == "PEG":
                d["peg_median"] = num("overlap_median_m3")
                d["peg_max"] = num("overlap_max_m3")
                d["peg_traps"] = num("traps_mean")
            elif row["model"] == "penalty":
                d["pen_median"] = num("overlap_median_m3")
                d["pen_max"] = num("overlap_max_m3")
                d["pen_failed"] = row["steps"] == ""
    return ref


def triple(vals, fmt):
    return " / ".join("–" if v is None else fmt(v) for v in vals)


def table_a(runs, ref):
    print("| h | steps | failed steps | energy-gain steps | overlap median (m³) | overlap max (m³) | depth max (mm) "
          "| mean LCP | mean traps (I-sites) / step | ms / step | authors' PEG median / max | authors' penalty median |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for h in sorted({k[2] for k in icos(runs, 0.0)}):
        rs = [runs.get((f"ico_h{fmt_h(h)}_mu0", m)) for m in MODELS]
        if any(r is None for r in rs):
            continue
        rf = ref.get(round(h, 3), {})
        if rf:
            pen = "failed" if rf.get("pen_failed") else e(rf.get("pen_median"))
            auth = f"{e(rf.get('peg_median'))} / {e(rf.get('peg_max'))} | {pen}"
        else:
            auth = "– | –"
        print(f"| {fmt_h(h)} | {int(g(rs[0], 'steps'))} "
              f"| {triple([g(r, 'solver_failures') for r in rs], lambda v: str(int(v)))} "
              f"| {triple([g(r, 'energy_gain_steps', 'run') for r in rs], lambda v: str(int(v)))} "
              f"| {triple([g(r, 'overlap_median') for r in rs], e)} "
              f"| {triple([g(r, 'overlap_max') for r in rs], e)} "
              f"| {triple([g(r, 'depth_max') for r in rs], mm)} "
              f"| {triple([g(r, 'mean_lcp') for r in rs], lambda v: f'{v:.1f}')} "
              f"| {triple([g(r, 'mean_traps') for r in rs], lambda v: f'{v:.2f}')} "
              f"| {triple([g(r, 'seconds_per_step') * 1000 for r in rs], lambda v: f'{v:.2f}')} "
              f"| {auth} |")


def table_b(runs):
    print("| h | failed steps | overlap max (m³) | energy-gain steps | escapes | depth max (mm) | ms / step |")
    print("|---|---|---|---|---|---|---|")
    for h in sorted({k[2] for k in icos(runs, 0.3)}):
        rs = [runs.get((f"ico_h{fmt_h(h)}_mu0.3", m)) for m in MODELS]
        if any(r is None for r in rs):
            continue
        print(f"| {fmt_h(h)} "
              f"| {triple([g(r, 'solver_failures') for r in rs], lambda v: str(int(v)))} "
              f"| {triple([g(r, 'overlap_max') for r in rs], e)} "
              f"| {triple([g(r, 'energy_gain_steps', 'run') for r in rs], lambda v: str(int(v)))} "
              f"| {triple([g(r, 'escaped') for r in rs], lambda v: str(int(v)))} "
              f"| {triple([g(r, 'depth_max') for r in rs], mm)} "
              f"| {triple([g(r, 'seconds_per_step') * 1000 for r in rs], lambda v: f'{v:.2f}')} |")


def fmt_h(h):
    s = f"{h:.3f}".rstrip("0")
    return s if not s.endswith(".") else s + "0"


def icos(runs, mu):
    out = []
    for (scene, model) in runs:
        p = parse_scene(scene)
        if p and p[0] == "ico" and p[3] == mu:
            out.append(p)
    return out


def hull_groups(runs):
    groups = {}
    for (scene, model), r in runs.items():
        p = parse_scene(scene)
        if p and p[0] == "hull":
            groups.setdefault((p[2], p[3], model), []).append((p[1], r))
    return groups


def table_c(runs):
    print("| h | µ | model | runs | failed steps (runs with any) | degraded steps | diverged | escapes "
          "| deferred spawns | median of run medians (m³) | largest overlap (m³) | largest depth (mm) "
          "| energy-gain steps | largest unexplained gain (J) | mean / max LCP | ms / step |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    groups = hull_groups(runs)
    for (h, mu, model) in sorted(groups, key=lambda k: (k[0], k[1], MODELS.index(k[2]))):
        rs = [r for _, r in sorted(groups[(h, mu, model)], key=lambda x: x[0])]
        fails = [g(r, "solver_failures") for r in rs]
        steps = sum(g(r, "steps") for r in rs)
        wall = sum(g(r, "wall_seconds") for r in rs)
        print(f"| {fmt_h(h)} | {mu:g} | {model} | {len(rs)} | {int(sum(fails))} ({sum(1 for f in fails if f > 0)}) "
              f"| {int(sum(g(r, 'degraded_steps', 'run') for r in rs))} "
              f"| {int(sum(g(r, 'diverged') for r in rs))} | {int(sum(g(r, 'escaped') for r in rs))} "
              f"| {int(sum(g(r, 'deferred_spawns', 'run') for r in rs))} "
              f"| {e(statistics.median(g(r, 'overlap_median') for r in rs))} "
              f"| {e(max(g(r, 'overlap_max') for r in rs))} | {mm(max(g(r, 'depth_max') for r in rs))} "
              f"| {int(sum(g(r, 'energy_gain_steps', 'run') for r in rs))} "
              f"| {e(max(g(r, 'energy_max_unexplained', 'run') for r in rs))} "
              f"| {statistics.mean(g(r, 'mean_lcp') for r in rs):.1f} / {int(max(g(r, 'max_lcp') for r in rs))} "
              f"| {1000 * wall / steps:.2f} |")


def per_run_lines(runs, pred):
    return [(scene, model, r) for (scene, model), r in sorted(runs.items()) if pred(scene, model, r)]


def targets(runs, ref):
    print("Targets (peg and peg-accurate over the whole grid):")
    pegs = [(s, m, r) for (s, m), r in sorted(runs.items()) if m in ("peg", "peg-accurate")]
    def report(name, field, src="auto"):
        bad = [(s, m, g(r, field, src)) for s, m, r in pegs if (g(r, field, src) or 0) > 0]
        tot = sum(v for _, _, v in bad)
        print(f"- {name}: {len(bad)} of {len(pegs)} runs nonzero, total {tot:g}")
        for s, m, v in bad:
            r = runs[(s, m)]
            print(f"    {s} {m}: {v:g}  (degraded {g(r, 'degraded_steps', 'run')}, recovered {g(r, 'recovered_steps')}, "
                  f"max unexplained {g(r, 'energy_max_unexplained', 'run')}, max increase {g(r, 'energy_max_increase')})")
    report("solver failures", "solver_failures")
    report("degraded steps", "degraded_steps", "run")
    report("diverged", "diverged")
    report("escapes", "escaped")
    report("energy-gain steps", "energy_gain_steps", "run")
    report("energy_max_increase > 0", "energy_max_increase")
    um = max(g(r, "energy_max_unexplained", "run") for _, _, r in pegs)
    print(f"- largest energy_max_unexplained over peg runs: {um:.2e}")
    print(f"- largest stabilisation_work_max over peg runs: {max(g(r, 'stabilisation_work_max', 'run') for _, _, r in pegs):.3g}")
    # standard, for comparison
    std = [(s, m, r) for (s, m), r in sorted(runs.items()) if m == "standard"]
    for f, src in [("solver_failures", "auto"), ("energy_gain_steps", "run"), ("escaped", "auto"), ("diverged", "auto")]:
        bad = [(s, g(r, f, src)) for s, m, r in std if (g(r, f, src) or 0) > 0]
        print(f"- standard {f}: {len(bad)} of {len(std)} runs nonzero: {bad}")

    print("Overlap against the authors (icosahedra, mu = 0; the authors ran frictionless):")
    for m in MODELS:
        for h in sorted({k[2] for k in icos(runs, 0.0)}):
            r = runs.get((f"ico_h{fmt_h(h)}_mu0", m))
            rf = ref.get(round(h, 3))
            if r is None or rf is None:
                continue
            med, mx = g(r, "overlap_median"), g(r, "overlap_max")
            pm, px = rf["peg_median"], rf["peg_max"]
            ok_med = med <= pm if pm > 0 else med <= 1e-12
            ok_max = mx <= px
            flag = "" if (ok_med and ok_max) else "  <-- MISS " + ("median " if not ok_med else "") + ("max" if not ok_max else "")
            print(f"    {m:13s} h={fmt_h(h):6s} median {med:.2e} (theirs {pm:.2e}) max {mx:.2e} (theirs {px:.2e}) "
                  f"ratio max {mx / px:.2g}{flag}")
    print("Cost:")
    for mu in (0, 0.3):
        for m in MODELS:
            r = runs.get((f"ico_h0.01_mu{mu:g}", m))
            if r:
                t = r.get("time", {})
                print(f"    icosahedra h=0.01 mu={mu:g} {m}: sweep wall {g(r, 'wall_seconds'):.3f} s, "
                      f"run process cpu {t.get('cpu')} s wall {t.get('wall')} s, run summary wall {g(r, 'wall_seconds', 'run'):.3f} s")
    # peg / standard per run (like for like: both without failed steps)
    ratios = {"peg": [], "peg-accurate": []}
    rows = []
    for (s, m), r in sorted(runs.items()):
        if m == "standard":
            continue
        st = runs.get((s, "standard"))
        if st is None:
            continue
        q = g(r, "seconds_per_step") / g(st, "seconds_per_step")
        lfl = g(r, "solver_failures") == 0 and g(st, "solver_failures") == 0
        ratios[m].append((s, q, lfl))
    for m in ratios:
        qs = [q for _, q, _ in ratios[m]]
        if not qs:
            continue
        allq = sum(1 for _, q, lfl in ratios[m] if lfl)
        print(f"    {m}/standard ms-per-step ratio over {len(qs)} runs: median {statistics.median(qs):.2f}, "
              f"max {max(qs):.2f}, runs > 1.5: {sum(1 for q in qs if q > 1.5)} ({allq} runs like for like)")
        for kind in ("ico", "hull"):
            sub = [(s, q) for s, q, _ in ratios[m] if s.startswith(kind)]
            if sub:
                tw = sum(g(runs[(s, m)], "wall_seconds") for s, _ in sub)
                ts = sum(g(runs[(s, "standard")], "wall_seconds") for s, _ in sub)
                print(f"      {kind}: median {statistics.median(q for _, q in sub):.2f}, max {max(q for _, q in sub):.2f}, "
                      f"total wall ratio {tw / ts:.2f}; > 1.5: {[ (s, round(q, 2)) for s, q in sub if q > 1.5]}")


def timing(out):
    """OUT/timing.txt from scripts/pour3d_7d098f8_timing.sh: median CPU per scene and model."""
    path = os.path.join(out, "timing.txt")
    if not os.path.exists(path):
        return
    d = {}
    with open(path) as f:
        for ln in f:
            sc, m, _, w, u, sy = ln.split()
            d.setdefault(sc, {}).setdefault(m, []).append(float(u) + float(sy))
    print("Repeated timings (timing.txt), CPU s (user + sys) of `pegsim run`, median [min-max] of n:")
    for sc, ms in d.items():
        med = {m: statistics.median(v) for m, v in ms.items()}
        parts = [f"{m} {med[m]:.2f} [{min(v):.2f}-{max(v):.2f}] n={len(v)}" for m, v in ms.items()]
        ratio = "; ".join(f"{m}/standard {med[m] / med['standard']:.2f}" for m in ms if m != "standard")
        print(f"    {sc}: " + ", ".join(parts) + f"; {ratio}")


def plot(runs, ref, path, floor, build="7d098f8"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    hs = sorted({k[2] for k in icos(runs, 0.0)})
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8), sharey=True)
    colors = {"standard": "tab:blue", "peg": "tab:red", "peg-accurate": "tab:orange"}
    markers = {"standard": "o", "peg": "s", "peg-accurate": "^"}
    fl = lambda v: max(v, floor) if v is not None else None
    for ax, stat, title in ((axes[0], "overlap_median", "median over steps"), (axes[1], "overlap_max", "max over steps")):
        for m in MODELS:
            xs, ys = [], []
            for h in hs:
                r = runs.get((f"ico_h{fmt_h(h)}_mu0", m))
                if r:
                    xs.append(h)
                    ys.append(fl(g(r, stat)))
            ax.plot(xs, ys, marker=markers[m], color=colors[m], label=f"ours, {m}",
                    markersize=5 if m != "peg-accurate" else 7, fillstyle="full" if m != "peg-accurate" else "none")
        rh = sorted(ref)
        key = "peg_median" if stat == "overlap_median" else "peg_max"
        ax.plot(rh, [fl(ref[h].get(key)) for h in rh], "k--", marker="x", label="authors, PEG (PATH)")
        pkey = "pen_median" if stat == "overlap_median" else "pen_max"
        pts = [(h, ref[h].get(pkey)) for h in rh if ref[h].get(pkey) is not None]
        ax.plot([p[0] for p in pts], [fl(p[1]) for p in pts], ":", color="gray", marker="d",
                label="authors, penalty (their figure's runs)")
        ax.set_yscale("log")
        ax.set_xscale("log")
        ax.set_xlabel("h (s)")
        ax.set_title(f"overlap volume per step: {title}")
        ax.grid(True, which="both", alpha=0.3)
    axes[0].set_ylabel(f"overlap (m³); values < {floor:g} (zeros) drawn at {floor:g}")
    axes[0].legend(fontsize=8)
    fig.suptitle(f"The authors' icosahedra pour, µ = 0, 5 s: pegsim {build} against the PEG authors' stored runs")
    fig.tight_layout()
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    fig.savefig(path, dpi=110)
    print(f"plot: {path}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--reference", default="../shared/data/reference-pour3d/reference-medians.csv")
    ap.add_argument("--plot")
    ap.add_argument("--floor", type=float, default=1e-30)
    ap.add_argument("--build", default="7d098f8", help="the build named in the plot's title")
    ap.add_argument("--plot-only", action="store_true", help="only the plot (needs --plot)")
    a = ap.parse_args()
    runs = load(a.out)
    ref = reference(a.reference)
    if a.plot_only:  # an OUT of scripts/sweep_pour3d.sh: sweep rows only (OUT/sweeps/GROUP -> its groups)
        return plot(runs, ref, a.plot, a.floor, a.build)
    n, bad = consistency(runs)
    print(f"Consistency, sweep row vs run summary: {n} runs compared, {len(bad)} mismatches")
    for b in bad:
        print("   ", b)
    print("\n#### Table A\n")
    table_a(runs, ref)
    print("\n#### Table B\n")
    table_b(runs)
    print("\n#### Table C\n")
    table_c(runs)
    print()
    targets(runs, ref)
    timing(a.out)
    if a.plot:
        plot(runs, ref, a.plot, a.floor, a.build)


if __name__ == "__main__":
    sys.exit(main())
