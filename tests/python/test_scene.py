"""Scenes: load, dict and file round trips, bodies added in code, errors as the CLI reports them."""

import json

import numpy as np
import pytest

import pegsim
from conftest import POUR2D_SETS, SOURCE_DIR, run_cli


def test_dict_round_trip_is_exact():
    scene = pegsim.Scene.load(str(SOURCE_DIR / "scenes" / "stack_pyramid.json"))
    d = scene.to_dict()
    again = pegsim.Scene.from_dict(d)
    assert again.to_dict() == d  # floats compared exactly
    assert again.body_names == scene.body_names and len(again) == len(scene) > 3


def test_file_round_trip_is_exact(tmp_path, pour_scene_file):
    scene = pegsim.Scene.load(str(pour_scene_file))
    path = tmp_path / "saved.json"
    scene.save(str(path))
    assert pegsim.Scene.load(str(path)).to_dict() == scene.to_dict()
    # and the CLI's pour generator equals the module's
    assert pegsim.Scene.pour2d(str(POUR2D_SETS / "bodies_a.json"), 4).to_dict() == scene.to_dict()


def test_pickle_round_trip():
    import pickle
    scene = pegsim.Scene.pour2d_seed(3, 5)
    assert pickle.loads(pickle.dumps(scene)).to_dict() == scene.to_dict()


def test_bodies_added_in_code():
    scene = pegsim.Scene()
    scene.gravity = [0.0, -9.8]
    floor = scene.add_body("floor", [[-2, -1], [2, -1], [2, 0], [-2, 0]], static=True)
    box = scene.add_body("box", np.array([[0, 0], [1, 0], [1, 1], [0, 1]]), position=[0, 0], mass=2.0, inertia=0.5)
    assert (floor, box) == (0, 1)
    d = scene.to_dict()
    assert d["gravity"] == [0.0, -9.8]
    # loading moved the dynamic box's frame to its centroid without moving the box
    assert d["bodies"][1]["position"] == [0.5, 0.5]
    assert d["bodies"][1]["vertices"][0] == [-0.5, -0.5]
    assert d["bodies"][1]["mass"] == 2.0
    sim = pegsim.Simulation(scene, model="standard", dt=0.01)
    sim.step(50)
    y = sim.state()["positions"][1, 1]
    assert 0.45 < y < 0.5 + 1e-9  # resting on the floor, not fallen through


def test_bad_body_raises_scene_error_naming_body_and_field():
    scene = pegsim.Scene()
    with pytest.raises(pegsim.SceneError, match=r'"box".*mass.*positive'):
        scene.add_body("box", [[0, 0], [1, 0], [1, 1]], mass=-1.0, inertia=1.0)
    assert len(scene) == 0  # unchanged


def test_bad_file_raises_the_cli_message(tmp_path, cli):
    d = pegsim.Scene.load(str(SOURCE_DIR / "scenes" / "box_on_floor.json")).to_dict()
    d["bodies"][1]["vertices"] = [[0, 0], [1, 0]]
    path = tmp_path / "bad_scene.json"
    path.write_text(json.dumps(d))
    with pytest.raises(pegsim.SceneError) as error:
        pegsim.Scene.load(str(path))
    message = str(error.value)
    assert str(path) in message and "vertices" in message
    result = run_cli(cli, "run", path, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == f"pegsim run: {message}"


def test_unreadable_and_invalid_json(tmp_path):
    with pytest.raises(pegsim.SceneError, match="cannot open file"):
        pegsim.Scene.load(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"bodies": [\n')
    with pytest.raises(pegsim.SceneError, match=r"broken.json: line \d+, column \d+: invalid JSON"):
        pegsim.Scene.load(str(broken))
