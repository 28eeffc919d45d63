"""Simulation: trajectories equal the CLI's bit for bit, state get/set, impulses, metrics, errors."""

import csv
import json

import numpy as np
import pytest

import pegsim
from conftest import SOURCE_DIR, run_cli

DURATION = 0.6
DT = 0.01


def cli_trajectory(cli, scene_file, model, tmp_path):
    """{step: {body index: (x, y, theta, vx, vy, omega)}} from `pegsim run --trajectory` (%.17g)."""
    path = tmp_path / f"traj_{model}.csv"
    result = run_cli(cli, "run", scene_file, "--model", model, "--dt", DT, "--duration", DURATION,
                     "--trajectory", path, "--quiet")
    steps = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            values = tuple(float(row[c]) for c in ("x", "y", "theta", "vx", "vy", "omega"))
            steps.setdefault(int(row["step"]), {})[int(row["body"])] = values
    return steps, json.loads(result.stdout.splitlines()[-1])


def python_rows(sim):
    s = sim.state()
    active, names = sim.active(), sim.body_names
    rows = {}
    for i in range(len(names)):
        if active[i] and i >= 3:  # the pour's first three bodies are the static box
            rows[i] = (*s["positions"][i], s["orientations"][i], *s["velocities"][i], s["angular_velocities"][i])
    return rows


@pytest.mark.parametrize("model", ["standard", "peg"])
def test_steps_equal_the_cli_trajectory_bit_for_bit(cli, pour_scene_file, model, tmp_path):
    expected, summary = cli_trajectory(cli, pour_scene_file, model, tmp_path)
    sim = pegsim.Simulation(pegsim.Scene.load(str(pour_scene_file)), model=model, dt=DT)
    assert python_rows(sim) == expected[0]
    steps = round(DURATION / DT)
    for k in range(1, steps + 1):
        assert sim.step() == 1
        if k == steps // 2:  # reading and writing the state back changes nothing
            sim.set_state(sim.state())
        assert python_rows(sim) == expected[k], f"step {k}"  # exact float equality
    metrics = sim.metrics()
    assert len(metrics["overlap"]) == steps == summary["steps"]
    assert metrics["overlap"].max() == summary["overlap_max"]
    assert int(metrics["failed"].sum()) <= summary["solver_failures"]
    assert metrics["lcp_size"].max() == summary["max_lcp_size"]


def test_run_summary_equals_the_cli_summary(cli, pour_scene_file, tmp_path):
    _, expected = cli_trajectory(cli, pour_scene_file, "peg", tmp_path)
    sim = pegsim.Simulation(pegsim.Scene.load(str(pour_scene_file)), model="peg", dt=DT)
    seen = []
    summary = sim.run(DURATION, callback=lambda s, step: seen.append((s.time, step["overlap"])))
    timing = {"wall_seconds", "solve_seconds", "scene"}
    assert {k: v for k, v in summary.items() if k not in timing} == \
           {k: v for k, v in expected.items() if k not in timing}
    assert len(seen) == summary["steps"] and seen[-1][0] == pytest.approx(DURATION)
    assert [o for _, o in seen] == list(sim.metrics()["overlap"])


def test_two_simulations_are_bit_identical(pour_scene_file):
    a = pegsim.Simulation(pegsim.Scene.load(str(pour_scene_file)), model="peg", dt=0.02)
    b = pegsim.Simulation(pegsim.Scene.load(str(pour_scene_file)), model="peg", dt=0.02)
    a.step(20)
    b.step(20)
    for key, value in a.state().items():
        assert np.array_equal(value, b.state()[key]), key


def test_threads_give_the_same_bits_as_one_thread(cli, tmp_path):
    """Two bins of 20 polygons: two islands of 32+ rows once settled (threads=2 then splits them)."""
    path = tmp_path / "bins.json"
    run_cli(cli, "scene", "pile2d", "--count", 40, "--bins", 2, "--seed", 3, "-o", path)
    one = pegsim.Simulation(pegsim.Scene.load(str(path)), model="peg", dt=0.01, threads=1)
    two = pegsim.Simulation(pegsim.Scene.load(str(path)), model="peg", dt=0.01, threads=2)
    one.step(100)
    two.step(100)
    for key, value in one.state().items():
        assert np.array_equal(value, two.state()[key]), key
    assert one.metrics()["lcp_size"].max() > 64
    with pytest.raises(ValueError, match="threads: must be between 1 and 256"):
        pegsim.Simulation(pegsim.Scene.load(str(path)), threads=0)


