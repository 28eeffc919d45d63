#!/usr/bin/env python3
"""The 3D pour in ODE, Bullet, MuJoCo and pegsim at several h: one JSON line per run and a markdown table.

Usage (from the repository root, after building pegsim, pegsim_ode_pour, pegsim_bullet_pour and
pegsim_mujoco_pour):
    python3 bench/peers/run_pour_table.py [--out /tmp/peers] [--dt 0.001,0.01,0.02,0.05]
        [--bullet-margins default,0] [--mujoco default,multiccd] [--metric-every 1] [--build build]
        [--pegsim-models standard,peg]

Scenes (written to OUT if missing): `pegsim scene pour3d --seed 1 --dt H` (random hulls, seed 1) and
`pegsim scene pour3d --bodies ../shared/data/reference-pour3d/bodies_icosahedra.json --dt H` (the
PEG authors' icosahedra). Runs one process at a time; results in OUT/results.jsonl, table in
OUT/table.md. A peer whose runner was not built (its engine was not found) is left out, with a note.
"""
import argparse
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.path.join(ROOT, "build")  # --build changes it


def scene(out, kind, h):
    path = os.path.join(out, f"{kind}_{h}.json")
    if not os.path.exists(path):
        cmd = [os.path.join(BUILD, "pegsim"), "scene", "pour3d", "--dt", str(h), "-o", path]
        if kind == "hulls_s1":
            cmd[3:3] = ["--seed", "1"]
        else:
            cmd[3:3] = ["--bodies", os.path.join(ROOT, "..", "shared", "data", "reference-pour3d", "bodies_icosahedra.json")]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return path


def run(cmd):
    print("$", " ".join(cmd), file=sys.stderr, flush=True)
    p = subprocess.run(cmd, capture_output=True, text=True)
    line = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else "{}"
    j = json.loads(line)
    j["exit_code"] = p.returncode
    j["command"] = " ".join(cmd)
    return j


def main():
    global BUILD
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/tmp/peers")
    ap.add_argument("--dt", default="0.001,0.01,0.02,0.05")
    ap.add_argument("--bullet-margins", default="default,0")
    ap.add_argument("--mujoco", default="default,multiccd", help="MuJoCo rows: default and/or multiccd")
    ap.add_argument("--build", default=BUILD, help="build directory with pegsim and the runners")
    ap.add_argument("--metric-every", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="runs per cell; ms/step is their median")
    ap.add_argument("--pegsim-models", default="standard,peg", help="pegsim rows: its contact models")
    a = ap.parse_args()
    BUILD = os.path.abspath(a.build)
    os.makedirs(a.out, exist_ok=True)
    missing = [p for p in ("pegsim_ode_pour", "pegsim_bullet_pour", "pegsim_mujoco_pour")
               if not os.path.exists(os.path.join(BUILD, p))]
    for p in missing:
        print(f"note: {BUILD}/{p} not built (its engine was not found); left out", file=sys.stderr)
    rows = []
    with open(os.path.join(a.out, "results.jsonl"), "w") as f:
        for kind in ("hulls_s1", "ico"):
            for h in [float(x) for x in a.dt.split(",")]:
                s = scene(a.out, kind, h)
                every = ["--metric-every", str(a.metric_every)] if a.metric_every > 1 else []
                runs = [("ODE", [os.path.join(BUILD, "pegsim_ode_pour"), s, "--dt", str(h), "--duration", "5"] + every)]
                for m in a.bullet_margins.split(","):
                    extra = [] if m == "default" else ["--margin", m]
                    name = "Bullet" if m == "default" else f"Bullet, margin {m}"
                    runs.append((name, [os.path.join(BUILD, "pegsim_bullet_pour"), s, "--dt", str(h), "--duration", "5"] + every + extra))
                for v in a.mujoco.split(",") if a.mujoco else []:
                    extra = ["--multiccd", "1"] if v == "multiccd" else []
                    name = "MuJoCo" if v == "default" else f"MuJoCo, {v}"
                    runs.append((name, [os.path.join(BUILD, "pegsim_mujoco_pour"), s, "--dt", str(h), "--duration", "5"] + every + extra))
                runs = [r for r in runs if os.path.basename(r[1][0]) not in missing]
                for model in a.pegsim_models.split(","):
                    csv_path = os.path.join(a.out, f"pegsim_metrics_{kind}_{h}_{model}.csv")
                    runs.append((f"pegsim ({model})", [os.path.join(BUILD, "pegsim"), "run", s, "--dt", str(h),
                                                       "--duration", "5", "--model", model, "--quiet",
                                                       "--metrics", csv_path]))
                for name, cmd in runs:
                    reps = []
                    for _ in range(a.repeat):
                        j = run(cmd)
                        if "ms_per_step" not in j and j.get("steps"):
                            # pegsim: Simulation::step() alone (the per-step CSV's step_seconds), as the
                            # peers' ms_per_step; the whole run (metric, audits) in ms_per_step_wall.
                            j["ms_per_step_wall"] = 1e3 * j["wall_seconds"] / j["steps"]
                            with open(cmd[cmd.index("--metrics") + 1]) as c:
                                step_seconds = [float(r["step_seconds"]) for r in csv.DictReader(c)]
                            j["ms_per_step"] = 1e3 * sum(step_seconds) / j["steps"]
                        reps.append(j)
                    same = all((r["overlap_max"], r["depth_max"]) == (reps[0]["overlap_max"], reps[0]["depth_max"]) for r in reps)
                    j = reps[0]
                    j["ms_per_step_runs"] = [r["ms_per_step"] for r in reps]
                    j["ms_per_step"] = sorted(j["ms_per_step_runs"])[len(reps) // 2]
                    j["repeatable"] = same
                    j["label"], j["scene_kind"], j["h"] = name, kind, h
                    j.pop("final_states", None)
                    f.write(json.dumps(j) + "\n")
                    f.flush()
                    rows.append(j)
    names = {"hulls_s1": "random hulls, seed 1", "ico": "icosahedra"}
    lines = ["| engine | scene | h (s) | ms/step | overlap median (m^3) | overlap max (m^3) | depth max (m) | escaped |",
             "|---|---|---|---|---|---|---|---|"]
    for j in rows:
        note = ""
        if j.get("solver_failures"):
            note += f" ({j['solver_failures']} failed solves)"
        if j.get("deferred_spawns"):
            note += f" ({j['deferred_spawns']} deferred spawns)"
        if not j.get("repeatable", True):
            note += " (runs differ)"
        if j.get("exit_code"):
            note += f" (exit {j['exit_code']})"
        if j.get("settings", {}).get("unstable_time") is not None:
            note += f" (unstable at t = {j['settings']['unstable_time']:.2f} s, MuJoCo reset)"
        lines.append(f"| {j['label']}{note} | {names[j['scene_kind']]} | {j['h']:g} | {j['ms_per_step']:.3f} | "
                     f"{j['overlap_median']:.2e} | {j['overlap_max']:.2e} | {j['depth_max']:.2e} | {j['escaped_bodies']} |")
    table = "\n".join(lines) + "\n"
    with open(os.path.join(a.out, "table.md"), "w") as f:
        f.write(table)
    print(table)


if __name__ == "__main__":
    main()
