// `pegsim sweep --dask ADDRESS`: the checked grid handed to the Python module, which runs each
// (scene, model, h) as a task on the Dask cluster at ADDRESS and appends the rows to the same
// sweep.csv (bindings/python/pegsim/sweep_runner.py). Interpreter: $PEGSIM_PYTHON, else the Python
// the module was built for, else python3; the build tree's python/ directory (beside this
// executable) goes first on PYTHONPATH.
#pragma once

#include "simulation_flags.h"

#include <pegsim/experiment/sweep.h>

#include <string>

namespace pegsim::cli {

struct DaskSweep {
  std::string address;
  std::string shard;  // "i/N" as given
  bool quiet = false;
  SimulationFlags simulation;  // the flags besides the grid's model and h
};

// Runs the sweep through Python; returns its exit code (0, 1 when a run failed, 2 on bad input or
// when Python or the scheduler cannot be reached). The report line is Python's, with the same keys.
int run_sweep_on_dask(const SweepOptions& options, const DaskSweep& dask);

}  // namespace pegsim::cli
