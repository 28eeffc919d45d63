"""Sweeps: pegsim.sweep locally and on a 2-worker Dask LocalCluster, `pegsim sweep --dask`, resume,
and a worker killed mid-run; every result equals the C++ `pegsim sweep` row for row."""

import json
import os
import signal
import sys
import threading
import time

import pytest

import pegsim
from conftest import SOURCE_DIR, read_sweep_rows, results_only, run_cli

SCENES = [SOURCE_DIR / "scenes" / "box_on_floor.json", SOURCE_DIR / "scenes" / "stack_column.json"]
MODELS = ["standard", "peg"]
STEPS = "0.02,0.04"
DURATION = 0.2
GRID = {"scenes": [str(s) for s in SCENES], "models": MODELS, "dt": STEPS, "duration": DURATION}
GRID_RUNS = len(SCENES) * len(MODELS) * 2


@pytest.fixture(scope="module")
def cpp_rows(cli, tmp_path_factory):
    """The reference: the C++ sweep of the same grid."""
    out = tmp_path_factory.mktemp("cpp_sweep")
    run_cli(cli, "sweep", "--scenes", *SCENES, "--models", ",".join(MODELS), "--dt", STEPS,
            "--duration", DURATION, "--jobs", 2, "--out", out, "--quiet")
    rows = read_sweep_rows(out / "sweep.csv")
    assert len(rows) == GRID_RUNS
    return results_only(rows)


@pytest.fixture(scope="module")
def client():
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=40)
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


def test_local_sweep_equals_cpp_sweep(tmp_path, cpp_rows):
    report = pegsim.sweep(GRID, out=tmp_path)
    assert (report["runs_done"], report["errors"], report["grid_runs"]) == (GRID_RUNS, 0, GRID_RUNS)
    with open(tmp_path / "sweep.csv") as f:
        assert f.readline().rstrip("\n") == pegsim.SweepCsv.header()
    assert results_only(read_sweep_rows(tmp_path / "sweep.csv")) == cpp_rows


