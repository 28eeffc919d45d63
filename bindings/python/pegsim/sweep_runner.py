"""Sweeps of scenes x contact models x step sizes, each run a task, optionally on a Dask cluster.

pegsim.sweep(grid, client=None, out="results/") writes the CSV `pegsim sweep --out results/` writes
(results/sweep.csv, same columns and rows, through the same C++ writer), one row per finished run,
appended by this process as each task finishes. Rows already in the CSV are skipped (resume). With a
Dask client, a worker killed mid-run loses nothing: the scheduler runs the task again elsewhere
(up to its `distributed.scheduler.allowed-failures`), and only this process writes rows, once per
finished task, so no row is lost or written twice.

`pegsim sweep ... --dask ADDRESS` runs `python3 -m pegsim.sweep_runner --spec FILE --dask ADDRESS`:
the CLI checks its flags, writes the grid as JSON and hands it over here.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import uuid
from pathlib import Path

from . import _pegsim

__all__ = ["sweep", "run_task"]

_GRID_KEYS = {"scenes", "pour2d_sets", "count", "models", "dt", "step_sizes", "duration", "options", "shard",
              "per_step"}


def run_task(scene, name, model, h, duration, options, per_step=False):
    """One run of the grid (on a worker): {"row": CSV line, "summary": dict, "per_step": CSV text or None}."""
    if not per_step:
        row, summary = _pegsim._run_sweep_task(scene, name, model, h, duration, options, "")
        return {"row": row, "summary": summary, "per_step": None}
    with tempfile.TemporaryDirectory(prefix="pegsim-steps-") as tmp:
        path = os.path.join(tmp, "steps.csv")
        row, summary = _pegsim._run_sweep_task(scene, name, model, h, duration, options, path)
        return {"row": row, "summary": summary, "per_step": Path(path).read_text()}


def _spec_error(message):
    return _pegsim.SweepSpecError(message)


def _pour2d_scenes(directory, count):
    path = Path(directory)
    if not path.is_dir():
        raise _spec_error(f"pour2d_sets: {directory}: not a directory")
    files = sorted(p for p in path.iterdir() if p.is_file() and p.name.startswith("bodies_") and p.suffix == ".json")
    if not files:
        raise _spec_error(f"pour2d_sets: {directory}: no bodies_*.json files")
    return [(f.stem, _pegsim.Scene.pour2d(str(f), count)) for f in files]


def _named_scene(name, scene):
    if isinstance(scene, _pegsim.Scene):
        return (name, scene)
    if isinstance(scene, dict):
        return (name, _pegsim.Scene.from_dict(scene, source=name))
    return (name, _pegsim.Scene.load(os.fspath(scene)))


def _scenes(grid):
    given, sets = grid.get("scenes"), grid.get("pour2d_sets")
    if (given is None) == (sets is None):
        raise _spec_error("give exactly one of scenes or pour2d_sets")
    if sets is not None:
        return _pour2d_scenes(sets, int(grid.get("count", 20)))
    if isinstance(given, dict):
        scenes = [_named_scene(name, s) for name, s in given.items()]
    else:  # paths, named by their stems, as `pegsim sweep --scenes`
        scenes = [_named_scene(Path(os.fspath(p)).stem, p) for p in given]
    if not scenes:
        raise _spec_error("no scenes to sweep")
    names = [n for n, _ in scenes]
    for i, n in enumerate(names):
        if not n or "\n" in n or "\r" in n:
            raise _spec_error(f"scene {i + 1}: a scene name must be one non-empty line")
        if n in names[:i]:
            raise _spec_error(f'two scenes are named "{n}": scene names key the sweep\'s rows')
    return scenes


def _step_sizes(value):
    if value is None:
        raise _spec_error("dt: no step size given")
    if isinstance(value, str):
        return _pegsim.parse_step_sizes(value)
    return _pegsim.parse_step_sizes(",".join(_pegsim.format_step_size(float(h)) for h in value))


def _models(value):
    if value is None:
        raise _spec_error("models: no model given")
    return _pegsim.parse_model_list([value] if isinstance(value, str) else list(value))


class _Plan:
    """The grid, checked, with the CSV opened and the runs still to do."""

    def __init__(self, grid, out):
        unknown = sorted(set(grid) - _GRID_KEYS)
        if unknown:
            raise _spec_error(f"unknown grid key(s) {', '.join(unknown)} (valid: {', '.join(sorted(_GRID_KEYS))})")
        self.scenes = _scenes(grid)
        self.models = _models(grid.get("models"))
        self.step_sizes = _step_sizes(grid.get("dt", grid.get("step_sizes")))
        self.shard_text = grid.get("shard", "1/1")
        shard_index, shard_count = _pegsim.parse_shard(self.shard_text)
        self.duration = grid.get("duration")
        if self.duration is not None and not (float(self.duration) >= 0.0):
            raise _spec_error("duration: must be a non-negative number")
        self.options = dict(grid.get("options") or {})
        self.per_step = bool(grid.get("per_step", False))
        for _, scene in self.scenes:  # bad options fail here, before anything runs
            _pegsim.Simulation(scene, model=self.models[0], dt=self.step_sizes[0], **self.options)
        if out is None:
            raise _spec_error("out: give the output directory (or a .csv path)")
        out = Path(os.fspath(out))
        self.out_dir = out.parent if out.suffix == ".csv" else out
        try:
            self.out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise _pegsim.SweepCsvError(f"{self.out_dir}: cannot create the output directory ({error.strerror})")
        self.csv = _pegsim.SweepCsv(str(out if out.suffix == ".csv" else out / "sweep.csv"))
        grid_runs = _pegsim.sweep_grid(len(self.scenes), self.models, self.step_sizes)
        self.grid_runs = len(grid_runs)
        shard = [r for r in grid_runs if r[0] % shard_count == shard_index - 1]
        self.shard_runs = len(shard)
        self.runs = [r for r in shard if not self.csv.done(self.scenes[r[1]][0], r[2], r[3])]
        self.skipped = self.shard_runs - len(self.runs)

    def task_args(self, run):
        _, scene_index, model, h = run
        name, scene = self.scenes[scene_index]
        return (scene, name, model, h, self.duration, self.options, self.per_step)


def _describe(name, model, h):
    return f"{name} {model} h={_pegsim.format_step_size(h)}"


class _Recorder:
    """Writes finished runs (rows, per-step files), counts them and reports progress."""

    def __init__(self, plan, quiet):
        self.plan, self.quiet = plan, quiet
        self.report = {"runs_done": 0, "errors": 0, "solver_failures": 0, "non_finite_steps": 0}
        self.error_messages = []

    def finished(self, args, result):
        scene, name, model, h = args[:4]
        if self.plan.per_step:
            final = self.plan.out_dir / "steps" / _pegsim.per_step_file_name(name, model, h)
            final.parent.mkdir(parents=True, exist_ok=True)
            partial = final.with_name(final.name + ".partial")
            partial.write_text(result["per_step"])
            partial.replace(final)
        self.plan.csv.append(name, model, h, result["row"])
        summary = result["summary"]
        self.report["runs_done"] += 1
        self.report["solver_failures"] += summary["solver_failures"]
        self.report["non_finite_steps"] += summary["non_finite_steps"]
        if not self.quiet:
            done = self.report["runs_done"] + self.report["errors"]
            print(f"sweep: finished {done}/{len(self.plan.runs)} {_describe(name, model, h)}: {summary['steps']} steps, "
                  f"{summary['solver_failures']} solver failures, {summary['wall_seconds']} s", file=sys.stderr)

    def failed(self, args, error):
        name, model, h = args[1], args[2], args[3]
        self.report["errors"] += 1
        message = f"{_describe(name, model, h)}: {error}"
        self.error_messages.append(message)
        print(f"pegsim sweep: {message}", file=sys.stderr)


def _run_local(plan, recorder, task):
    for run in plan.runs:
        args = plan.task_args(run)
        try:
            result = task(*args)
        except _pegsim.SweepCsvError:
            raise
        except Exception as error:  # a run that throws has no row; it is redone on resume
            recorder.failed(args, error)
            continue
        recorder.finished(args, result)


def _run_on_dask(plan, recorder, client, task):
    from distributed import as_completed

    token = uuid.uuid4().hex[:12]  # keys unique to this sweep: another sweep's results never stand in
    futures = {}
    for run in plan.runs:
        args = plan.task_args(run)
        key = f"pegsim-run-{run[0]}-{token}"
        futures[client.submit(task, *args, key=key, pure=False)] = args
    try:
        for future in as_completed(list(futures)):
            args = futures[future]
            try:
                result = future.result()
            except Exception as error:  # the run threw, or its workers kept dying (KilledWorker)
                recorder.failed(args, error)
                continue
            recorder.finished(args, result)
    finally:
        client.cancel(list(futures))


def sweep(grid, client=None, out=None, *, quiet=True, _task=None):
    """Runs every (scene, model, h) of `grid` and appends one row per finished run to out/sweep.csv.

    grid: a dict with
      scenes       {name: Scene | scene dict | path} or a list of scene file paths (named by stem),
      pour2d_sets  or: a directory of the authors' bodies_*.json sets (with "count", default 20),
      models       ["standard", "peg"] or "standard,peg",
      dt           [0.01, 0.02] or "0.01:0.05:0.01" (as `pegsim sweep --dt`),
      duration     simulated seconds (default: each scene's settings.duration),
      options      Simulation keyword options (solver, on_failure, recovery_depth, ...),
      shard        "i/N" (default "1/1"), per_step  write out/steps/<scene>_<model>_<h>.csv.
    client: a distributed.Client (each run a task on its cluster), or None to run here, one by one.
    out: the output directory (out/sweep.csv), or a path ending in .csv.
    Returns the report `pegsim sweep` prints: grid_runs, shard, shard_runs, runs_done, skipped,
    errors, solver_failures, non_finite_steps, wall_seconds, csv (and error_messages).
    Bad input raises SweepSpecError, SceneError or ValueError before anything runs; an unusable CSV
    SweepCsvError. `_task` replaces run_task (tests only).
    """
    start = time.monotonic()
    plan = _Plan(grid, out)
    if plan.csv.dropped_partial_row:
        print("pegsim sweep: removed an incomplete last row of sweep.csv", file=sys.stderr)
    if not quiet:
        print(f"pegsim sweep: {plan.shard_runs} of {plan.grid_runs} runs in shard {plan.shard_text}, {plan.skipped} "
              f"already done, {len(plan.runs)} to run", file=sys.stderr)
    recorder = _Recorder(plan, quiet)
    task = _task or run_task
    if client is None:
        _run_local(plan, recorder, task)
    else:
        _run_on_dask(plan, recorder, client, task)
    report = {"grid_runs": plan.grid_runs, "shard": plan.shard_text, "shard_runs": plan.shard_runs}
    report.update(recorder.report)
    report.update({"skipped": plan.skipped, "wall_seconds": time.monotonic() - start, "csv": plan.csv.path,
                   "error_messages": recorder.error_messages})
    return report


def _grid_from_spec(spec):
    """The JSON `pegsim sweep --dask` writes: scenes as [{"name", "scene"}], the rest as the grid's keys."""
    grid = {key: spec[key] for key in ("models", "duration", "options", "shard", "per_step") if key in spec}
    grid["scenes"] = {s["name"]: s["scene"] for s in spec["scenes"]}
    grid["dt"] = spec["step_sizes"]
    return grid


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m pegsim.sweep_runner",
                                     description="Run a pegsim sweep on a Dask cluster (used by `pegsim sweep --dask`).")
    parser.add_argument("--spec", required=True, help="the grid as JSON (written by `pegsim sweep --dask`)")
    parser.add_argument("--dask", required=True, help="Dask scheduler address, e.g. tcp://host:8786")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    try:
        spec = json.loads(Path(args.spec).read_text())
        grid, out = _grid_from_spec(spec), spec["out"]
    except (OSError, ValueError, KeyError) as error:
        print(f"pegsim sweep: --dask: unreadable grid spec {args.spec} ({error})", file=sys.stderr)
        return 2
    try:
        from distributed import Client
        client = Client(args.dask, timeout="20s")
    except Exception as error:  # unreachable scheduler, bad address, Dask missing
        print(f"pegsim sweep: --dask {args.dask}: cannot connect to the scheduler ({error})", file=sys.stderr)
        return 2
    try:
        report = sweep(grid, client=client, out=out, quiet=args.quiet)
    except (_pegsim.SweepSpecError, _pegsim.SweepCsvError, _pegsim.SceneError, ValueError) as error:
        print(f"pegsim sweep: {error}", file=sys.stderr)
        return 2
    finally:
        client.close()
    report.pop("error_messages")
    print(json.dumps(report, sort_keys=True), flush=True)
    return 1 if report["errors"] > 0 else 0


if __name__ == "__main__":
    sys.exit(main())