def free_body_scene():
    scene = pegsim.Scene()
    scene.gravity = [0.0, 0.0]
    scene.add_body("box", [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]], mass=2.0, inertia=0.25)
    return scene


def test_set_state_moves_the_body():
    sim = pegsim.Simulation(free_body_scene(), dt=0.1)
    sim.set_state(positions=[[1.0, 2.0]], velocities=[[1.0, 0.0]])
    sim.step(10)
    s = sim.state()
    np.testing.assert_allclose(s["positions"][0], [2.0, 2.0], atol=1e-12)
    np.testing.assert_allclose(s["velocities"][0], [1.0, 0.0])


def test_apply_impulse_changes_linear_and_angular_velocity():
    sim = pegsim.Simulation(free_body_scene(), dt=0.01)
    sim.apply_impulse("box", [0.0, 1.0], point=[0.5, 0.0])
    s = sim.state()
    np.testing.assert_allclose(s["velocities"][0], [0.0, 0.5])      # J / m
    assert s["angular_velocities"][0] == pytest.approx(0.5 / 0.25)  # (r x J) / I


def test_bad_state_and_options_raise():
    sim = pegsim.Simulation(free_body_scene(), dt=0.01)
    with pytest.raises(ValueError, match=r"positions: expected an array of shape \(1, 2\)"):
        sim.set_state(positions=[[1.0, 2.0, 3.0]])
    with pytest.raises(ValueError, match="velocities: values must be finite"):
        sim.set_state(velocities=[[np.nan, 0.0]])
    with pytest.raises(KeyError, match="no body named"):
        sim.apply_impulse("ghost", [1.0, 0.0])
    scene = free_body_scene()
    with pytest.raises(ValueError, match='model: unknown contact model "sparkle"'):
        pegsim.Simulation(scene, model="sparkle")
    with pytest.raises(ValueError, match="dt: the time step must be a positive number"):
        pegsim.Simulation(scene, dt=-1.0)
    with pytest.raises(ValueError, match='unknown simulation option "colour"'):
        pegsim.Simulation(scene, colour="red")
    with pytest.raises(ValueError, match="recovery_depth: must be between 0 and 8"):
        pegsim.Simulation(scene, recovery_depth=9)


def test_help_documents_the_api():
    doc = pegsim.Simulation.__doc__ + pegsim.Simulation.state.__doc__ + pegsim.Simulation.metrics.__doc__
    for word in ("model", "positions", "orientations", "overlap", "lcp_size"):
        assert word in doc


def test_scene_property_is_a_copy_and_callback_errors_propagate():
    sim = pegsim.Simulation(free_body_scene(), dt=0.01)
    copy = sim.scene
    copy.add_body("extra", [[0, 0], [1, 0], [0, 1]], mass=1.0, inertia=0.1)
    assert len(sim.scene) == 1 and len(copy) == 2

    def stop(sim, step):
        raise RuntimeError(f"stop at step {step['step']}")

    with pytest.raises(RuntimeError, match="stop at step 1"):
        sim.run(1.0, callback=stop)
    assert sim.steps_taken == 1


def heavy_particle_corner(tmp_path):
    """The phantom-wall corner with a 100 kg particle: under `standard` the push-out supplies energy
    the scene does not have, and the divergence guard stops the run within 0.2 s."""
    data = json.loads((SOURCE_DIR / "scenes" / "particle_corner.json").read_text())
    for body in data["bodies"]:
        if body["name"] == "particle":
            body["mass"] = 100.0
    path = tmp_path / "heavy_corner.json"
    path.write_text(json.dumps(data))
    return pegsim.Scene.load(str(path))


def test_step_stops_at_the_divergence_guard_as_run_does(tmp_path):
    scene = heavy_particle_corner(tmp_path)
    summary = pegsim.Simulation(scene, model="standard", dt=0.01).run(0.2)
    assert summary["diverged"] and "kinetic energy" in summary["divergence_reason"]

    sim = pegsim.Simulation(scene, model="standard", dt=0.01, on_failure="continue")
    assert sim.divergence_reason is None
    applied = sim.step(20)
    assert applied == summary["steps"] < 20
    assert sim.divergence_reason == summary["divergence_reason"]
    with pytest.raises(pegsim.DivergenceError, match="diverged at t = .*kinetic energy"):
        sim.step()
    with pytest.raises(RuntimeError, match="set_state"):
        sim.run(0.1)
    assert sim.steps_taken == applied

    sim.set_state(sim.state())  # a new start: the guard's reference is the state set
    assert sim.divergence_reason is None
    assert sim.step(1) == 1

    peg = pegsim.Simulation(scene, model="peg", dt=0.01)
    assert peg.step(20) == 20 and peg.divergence_reason is None


