"""scripts/plot_friction_grid.py: totals counted from the file, a PNG written, bad lines named."""

import subprocess
import sys

import pytest

from conftest import SOURCE_DIR

SCRIPT = SOURCE_DIR / "scripts" / "plot_friction_grid.py"


def run_script(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True)


def line(model, h, seed, mu, failures=0, diverged=False, escaped=0, gain_steps=0, overlap_max=1e-7):
    # model h seed mu failures diverged fallbacks degraded gain_steps unexplained max_increase
    # median max escaped wall recovered rejections
    return (f"{model} {h} {seed} {mu} {failures} {diverged} 0 0 {gain_steps} 1e-16 0.0 0.0 {overlap_max} "
            f"{escaped} 1.5 0 0\n")


def test_totals_come_from_the_file_and_a_png_is_written(tmp_path):
    pytest.importorskip("matplotlib")
    raw = tmp_path / "grid.txt"
    raw.write_text(line("peg", 0.01, 1, 0.3, failures=3) + line("peg", 0.05, 1, 0.3, overlap_max=0.0) +
                   line("peg-accurate", 0.01, 2, 0.6, diverged=True, escaped=1, gain_steps=2))
    out = tmp_path / "grid.png"
    result = run_script(raw, "--out", out)
    assert result.returncode == 0, result.stderr
    assert "3 runs: 3 failed steps, 1 diverged runs, 1 escapes, 2 energy-gaining steps" in result.stdout
    assert out.stat().st_size > 10000


def test_a_bad_line_is_named_with_exit_2(tmp_path):
    pytest.importorskip("matplotlib")
    raw = tmp_path / "grid.txt"
    raw.write_text(line("peg", 0.01, 1, 0.3) + "peg 0.01 x 0.3\n")
    result = run_script(raw)
    assert result.returncode == 2
    assert f"{raw}:2: 4 fields" in result.stderr
    raw.write_text(line("peg", 0.01, 1, 0.3).replace(" 0.3 ", " mu "))
    result = run_script(raw)
    assert result.returncode == 2 and f"{raw}:1: not a number" in result.stderr
    raw.write_text(line("peg", 0.01, 1, 0.3).replace(" False ", " maybe "))
    result = run_script(raw)
    assert result.returncode == 2 and "diverged must be True or False" in result.stderr
