"""3D scenes through the same API as 2D: scene round trips, state shapes, runs equal to the CLI's
bit for bit, set_state and apply_impulse against closed-form expectations, errors."""

import json
import pickle

import numpy as np
import pytest

import pegsim
from conftest import SOURCE_DIR, run_cli

SCENES = SOURCE_DIR / "scenes"
SCENES_3D = ["cube_on_slab_3d.json", "cube_slide_3d.json", "icosahedron_drop_3d.json"]
TIMING = {"wall_seconds", "solve_seconds", "scene"}


def load(name):
    return pegsim.Scene.load(str(SCENES / name))


def quat_multiply(a, b):
    """Hamilton product of [w, x, y, z] quaternions."""
    aw, av, bw, bv = a[0], np.asarray(a[1:]), b[0], np.asarray(b[1:])
    return np.array([aw * bw - av @ bv, *(aw * bv + bw * av + np.cross(av, bv))])


def rotation_matrix(q):
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
                     [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
                     [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]])


def cuboid(a, b, c):
    return [[sx * a, sy * b, sz * c] for sz in (-1, 1) for sy in (-1, 1) for sx in (-1, 1)]


def free_cuboid_scene():
    """No gravity, one dynamic 0.4 x 0.2 x 0.1 m cuboid (anisotropic inertia), turned."""
    scene = pegsim.Scene(dimension=3)
    scene.gravity = [0.0, 0.0, 0.0]
    q = np.array([0.8, 0.2, -0.4, 0.4])
    scene.add_body("brick", cuboid(0.2, 0.1, 0.05), mass=3.0, position=[0.5, -1.0, 2.0],
                   orientation=q / np.linalg.norm(q), angular_velocity=[0.3, -0.2, 0.1])
    return scene


# --- scenes -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SCENES_3D)
def test_3d_scene_round_trips_through_dict_json_and_pickle(name):
    scene = load(name)
    assert scene.dimension == 3 and len(scene) == 2 and scene.body_names[0] == "slab"
    assert scene.gravity.shape == (3,) and scene.gravity[2] == -9.81
    d = scene.to_dict()
    assert len(d["gravity"]) == 3 and len(d["bodies"][1]["orientation"]) == 4
    assert np.shape(d["bodies"][1]["inertia"]) == (3, 3)
    again = pegsim.Scene.from_dict(d)
    assert again.to_dict() == d  # floats compared exactly
    assert again.dimension == 3 and again.body_names == scene.body_names
    assert pegsim.Scene.from_json(scene.to_json()).to_dict() == d
    assert pickle.loads(pickle.dumps(scene)).to_dict() == d


def test_3d_scene_file_round_trip(tmp_path):
    scene = load("icosahedron_drop_3d.json")
    path = tmp_path / "saved_3d.json"
    scene.save(str(path))
    assert pegsim.Scene.load(str(path)).to_dict() == scene.to_dict()


