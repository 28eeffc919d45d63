// Our Siconos readers against Siconos's own (linearComplementarity_newFromFilename,
// mixedLinearComplementarity_newFromFilename): the same numbers for every shared .dat file.
#include "lcp_io/data_files.h"

#include <pegsim/io/lcp_reader.h>

#include <gtest/gtest.h>

#include "../../bench/siconos_backend.h"  // the Siconos headers (warning-suppressed), if available

namespace pegsim {
namespace {

#ifdef PEGSIM_HAVE_SICONOS

Mat dense_from_siconos(NumericsMatrix* m) {
  NumericsMatrix* dense = NM_create(NM_DENSE, m->size0, m->size1);
  NM_to_dense(m, dense);
  const Mat out = Eigen::Map<Mat>(dense->matrix0, m->size0, m->size1);
  NM_free(dense);
  return out;
}

TEST(SiconosReaderCrossCheck, LcpFilesReadAsSiconosReadsThem) {
  const auto files = test::lcp_data_files("siconos-lcp");
  ASSERT_FALSE(files.empty());
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    const Lcp ours = *read_lcp_file(path).lcp;
    LinearComplementarityProblem* theirs = newLCP();
    linearComplementarity_newFromFilename(theirs, path.c_str());
    ASSERT_EQ(theirs->size, ours.size());
    EXPECT_EQ(dense_from_siconos(theirs->M), ours.M);
    EXPECT_EQ(Eigen::Map<Vec>(theirs->q, theirs->size), ours.q);
    freeLinearComplementarityProblem(theirs);
  }
}

TEST(SiconosReaderCrossCheck, MlcpFilesReadAsSiconosReadsThem) {
  const auto files = test::lcp_data_files("siconos-mlcp");
  ASSERT_FALSE(files.empty());
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    const Mlcp ours = *read_lcp_file(path).mlcp;
    MixedLinearComplementarityProblem* theirs = mixedLinearComplementarity_new();
    mixedLinearComplementarity_newFromFilename(theirs, path.c_str());
    const int n = theirs->n, m = theirs->m;
    ASSERT_EQ(n, ours.free_size());
    ASSERT_EQ(m, ours.complementarity_size());
    ASSERT_TRUE(theirs->isStorageType2);  // every shared file has the ABCD storage
    EXPECT_EQ(Eigen::Map<Mat>(theirs->A, n, n), ours.A);
    EXPECT_EQ(Eigen::Map<Mat>(theirs->B, m, m), ours.B);
    EXPECT_EQ(Eigen::Map<Mat>(theirs->C, n, m), ours.C);
    EXPECT_EQ(Eigen::Map<Mat>(theirs->D, m, n), ours.D);
    EXPECT_EQ(Eigen::Map<Vec>(theirs->a, n), ours.a);
    EXPECT_EQ(Eigen::Map<Vec>(theirs->b, m), ours.b);
    if (theirs->isStorageType1 && theirs->M->size0 == n + m && theirs->M->size1 == n + m) {
      const Mat M = dense_from_siconos(theirs->M);
      EXPECT_EQ(M.topLeftCorner(n, n), ours.A);
      EXPECT_EQ(M.topRightCorner(n, m), ours.C);
      EXPECT_EQ(M.bottomLeftCorner(m, n), ours.D);
      EXPECT_EQ(M.bottomRightCorner(m, m), ours.B);
    }
    mixedLinearComplementarity_free(theirs);
  }
}

#else

TEST(SiconosReaderCrossCheck, SkippedWithoutSiconos) { GTEST_SKIP() << "built without Siconos numerics"; }

#endif

}  // namespace
}  // namespace pegsim
