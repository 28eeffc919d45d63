"""Shared fixtures: where the build tree, the CLI and the shared data are.

CTest sets PEGSIM_BINARY_DIR and PEGSIM_SHARED_DIR (tests/CMakeLists.txt) and puts the build tree's
python/ on PYTHONPATH; run by hand: PYTHONPATH=build/python python3 -m pytest tests/python.
"""

import csv
import io
import os
import subprocess
from pathlib import Path

import pytest

SOURCE_DIR = Path(__file__).resolve().parents[2]
BINARY_DIR = Path(os.environ.get("PEGSIM_BINARY_DIR", SOURCE_DIR / "build"))
SHARED_DIR = Path(os.environ.get("PEGSIM_SHARED_DIR", SOURCE_DIR.parent / "shared"))
POUR2D_SETS = SHARED_DIR / "data" / "reference-pour2d"
LCP_DATA = SHARED_DIR / "data" / "lcp"

# Columns of sweep.csv that are timings (differ between any two runs); every other column is a
# result and must be identical text.
TIMING_COLUMNS = {"wall_seconds", "solve_seconds", "seconds_per_step"}


@pytest.fixture(scope="session")
def cli():
    path = BINARY_DIR / "pegsim"
    if not path.exists():
        pytest.fail(f"{path}: the pegsim CLI is not built (cmake --build build --target pegsim_cli)")
    return path


def run_cli(cli, *args, check=True, env=None):
    result = subprocess.run([str(cli), *map(str, args)], capture_output=True, text=True, env=env)
    if check and result.returncode != 0:
        raise AssertionError(f"pegsim {' '.join(map(str, args))}: exit {result.returncode}\n{result.stderr}")
    return result


def read_sweep_rows(path):
    """{(scene, model, h): {column: text}} of a sweep.csv, failing on a repeated key."""
    rows = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            key = (row["scene"], row["model"], row["h"])
            assert key not in rows, f"{path}: row {key} appears twice"
            rows[key] = row
    return rows


def results_only(rows):
    return {key: {c: v for c, v in row.items() if c not in TIMING_COLUMNS} for key, row in rows.items()}


@pytest.fixture(scope="session")
def pour_scene_file(cli, tmp_path_factory):
    """The authors' pour (set a, 4 bodies) written by `pegsim scene pour2d`."""
    path = tmp_path_factory.mktemp("pour") / "pour_a4.json"
    run_cli(cli, "scene", "pour2d", "--bodies", POUR2D_SETS / "bodies_a.json", "--count", 4, "-o", path)
    return path
