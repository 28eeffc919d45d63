"""solve_lcp and read_lcp: the handbook problems, dense and sparse, and bad input."""

import csv

import numpy as np
import pytest
import scipy.sparse

import pegsim
from conftest import LCP_DATA, SOURCE_DIR


def handbook_expectations():
    """(file, expected) for the auto solver, from the C++ solver matrix's table."""
    with open(SOURCE_DIR / "tests" / "data" / "lcp_expected.csv", newline="") as f:
        return [(row["file"], row["expected"]) for row in csv.DictReader(f)
                if row["solver"] == "auto" and row["file"].startswith("handbook/")]


def check_solution(M, q, result, tolerance=1e-6):
    """Our own check, independent of the engine's: z >= 0, w = M z + q >= 0, z . w = 0."""
    z = result.z
    w = M @ z + q
    scale = max(1.0, np.abs(q).max(), np.abs(M).max())
    assert np.allclose(result.w, w, atol=1e-9 * scale)
    assert z.min() >= -tolerance * scale
    assert w.min() >= -tolerance * scale
    assert abs(z @ w) <= tolerance * scale * max(1.0, np.abs(z).sum())


HANDBOOK = handbook_expectations()


def test_the_table_lists_the_handbook_problems():
    assert len(HANDBOOK) >= 9


@pytest.mark.parametrize("name,expected", HANDBOOK, ids=[n for n, _ in HANDBOOK])
def test_handbook_problem_dense_and_sparse(name, expected):
    problem = pegsim.read_lcp(str(LCP_DATA / name))
    M, q = problem["M"], problem["q"]
    assert M.shape == (q.size, q.size)
    for matrix in (M, scipy.sparse.csr_matrix(M)):
        result = pegsim.solve_lcp(matrix, q)
        if expected == "solved":
            assert result.status == "solved" and result.solved, (name, result.status, result.message)
            assert result.residual <= pegsim.DEFAULT_TOLERANCE
            check_solution(M, q, result)
        else:
            assert result.status != "solved", name


def test_handbook_known_solution_of_10_2_2():
    # M = [[1, 1], [1, 1]], q = [-1, -1]: every solution has z1 + z2 = 1.
    problem = pegsim.read_lcp(str(LCP_DATA / "handbook" / "handbook_10_2_2.txt"))
    result = pegsim.solve_lcp(problem["M"], problem["q"], solver="lemke")
    assert result.solved and result.solver == "lemke"
    assert result.z.sum() == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("solver", ["lemke", "newton", "pgs", "enumerate"])
def test_each_solver_on_a_positive_definite_problem(solver):
    rng = np.random.default_rng(7)
    A = rng.standard_normal((6, 6))
    M = A @ A.T + 6 * np.eye(6)
    q = rng.standard_normal(6)
    result = pegsim.solve_lcp(M, q, solver=solver)
    assert result.solved, (solver, result.message)
    check_solution(M, q, result)


def test_sparse_pile_sized_problem_matches_dense():
    # A banded symmetric positive definite M of 300 rows: the sparse path (block pivoting) and the
    # dense one must give the same unique solution.
    n = 300
    main, off = 4.0 * np.ones(n), -1.0 * np.ones(n - 1)
    M = scipy.sparse.diags([off, main, off], [-1, 0, 1], format="csc")
    q = np.sin(np.arange(n))
    sparse = pegsim.solve_lcp(M, q)
    dense = pegsim.solve_lcp(M.toarray(), q)
    assert sparse.solved and dense.solved
    check_solution(M.toarray(), q, sparse)
    np.testing.assert_allclose(sparse.z, dense.z, atol=1e-9)


def test_infeasible_problem_is_not_solved():
    result = pegsim.solve_lcp([[-1.0]], [-1.0])
    assert result.status in ("infeasible", "ray_termination")
    assert not result.solved


def test_bad_shapes_and_solver_names_raise():
    with pytest.raises(ValueError, match=r"M, q: M must be n x n and q of length n \(M is 2 x 2, q has 3\)"):
        pegsim.solve_lcp(np.eye(2), [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match='solver: unknown solver "magic"'):
        pegsim.solve_lcp(np.eye(2), [1.0, 2.0], solver="magic")
    with pytest.raises(ValueError, match="M: expected a 2-D matrix"):
        pegsim.solve_lcp([1.0, 2.0], [1.0, 2.0])


def test_bad_problem_file_raises_with_the_cli_message(tmp_path, cli):
    from conftest import run_cli
    bad = tmp_path / "bad.txt"
    bad.write_text("2\n1 0\n0 x\n1 1\n")
    with pytest.raises(pegsim.LcpFileError) as error:
        pegsim.read_lcp(str(bad))
    assert str(bad) in str(error.value) and "line 3" in str(error.value)
    result = run_cli(cli, "lcp", "solve", bad, check=False)
    assert result.returncode == 2
    assert str(error.value) in result.stderr  # the CLI prints the same message