def test_deep_step_retry_switch_matches_the_cli(cli, tmp_path):
    """deep_step_retry=False is --no-deep-step-retry: the 20-body pile (seed 2, h = 0.05) has a step
    over 1 mm deep that the default retries as halves."""
    path = tmp_path / "pile.json"
    run_cli(cli, "scene", "pile2d", "--count", 20, "--seed", 2, "-o", path)
    for retry in (True, False):
        flags = [] if retry else ["--no-deep-step-retry"]
        result = run_cli(cli, "run", path, "--model", "peg", "--dt", 0.05, "--duration", 3, "--quiet", *flags)
        expected = json.loads(result.stdout.strip().splitlines()[-1])
        sim = pegsim.Simulation(pegsim.Scene.load(str(path)), model="peg", dt=0.05, deep_step_retry=retry)
        summary = sim.run(3.0)
        for key in ("depth_halved_steps", "depth_max", "overlap_max", "solver_failures", "steps"):
            assert summary[key] == expected[key], (retry, key)
        if retry:
            assert summary["depth_halved_steps"] >= 1 and summary["depth_max"] <= 1e-3
        else:
            assert summary["depth_halved_steps"] == 0 and summary["depth_max"] > 1e-3
    with pytest.raises(ValueError, match="deep_step_retry: expected True or False"):
        pegsim.Simulation(pegsim.Scene.load(str(path)), deep_step_retry="no")


def test_fixpoint_damping_option_matches_the_cli(cli, tmp_path):
    """fixpoint_damping=False is --no-fixpoint-damping; by default the 25-body pile keeps damped iterates."""
    path = tmp_path / "pile.json"
    run_cli(cli, "scene", "pile2d", "--count", 25, "--seed", 1, "--friction", 0.3, "-o", path)
    for options, flags in (({}, []), ({"fixpoint_damping": False}, ["--no-fixpoint-damping"])):
        result = run_cli(cli, "run", path, "--model", "peg", "--dt", 0.01, "--duration", 1, "--quiet", *flags)
        expected = json.loads(result.stdout.strip().splitlines()[-1])
        summary = pegsim.Simulation(pegsim.Scene.load(str(path)), model="peg", dt=0.01, **options).run(1.0)
        for key in ("fixpoint_solves", "fixpoint_damped", "overlap_max", "depth_max", "steps"):
            assert summary[key] == expected[key], (options, key)
        if flags:
            assert summary["fixpoint_damped"] == 0
        else:
            assert summary["fixpoint_damped"] > 0
    with pytest.raises(ValueError, match="fixpoint_damping: expected True or False"):
        pegsim.Simulation(pegsim.Scene.load(str(path)), fixpoint_damping=1)


def test_stepper_options_match_the_cli(cli, tmp_path):
    """stepper, ncp_iterations and ncp_tolerance are --stepper, --ncp-iterations and --ncp-tolerance."""
    path = tmp_path / "pile.json"
    run_cli(cli, "scene", "pile2d", "--count", 8, "--seed", 2, "-o", path)
    cases = [({"stepper": "linear"}, ["--stepper", "linear"]),
             ({"stepper": "ncp", "ncp_iterations": 7, "ncp_tolerance": 1e-7},
              ["--stepper", "ncp", "--ncp-iterations", 7, "--ncp-tolerance", 1e-7])]
    for options, flags in cases:
        result = run_cli(cli, "run", path, "--model", "peg", "--dt", 0.05, "--duration", 1, "--quiet", *flags)
        expected = json.loads(result.stdout.strip().splitlines()[-1])
        summary = pegsim.Simulation(pegsim.Scene.load(str(path)), model="peg", dt=0.05, **options).run(1.0)
        for key in ("stepper", "ncp_solves", "ncp_newton_iterations", "fixpoint_solves", "overlap_max", "steps"):
            assert summary[key] == expected[key], (options, key)
        assert summary["stepper"] == options["stepper"]
    assert summary["ncp_solves"] > 0  # the NCP stepper ran
    scene = pegsim.Scene.load(str(path))
    with pytest.raises(ValueError, match='stepper: unknown stepper "sparkle"'):
        pegsim.Simulation(scene, stepper="sparkle")
    with pytest.raises(ValueError, match="ncp_tolerance: must be a positive number"):
        pegsim.Simulation(scene, stepper="ncp", ncp_tolerance=0.0)
    with pytest.raises(ValueError, match="ncp_iterations: must be between 0 and 200"):
        pegsim.Simulation(scene, ncp_iterations=500)
