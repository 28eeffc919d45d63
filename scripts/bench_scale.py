#!/usr/bin/env python3
"""Scaling benchmark (issue 11): piles of N random polygons (`pegsim scene pile2d`), per model and
friction: steps/s, mean contacts and LCP rows per step, time per step split by stage, and the fitted
exponent of cost per step against contacts (log-log least squares), as a Markdown table; a log-log
plot when matplotlib is there.

  python3 scripts/bench_scale.py [--pegsim build/pegsim] [--counts 25,50,100] [--models peg,standard]
                                 [--friction 0,0.3] [--duration 1] [--seed 1] [--plot scale.png]
                                 [--timeout SECONDS]
One process at a time, single-threaded; run it on an otherwise idle machine for meaningful times.
The plot needs matplotlib: Debian's python3-matplotlib, i.e. /usr/bin/python3 where another python3 comes first."""
import argparse, csv, json, math, os, subprocess, sys, tempfile


def run_one(pegsim, n, model, mu, duration, seed, work, timeout):
    scene = os.path.join(work, f"pile_{n}_{mu}.json")
    subprocess.run([pegsim, "scene", "pile2d", "--count", str(n), "--seed", str(seed), "--friction", str(mu),
                    "-o", scene], check=True, stdout=subprocess.DEVNULL)
    metrics = os.path.join(work, f"m_{n}_{model}_{mu}.csv")
    command = [pegsim, "run", scene, "--model", model, "--duration", str(duration), "--quiet", "--metrics", metrics]
    try:
        out = subprocess.run(command, stdout=subprocess.PIPE, text=True, timeout=timeout)
        summary = json.loads(out.stdout.strip().splitlines()[-1])
    except subprocess.TimeoutExpired:
        summary = None  # the row is then made from the steps the metrics file holds
    # a run stopped by the timeout may have left its last line half written
    rows = [r for r in csv.DictReader(open(metrics)) if None not in r.values() and r.get("step_seconds")]
    steps = max(1, len(rows))
    stage = lambda key: sum(float(r[key]) for r in rows) / steps
    step_s = stage("step_seconds")
    result = {"N": n, "model": model, "mu": mu, "steps": len(rows), "step_ms": 1e3 * step_s,
              "steps_per_s": 1.0 / step_s if step_s else 0, "search_ms": 1e3 * stage("search_seconds"),
              "solve_ms": 1e3 * stage("solve_seconds"), "fixpoint_ms": 1e3 * stage("fixpoint_seconds")}
    if summary is None:
        overlaps = sorted(float(r["overlap"]) for r in rows)
        result.update({"failures": sum(r["solver_status"] != "solved" for r in rows),
                       "diverged": f"timeout {timeout:g} s at t = {float(rows[-1]['time']) if rows else 0:.2f}",
                       "contacts": stage("contacts"), "rows": stage("lcp_size"),
                       "max_rows": max((int(r["lcp_size"]) for r in rows), default=0),
                       "overlap_median": overlaps[len(overlaps) // 2] if overlaps else float("nan"),
                       "wall_s": float(timeout)})
    else:
        result.update({"steps": summary["steps"], "failures": summary["solver_failures"],
                       "diverged": summary["diverged"], "contacts": summary["mean_contacts"],
                       "rows": summary["mean_lcp_size"], "max_rows": summary["max_lcp_size"],
                       "overlap_median": summary["overlap_median"], "wall_s": summary["wall_seconds"]})
    return result


def fit_exponent(points):
    pts = [(math.log(c), math.log(t)) for c, t in points if c > 0 and t > 0]
    if len(pts) < 2:
        return float("nan")
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    sxx = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sxx if sxx else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pegsim", default="build/pegsim")
    ap.add_argument("--counts", default="25,50,100")
    ap.add_argument("--models", default="peg,standard")
    ap.add_argument("--friction", default="0,0.3")
    ap.add_argument("--duration", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", default="")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds per run; a run stopped there is tabled from the steps it made, not fitted")
    a = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as work:
        for model in a.models.split(","):
            for mu in [float(x) for x in a.friction.split(",")]:
                for n in [int(x) for x in a.counts.split(",")]:
                    r = run_one(a.pegsim, n, model, mu, a.duration, a.seed, work, a.timeout)
                    results.append(r)
                    print(f"  done N={n} {model} mu={mu}: {r['wall_s']:.2f} s", file=sys.stderr)
    print(f"Piles (`pegsim scene pile2d --seed {a.seed}`), h = 0.01, {a.duration:g} s simulated from the drop.\n")
    print("| model | µ | N | steps | failures | diverged | contacts/step | LCP rows/step (max) | ms/step | steps/s "
          "| search ms | solve ms | fixpoint ms | overlap median m² |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        print(f"| {r['model']} | {r['mu']:g} | {r['N']} | {r['steps']} | {r['failures']} | {str(r['diverged']).lower()} "
              f"| {r['contacts']:.0f} | {r['rows']:.0f} ({r['max_rows']}) | {r['step_ms']:.2f} | {r['steps_per_s']:.0f} "
              f"| {r['search_ms']:.2f} | {r['solve_ms']:.2f} | {r['fixpoint_ms']:.2f} | {r['overlap_median']:.2g} |")
    print("\nFitted exponent k of (ms/step) ∝ contacts^k:\n")
    groups = {}
    for r in results:
        groups.setdefault((r["model"], r["mu"]), []).append(r)
    for (model, mu), rs in groups.items():
        k = fit_exponent([(r["contacts"], r["step_ms"]) for r in rs if r["diverged"] is False])
        print(f"- {model}, µ = {mu:g}: k = {k:.2f} (N = {', '.join(str(r['N']) for r in rs)})")
    if a.plot:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print("bench_scale: matplotlib missing, no plot", file=sys.stderr)
            return
        fig, ax = plt.subplots(figsize=(6, 4.2))
        for (model, mu), rs in groups.items():
            done = [r for r in rs if r["diverged"] is False]
            xs = [r["contacts"] for r in done]
            ys = [r["step_ms"] for r in done]
            k = fit_exponent(list(zip(xs, ys)))
            ax.loglog(xs, ys, "o-", label=f"{model} µ={mu:g} (k = {k:.2f})")
        ax.set_xlabel("mean contacts per step")
        ax.set_ylabel("ms per step")
        ax.set_title("pile2d: cost per step against contacts")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(a.plot, dpi=110)


if __name__ == "__main__":
    main()