def test_3d_bodies_added_in_code_by_keywords_and_by_dict():
    reference = load("cube_on_slab_3d.json").to_dict()["bodies"]
    scene = pegsim.Scene(dimension=3)
    assert scene.dimension == 3 and len(scene) == 0 and list(scene.gravity) == [0.0, 0.0, -9.81]
    scene.friction = 0.5
    slab = {k: v for k, v in reference[0].items() if k in ("name", "static", "vertices", "faces", "position")}
    assert scene.add_body(slab) == 0
    cube = scene.add_body("cube", np.array(cuboid(0.1, 0.1, 0.1)), position=[0, 0, 0.1], density=1000)
    assert cube == 1 and scene.body_names == ["slab", "cube"]
    body = scene.to_dict()["bodies"][1]
    assert body["mass"] == pytest.approx(8.0) and body["orientation"] == [1.0, 0.0, 0.0, 0.0]
    np.testing.assert_allclose(body["inertia"], reference[1]["inertia"], rtol=1e-12)
    # a body off its centroid: loading moves the frame, not the body (as in 2D)
    tetra = scene.add_body({"name": "tetra", "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                            "position": [0, 0, 1], "mass": 1.0})
    assert scene.to_dict()["bodies"][tetra]["position"] == [0.25, 0.25, 1.25]
    assert "3D" in repr(scene)
    with pytest.raises(pegsim.SceneError, match=r'"bad".*orientation.*unit quaternion'):
        scene.add_body("bad", cuboid(0.1, 0.1, 0.1), mass=1.0, orientation=[1, 0, 0, 0.1])
    with pytest.raises(pegsim.SceneError, match=r'"flat".*angle'):
        scene.add_body("flat", cuboid(0.1, 0.1, 0.1), mass=1.0, angle=0.5)
    assert len(scene) == 3  # unchanged by the errors


def test_gravity_sets_the_dimension_of_an_empty_scene_only():
    scene = pegsim.Scene()
    assert scene.dimension == 2 == pegsim.DIMENSION
    scene.gravity = [0.0, 0.0, -1.0]
    assert scene.dimension == 3 and scene.gravity.shape == (3,)
    scene.gravity = [0.0, -1.0]
    assert scene.dimension == 2
    scene.add_body("box", [[0, 0], [1, 0], [1, 1], [0, 1]], mass=1.0, inertia=0.2)
    with pytest.raises(ValueError, match=r"gravity: expected 2 numbers \(the scene is 2D\)"):
        scene.gravity = [0.0, 0.0, -1.0]
    cube = load("cube_on_slab_3d.json")
    with pytest.raises(ValueError, match=r"gravity: expected 3 numbers \(the scene is 3D\)"):
        cube.gravity = [0.0, -1.0]
    with pytest.raises(ValueError, match="dimension: must be 2 or 3"):
        pegsim.Scene(dimension=4)


# --- simulation ---------------------------------------------------------------------------------


def test_resting_cube_stays_put_and_state_has_3d_shapes():
    scene = load("cube_on_slab_3d.json")
    sim = pegsim.Simulation(scene, model="standard", dt=0.01)
    assert sim.dimension == 3 and sim.body_names == ["slab", "cube"]
    start = sim.state()
    shapes = {k: v.shape for k, v in start.items()}
    assert shapes == {"positions": (2, 3), "orientations": (2, 4), "velocities": (2, 3),
                      "angular_velocities": (2, 3)}
    np.testing.assert_array_equal(start["orientations"][1], [1.0, 0.0, 0.0, 0.0])
    for _ in range(100):  # 1 s
        assert sim.step() == 1
        s = sim.state()
        assert np.abs(s["positions"][1] - start["positions"][1]).max() < 1e-4  # 0.1 mm
        assert np.abs(s["orientations"][1] - [1.0, 0.0, 0.0, 0.0]).max() < 1e-6
    assert sim.time == pytest.approx(1.0)
    m = sim.metrics()
    assert len(m["energy"]) == 100 and not m["failed"].any()
    assert m["overlap"].max() < 1e-9  # volume, m^3
    assert np.ptp(m["energy"]) < 1e-6


def cli_summary(cli, scene_name):
    result = run_cli(cli, "run", SCENES / scene_name, "--quiet")
    return json.loads(result.stdout.splitlines()[-1])


def test_sliding_cube_stops_where_the_cli_says_bit_for_bit(cli):
    expected = cli_summary(cli, "cube_slide_3d.json")
    scene = load("cube_slide_3d.json")
    sim = pegsim.Simulation(scene, model="standard", dt=scene.settings["time_step"])
    summary = sim.run(scene.settings["duration"])
    assert summary["dimension"] == 3 and summary["solver_failures"] == 0
    assert {k: v for k, v in summary.items() if k not in TIMING} == \
           {k: v for k, v in expected.items() if k not in TIMING}  # exact, `final` included
    final = summary["final"][1]
    assert final["name"] == "cube" and len(final["orientation"]) == 4
    distance = np.hypot(*final["position"][:2])
    assert distance == pytest.approx(np.hypot(*expected["final"][1]["position"][:2]), abs=1e-12)
    assert distance == pytest.approx(1.009374, abs=1e-6)  # h * sum(2 - k mu g h), the scene's note
    np.testing.assert_allclose(sim.state()["positions"][1], final["position"], rtol=0, atol=0)

    # stepping from Python with per-step metrics reaches the same state, bit for bit
    stepped = pegsim.Simulation(scene, model="standard")
    assert stepped.step(summary["steps"]) == summary["steps"]
    for key, value in stepped.state().items():
        assert np.array_equal(value, sim.state()[key]), key
    m = stepped.metrics()
    assert m["energy"][-1] == summary["energy_final"]
    assert m["overlap"].max() == summary["overlap_max"] and m["depth"].max() == summary["depth_max"]
    assert m["lcp_size"].max() == summary["max_lcp_size"]


def test_icosahedron_drop_runs_without_failures():
    scene = load("icosahedron_drop_3d.json")
    sim = pegsim.Simulation(scene, model="standard")
    seen = []
    summary = sim.run(scene.settings["duration"], callback=lambda s, step: seen.append(step["energy"]))
    assert summary["dimension"] == 3
    assert summary["solver_failures"] == 0 and summary["non_finite_steps"] == 0 and not summary["diverged"]
    assert summary["steps"] == len(seen) == 400
    final = summary["final"][1]
    assert final["name"] == "icosahedron"
    assert np.linalg.norm(final["orientation"]) == pytest.approx(1.0, abs=1e-12)
    assert 0.39 < final["position"][2] < 0.41  # resting on a face: centre at the inradius, 0.397 m
    assert seen == list(sim.metrics()["energy"])


def test_set_state_then_step_in_free_flight():
    scene = load("cube_slide_3d.json")
    h = 0.01
    sim = pegsim.Simulation(scene, dt=h)
    p0 = np.array([0.3, -0.2, 5.0])  # far above the slab: no contact
    v0 = np.array([1.0, -2.0, 0.5])
    w0 = np.array([0.4, 1.5, -2.5])
    q0 = np.array([np.cos(0.3), 0.0, np.sin(0.3), 0.0])
    state = sim.state()
    state["positions"][1] = p0
    state["velocities"][1] = v0
    state["angular_velocities"][1] = w0
    state["orientations"][1] = q0
    sim.set_state(state)
    np.testing.assert_array_equal(sim.state()["orientations"][1], q0)
    sim.step()
    s = sim.state()
    g = np.array([0.0, 0.0, -9.81])
    v1 = v0 + g * h
    np.testing.assert_allclose(s["velocities"][1], v1, rtol=0, atol=1e-12)     # v changed by g h
    np.testing.assert_allclose(s["positions"][1], p0 + h * v1, rtol=0, atol=1e-12)  # semi-implicit Euler
    # a cube's inertia is isotropic: no gyroscopic torque, omega unchanged, q advanced by exp(h w / 2)
    np.testing.assert_allclose(s["angular_velocities"][1], w0, rtol=0, atol=1e-12)
    angle = np.linalg.norm(w0) * h
    turn = np.array([np.cos(angle / 2), *(np.sin(angle / 2) * w0 / np.linalg.norm(w0))])
    np.testing.assert_allclose(s["orientations"][1], quat_multiply(turn, q0), rtol=0, atol=1e-12)
    np.testing.assert_array_equal(s["positions"][0], [0.0, 0.0, 0.0])  # the slab stays


def test_set_state_of_its_own_state_changes_nothing():
    scene = load("icosahedron_drop_3d.json")
    a, b = pegsim.Simulation(scene), pegsim.Simulation(scene)
    a.step(150)
    b.step(75)
    b.set_state(b.state())
    b.step(75)
    for key, value in a.state().items():
        assert np.array_equal(value, b.state()[key]), key


def test_apply_impulse_matches_the_rigid_body_formulas():
    scene = free_cuboid_scene()
    body = scene.to_dict()["bodies"][0]
    mass, inertia = body["mass"], np.array(body["inertia"])
    sim = pegsim.Simulation(scene, dt=0.01)
    before = sim.state()
    R = rotation_matrix(before["orientations"][0])
    inverse_world = R @ np.linalg.inv(inertia) @ R.T
    J = np.array([0.4, -0.3, 1.2])
    point = before["positions"][0] + np.array([0.1, 0.05, -0.02])
    sim.apply_impulse("brick", J, point=point)
    after = sim.state()
    r = point - before["positions"][0]
    np.testing.assert_allclose(after["velocities"][0] - before["velocities"][0], J / mass, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(after["angular_velocities"][0] - before["angular_velocities"][0],
                               inverse_world @ np.cross(r, J), rtol=1e-10, atol=1e-12)
    np.testing.assert_array_equal(after["positions"][0], before["positions"][0])
    # at the centre of mass (default point): no change of angular velocity
    sim.apply_impulse(0, -J)
    final = sim.state()
    np.testing.assert_allclose(final["velocities"][0], before["velocities"][0], atol=1e-15)
    np.testing.assert_array_equal(final["angular_velocities"][0], after["angular_velocities"][0])


def test_apply_impulse_errors_in_3d():
    sim = pegsim.Simulation(load("cube_on_slab_3d.json"))
    with pytest.raises(ValueError, match=r'"slab" is static'):
        sim.apply_impulse("slab", [0.0, 0.0, 1.0])
    with pytest.raises(ValueError, match=r"impulse: expected an array of shape \(3,\)"):
        sim.apply_impulse("cube", [0.0, 1.0])
    with pytest.raises(ValueError, match=r"point: expected an array of shape \(3,\)"):
        sim.apply_impulse("cube", [0.0, 0.0, 1.0], point=[0.0, 0.0])
    with pytest.raises(IndexError, match="out of range"):
        sim.apply_impulse(2, [0.0, 0.0, 1.0])
    assert np.array_equal(sim.state()["velocities"], np.zeros((2, 3)))  # nothing applied


@pytest.mark.parametrize("model", pegsim.contact_model_names())
def test_every_model_holds_the_cube_on_its_slab_in_3d(model):
    sim = pegsim.Simulation(load("cube_on_slab_3d.json"), model=model)
    z0 = sim.state()["positions"][1][2]
    for _ in range(50):
        assert sim.step() == 1
    assert abs(sim.state()["positions"][1][2] - z0) < 1e-6
    m = sim.metrics()
    assert not m["failed"].any() and m["overlap"].max() < 1e-9


def test_bad_3d_state_raises_and_changes_nothing():
    sim = pegsim.Simulation(load("cube_on_slab_3d.json"))
    before = sim.state()
    with pytest.raises(ValueError, match=r"orientations: expected an array of shape \(2, 4\)"):
        sim.set_state(orientations=[0.0, 0.1])  # 2D's angles
    with pytest.raises(ValueError, match=r"orientations: expected an array of shape \(2, 4\)"):
        sim.set_state(orientations=np.zeros((2, 3)))
    with pytest.raises(ValueError, match=r"positions: expected an array of shape \(2, 3\)"):
        sim.set_state(positions=np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"angular_velocities: expected an array of shape \(2, 3\)"):
        sim.set_state(angular_velocities=np.zeros(2))
    bad = before["orientations"].copy()
    bad[1] = [1.0, 0.0, 0.0, 0.01]
    with pytest.raises(ValueError, match=r'orientations: body 1 \("cube"\): not a unit quaternion'):
        sim.set_state(positions=before["positions"] + 1.0, orientations=bad)
    with pytest.raises(ValueError, match=r'orientations: body 0 \("slab"\): not a unit quaternion'):
        sim.set_state(orientations=np.zeros((2, 4)))
    with pytest.raises(ValueError, match="orientations: values must be finite"):
        sim.set_state(orientations=np.full((2, 4), np.nan))
    velocities = np.zeros((2, 3))
    velocities[0, 2] = 1.0
    with pytest.raises(ValueError, match=r'velocities: body 0 \("slab"\) is static'):
        sim.set_state(velocities=velocities)
    spin = np.zeros((2, 3))
    spin[0] = [0.0, 0.0, 1.0]
    with pytest.raises(ValueError, match=r'velocities: body 0 \("slab"\) is static'):
        sim.set_state(angular_velocities=spin)
    for key, value in sim.state().items():  # every failed call left the state alone
        assert np.array_equal(value, before[key]), key
    # within 1e-6 of unit is accepted, and kept as given
    near = before["orientations"].copy()
    near[1] = [1.0 + 5e-7, 0.0, 0.0, 0.0]
    sim.set_state(orientations=near)
    np.testing.assert_array_equal(sim.state()["orientations"], near)


def test_3d_help_says_what_3d_returns():
    doc = pegsim.Simulation.state.__doc__ + pegsim.Simulation.apply_impulse.__doc__
    assert "(n, 4)" in doc and "[w, x, y, z]" in doc and "I_world" in doc
    assert "3D" in pegsim.Scene.__doc__ and "3D" in pegsim.Simulation.run.__doc__


def test_a_sweep_task_returns_the_cli_summary_with_3d_final_states(cli):
    """One run of a sweep (what a Dask worker executes) reports the same summary as `pegsim run`,
    `final` included: 3D positions and [w, x, y, z] orientations, not an empty list."""
    from pegsim.sweep_runner import run_task
    expected = cli_summary(cli, "cube_slide_3d.json")
    scene = load("cube_slide_3d.json")
    result = run_task(scene, "cube_slide_3d", "standard", scene.settings["time_step"], scene.settings["duration"], {})
    summary = result["summary"]
    assert summary["dimension"] == 3 and len(summary["final"]) == 2
    assert {k: v for k, v in summary.items() if k not in TIMING} == \
           {k: v for k, v in expected.items() if k not in TIMING}
    assert len(summary["final"][1]["orientation"]) == 4
    assert result["row"].startswith("standard,")
