// LCPs from Python: solve_lcp for dense (NumPy) and sparse (scipy.sparse, as CSC) M, read_lcp for
// problem files (handbook text, Siconos .dat). Results carry the independent check's residual.
#include "bindings.h"

#include <pegsim/io/lcp_reader.h>
#include <pegsim/lcp/solver.h>
#include <pegsim/lcp/sparse_lcp.h>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include <string>

namespace pegsim::python {
namespace {

SolveOptions solve_options(double tolerance, int max_iterations) {
  if (!(tolerance > 0.0)) throw py::value_error("tolerance: must be a positive number");
  if (max_iterations < 0) throw py::value_error("max_iterations: must be non-negative (0: the solver's default)");
  SolveOptions o;
  o.tolerance = tolerance;
  o.max_iterations = max_iterations;
  return o;
}

SolverKind solver_kind(const std::string& name) {
  const auto kind = parse_solver_kind(name);
  if (!kind) throw py::value_error("solver: unknown solver \"" + name + "\" (valid: auto, lemke, newton, pgs, enumerate)");
  return *kind;
}

void check_sizes(Eigen::Index rows, Eigen::Index cols, Eigen::Index q) {
  if (rows != cols || rows != q) {
    throw py::value_error("M, q: M must be n x n and q of length n (M is " + std::to_string(rows) + " x " +
                          std::to_string(cols) + ", q has " + std::to_string(q) + ")");
  }
}

LcpResult solve_dense(const Mat& M, const Vec& q, const std::string& solver, double tolerance, int max_iterations) {
  check_sizes(M.rows(), M.cols(), q.size());
  const Lcp lcp{M, q};
  const SolveOptions options = solve_options(tolerance, max_iterations);
  const SolverKind kind = solver_kind(solver);
  py::gil_scoped_release release;
  return solve_lcp(lcp, kind, options);
}

LcpResult solve_sparse(const SparseMat& M, const Vec& q, const std::string& solver, double tolerance,
                       int max_iterations, bool dense_fallback) {
  check_sizes(M.rows(), M.cols(), q.size());
  const SparseLcp lcp{M, q};
  const SolveOptions options = solve_options(tolerance, max_iterations);
  const SolverKind kind = solver_kind(solver);
  py::gil_scoped_release release;
  return solve_sparse_lcp(lcp, kind, options, dense_fallback);
}

py::dict problem_dict(const LcpFile& file) {
  py::dict d;
  d["path"] = file.path;
  d["format"] = to_string(file.format);
  d["comments"] = file.comments;
  if (file.lcp) {
    d["M"] = file.lcp->M;
    d["q"] = file.lcp->q;
  } else {
    const Mlcp& p = *file.mlcp;
    d["A"] = p.A;
    d["B"] = p.B;
    d["C"] = p.C;
    d["D"] = p.D;
    d["a"] = p.a;
    d["b"] = p.b;
  }
  return d;
}

std::string result_repr(const LcpResult& r) {
  return "<pegsim.LcpResult " + std::string(to_string(r.status)) + " n=" + std::to_string(r.z.size()) +
         " residual=" + std::to_string(r.residual) + " solver=" + r.solver + ">";
}

}  // namespace

void bind_lcp(py::module_& m) {
  py::class_<LcpResult>(m, "LcpResult", R"doc(A solver's answer to LCP(M, q): w = M z + q, 0 <= z ⟂ w >= 0.

status is "solved" only when the independent check passed (residual <= tolerance, z, w >= 0 within
it); otherwise infeasible, ray_termination, iteration_limit, numerical_breakdown, invalid_input or
jammed, with message saying why.)doc")
      .def_property_readonly("status", [](const LcpResult& r) { return std::string(to_string(r.status)); })
      .def_property_readonly("solved", &LcpResult::status_ok, "True when status == \"solved\".")
      .def_readonly("z", &LcpResult::z)
      .def_readonly("w", &LcpResult::w, "M z + q, recomputed by the checker.")
      .def_readonly("residual", &LcpResult::residual, "The checker's scaled natural residual.")
      .def_readonly("iterations", &LcpResult::iterations)
      .def_readonly("seconds", &LcpResult::seconds)
      .def_readonly("solver", &LcpResult::solver, "The solver that produced z (lemke, newton, ...).")
      .def_readonly("message", &LcpResult::message)
      .def_readonly("attempts", &LcpResult::attempts, "auto: what was tried, in order.")
      .def("__repr__", &result_repr);
  m.def("_solve_lcp_dense", &solve_dense, py::arg("M"), py::arg("q"), py::arg("solver"), py::arg("tolerance"),
        py::arg("max_iterations"));
  m.def("_solve_lcp_sparse", &solve_sparse, py::arg("M"), py::arg("q"), py::arg("solver"), py::arg("tolerance"),
        py::arg("max_iterations"), py::arg("dense_fallback"));
  m.def("read_lcp", [](const std::string& path) { return problem_dict(read_lcp_file(path)); }, py::arg("path"),
        R"doc(Reads an LCP or MLCP problem file (handbook text, Siconos .dat) into a dict: path, format,
comments, and M, q (LCP) or A, B, C, D, a, b (MLCP). Raises LcpFileError naming file and line.)doc");
  m.attr("DEFAULT_TOLERANCE") = kDefaultTolerance;
}

}  // namespace pegsim::python
