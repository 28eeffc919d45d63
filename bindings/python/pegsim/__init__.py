"""pegsim: rigid 2D polygons (and 3D polyhedra) in frictional contact, time-stepped with LCPs
(Stewart–Trinkle, Egan, LNC and PEG contact models; 3D: Stewart–Trinkle), from Python.

    import pegsim
    scene = pegsim.Scene.load("scenes/stack.json")
    sim = pegsim.Simulation(scene, model="peg", dt=0.01)
    sim.step(100)
    state = sim.state()          # positions (n, 2), orientations (n,), velocities (n, 2), ...
    # 3D scenes (scene.dimension == 3, model "standard"), same API: positions (n, 3),
    # orientations (n, 4) quaternions [w, x, y, z], velocities (n, 3), angular_velocities (n, 3)
    metrics = sim.metrics()      # per-step arrays: overlap, failed, lcp_size, contacts, energy, ...
    result = pegsim.solve_lcp(M, q)          # dense NumPy or scipy.sparse M
    pegsim.sweep(grid, client=client, out="results/")   # a sweep on a Dask cluster

The engine is the C++ library (the extension pegsim._pegsim); errors carry its messages.
"""

from __future__ import annotations

import numpy as _np

from . import _pegsim
from ._pegsim import (
    DIMENSION,
    DEFAULT_TOLERANCE,
    DivergenceError,
    LcpFileError,
    LcpResult,
    Scene,
    SceneError,
    Simulation,
    SweepCsv,
    SweepCsvError,
    SweepSpecError,
    contact_model_names,
    format_step_size,
    parse_step_sizes,
    read_lcp,
    simulation_option_names,
)

__all__ = [
    "DIMENSION", "DEFAULT_TOLERANCE", "DivergenceError", "LcpFileError", "LcpResult", "Scene", "SceneError", "Simulation",
    "SweepCsv", "SweepCsvError", "SweepSpecError", "contact_model_names", "format_step_size",
    "parse_step_sizes", "read_lcp", "simulation_option_names", "solve_lcp", "sweep",
]


def _is_scipy_sparse(matrix) -> bool:
    try:
        import scipy.sparse
    except ImportError:  # scipy is optional: without it nothing can be a scipy matrix
        return False
    return scipy.sparse.issparse(matrix)


def solve_lcp(M, q, solver: str = "auto", *, tolerance: float = DEFAULT_TOLERANCE,
              max_iterations: int = 0, dense_fallback: bool = True) -> LcpResult:
    """Solves LCP(M, q): find z >= 0 with w = M z + q >= 0 and z . w = 0.

    M: an (n, n) array-like, or a scipy.sparse matrix (solved by the sparse path the engine uses for
    large piles; `dense_fallback` lets it fall back to the dense solvers when that does not verify).
    solver: auto, lemke, newton, pgs or enumerate. Returns an LcpResult (status, z, w, residual,
    solver, iterations, message, attempts); status is "solved" only when the independent check passed.
    """
    q = _np.ascontiguousarray(q, dtype=float).reshape(-1)
    if _is_scipy_sparse(M):
        return _pegsim._solve_lcp_sparse(M.tocsc().astype(float), q, solver, tolerance, max_iterations,
                                         dense_fallback)
    M = _np.asarray(M, dtype=float)
    if M.ndim != 2:
        raise ValueError(f"M: expected a 2-D matrix, found {M.ndim} dimension(s)")
    return _pegsim._solve_lcp_dense(M, q, solver, tolerance, max_iterations)


from .sweep_runner import sweep  # noqa: E402
