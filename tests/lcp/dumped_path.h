// Sparse LCPs dumped from the engine's runs as test data (tests/data/*.bin), little-endian: int n,
// nnz, pivot cap, |start|; M's CSC outer (n + 1), inner (nnz) and values (nnz, double); q (n);
// start; one byte per column, 1 when M's column is zero.
#pragma once

#include <pegsim/lcp/sparse_lcp.h>

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace pegsim::testgen {

struct DumpedPath {
  SparseMat M;
  Vec q;
  std::vector<int> start;
  std::vector<char> zero_column;
  int cap = 0;
};

inline DumpedPath read_dumped_path(const std::string& file) {
  DumpedPath p;
  std::ifstream in(file, std::ios::binary);
  int head[4] = {0, 0, 0, 0};
  in.read(reinterpret_cast<char*>(head), sizeof head);
  const int n = head[0], nnz = head[1];
  p.cap = head[2];
  p.M.resize(n, n);
  p.M.resizeNonZeros(nnz);
  in.read(reinterpret_cast<char*>(p.M.outerIndexPtr()), static_cast<std::streamsize>((n + 1) * sizeof(int)));
  in.read(reinterpret_cast<char*>(p.M.innerIndexPtr()), static_cast<std::streamsize>(nnz * sizeof(int)));
  in.read(reinterpret_cast<char*>(p.M.valuePtr()), static_cast<std::streamsize>(nnz * sizeof(double)));
  p.q.resize(n);
  in.read(reinterpret_cast<char*>(p.q.data()), static_cast<std::streamsize>(n * sizeof(double)));
  p.start.resize(static_cast<std::size_t>(head[3]));
  in.read(reinterpret_cast<char*>(p.start.data()), static_cast<std::streamsize>(head[3] * sizeof(int)));
  p.zero_column.resize(static_cast<std::size_t>(n));
  in.read(p.zero_column.data(), n);
  EXPECT_TRUE(in.good()) << file << ": truncated";
  return p;
}

}  // namespace pegsim::testgen
