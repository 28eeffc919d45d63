from __future__ import annotations

from typing import Any, Optional

import numpy.typing as npt

from ._pegsim import (
    DEFAULT_TOLERANCE as DEFAULT_TOLERANCE,
    DIMENSION as DIMENSION,
    DivergenceError as DivergenceError,
    LcpFileError as LcpFileError,
    LcpResult as LcpResult,
    Scene as Scene,
    SceneError as SceneError,
    Simulation as Simulation,
    SweepCsv as SweepCsv,
    SweepCsvError as SweepCsvError,
    SweepSpecError as SweepSpecError,
    contact_model_names as contact_model_names,
    format_step_size as format_step_size,
    parse_step_sizes as parse_step_sizes,
    read_lcp as read_lcp,
    simulation_option_names as simulation_option_names,
)

def solve_lcp(M: Any, q: npt.ArrayLike, solver: str = "auto", *, tolerance: float = ..., max_iterations: int = 0,
              dense_fallback: bool = True) -> LcpResult: ...
def sweep(grid: dict[str, Any], client: Optional[Any] = None, out: Optional[Any] = None, *, quiet: bool = True,
          _task: Optional[Any] = None) -> dict[str, Any]: ...