def test_dask_sweep_equals_cpp_sweep_and_resumes(tmp_path, client, cpp_rows):
    half = dict(GRID, shard="1/2", per_step=True)
    first = pegsim.sweep(half, client=client, out=tmp_path)
    assert first["runs_done"] == GRID_RUNS // 2 and first["shard_runs"] == GRID_RUNS // 2
    # per-step files come back from the workers: a header and one line per step, none left .partial
    steps = sorted((tmp_path / "steps").iterdir())
    assert len(steps) == GRID_RUNS // 2 and not [p for p in steps if p.suffix == ".partial"]
    for path in steps:
        h = float(path.stem.rsplit("_", 1)[1])
        assert len(path.read_text().splitlines()) == 1 + round(DURATION / h), path.name
    report = pegsim.sweep(GRID, client=client, out=tmp_path)  # resumes: the first half is skipped
    assert (report["skipped"], report["runs_done"], report["errors"]) == (GRID_RUNS // 2, GRID_RUNS // 2, 0)
    assert results_only(read_sweep_rows(tmp_path / "sweep.csv")) == cpp_rows
    again = pegsim.sweep(GRID, client=client, out=tmp_path)
    assert (again["skipped"], again["runs_done"]) == (GRID_RUNS, 0)


def test_killed_worker_loses_and_duplicates_no_row(tmp_path, client, cpp_rows):
    marker = tmp_path / "hung_worker_pid"

    def hang_once(*args):
        # The first attempt of one run records its worker's pid and hangs until that worker is killed.
        import os as _os
        import time as _time
        from pegsim.sweep_runner import run_task
        if args[1] == "stack_column" and args[2] == "peg" and args[3] == 0.02 and not marker.exists():
            marker.write_text(f"{_os.getpid()}\n")
            while True:
                _time.sleep(0.5)
        return run_task(*args)

    killed = []

    def kill_the_hung_worker():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = marker.read_text() if marker.exists() else ""
            if text.endswith("\n"):
                pid = int(text)
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
            time.sleep(0.05)

    killer = threading.Thread(target=kill_the_hung_worker)
    killer.start()
    report = pegsim.sweep(GRID, client=client, out=tmp_path, _task=hang_once)
    killer.join()
    assert killed, "the hanging task never started"
    assert killed[0] != os.getpid()
    assert (report["runs_done"], report["errors"]) == (GRID_RUNS, 0), report["error_messages"]
    rows = read_sweep_rows(tmp_path / "sweep.csv")  # fails on a duplicated row
    assert results_only(rows) == cpp_rows


def test_cli_dask_flag(tmp_path, cli, client, cpp_rows):
    env = dict(os.environ, PEGSIM_PYTHON=sys.executable)
    address = client.scheduler.address
    result = run_cli(cli, "sweep", "--scenes", *SCENES, "--models", ",".join(MODELS), "--dt", STEPS,
                     "--duration", DURATION, "--out", tmp_path, "--quiet", "--dask", address, env=env)
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert len(result.stdout.strip().splitlines()) == 1
    assert set(report) == {"grid_runs", "shard", "shard_runs", "runs_done", "skipped", "errors", "solver_failures",
                           "non_finite_steps", "wall_seconds", "csv"}
    assert (report["grid_runs"], report["runs_done"], report["errors"]) == (GRID_RUNS, GRID_RUNS, 0)
    assert results_only(read_sweep_rows(tmp_path / "sweep.csv")) == cpp_rows
    # --shard still applies, and bad input is still exit 2 before anything reaches the cluster
    shard = run_cli(cli, "sweep", "--scenes", *SCENES, "--models", "peg", "--dt", STEPS, "--duration", DURATION,
                    "--out", tmp_path / "shard", "--shard", "2/2", "--quiet", "--dask", address, env=env)
    assert json.loads(shard.stdout)["shard_runs"] == 2 and json.loads(shard.stdout)["shard"] == "2/2"
    bad = run_cli(cli, "sweep", "--scenes", *SCENES, "--models", "sparkle", "--dt", STEPS,
                  "--out", tmp_path / "bad", "--dask", address, check=False, env=env)
    assert bad.returncode == 2 and 'unknown contact model "sparkle"' in bad.stderr and bad.stdout == ""
    # --stepper reaches the workers: a falling pile under --stepper linear gives the C++ sweep's rows
    # with that flag (no fixpoint solves), not the default stepper's
    pile = tmp_path / "pile8.json"
    run_cli(cli, "scene", "pile2d", "--count", 8, "--seed", 2, "-o", pile)
    flags = ["--models", "peg", "--dt", 0.05, "--duration", 1, "--quiet"]
    run_cli(cli, "sweep", "--scenes", pile, *flags, "--out", tmp_path / "fixpoint_cpp")
    run_cli(cli, "sweep", "--scenes", pile, *flags, "--stepper", "linear", "--out", tmp_path / "linear_cpp")
    run_cli(cli, "sweep", "--scenes", pile, *flags, "--stepper", "linear", "--out", tmp_path / "linear_dask",
            "--dask", address, env=env)
    linear = results_only(read_sweep_rows(tmp_path / "linear_dask" / "sweep.csv"))
    assert linear == results_only(read_sweep_rows(tmp_path / "linear_cpp" / "sweep.csv"))
    fixpoint = results_only(read_sweep_rows(tmp_path / "fixpoint_cpp" / "sweep.csv"))
    assert [r["fixpoint_solves"] for r in linear.values()] == ["0"]
    assert [int(r["fixpoint_solves"]) > 0 for r in fixpoint.values()] == [True]
    unreachable = run_cli(cli, "sweep", "--scenes", SCENES[0], "--models", "peg", "--dt", "0.02",
                          "--out", tmp_path / "nowhere", "--dask", "tcp://127.0.0.1:9", check=False,
                          env=dict(env, DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT="2s"))
    assert unreachable.returncode == 2 and "cannot connect to the scheduler" in unreachable.stderr


def test_bad_grid_raises_before_running(tmp_path):
    with pytest.raises(pegsim.SweepSpecError, match="unknown grid key"):
        pegsim.sweep(dict(GRID, colour="red"), out=tmp_path)
    with pytest.raises(pegsim.SweepSpecError, match="--shard"):
        pegsim.sweep(dict(GRID, shard="3/2"), out=tmp_path)
    with pytest.raises(pegsim.SweepSpecError, match="--dt"):
        pegsim.sweep(dict(GRID, dt="0.02,zero"), out=tmp_path)
    with pytest.raises(ValueError, match="solver: unknown solver"):
        pegsim.sweep(dict(GRID, options={"solver": "magic"}), out=tmp_path)
    assert not (tmp_path / "sweep.csv").exists()
