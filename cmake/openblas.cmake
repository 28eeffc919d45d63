# OpenBLAS (Debian: libopenblas-dev) for the dense least-squares polish of frictional Lemke answers
# (src/lcp/min_norm_solve.cpp): LAPACK's blocked dgelsy there is ~3x Eigen's unblocked column-pivoted
# QR, which was 28 % of a frictional 200-body pile's run. Linked PRIVATE by its full path, as GLPK.
# Without it (or with PEGSIM_WITH_OPENBLAS=OFF: the ThreadSanitizer build, whose checks cannot see
# inside an uninstrumented OpenBLAS) the polish uses Eigen's CompleteOrthogonalDecomposition.
option(PEGSIM_WITH_OPENBLAS "Dense least squares through OpenBLAS's LAPACK (if found)" ON)
if(PEGSIM_WITH_OPENBLAS)
  find_library(OPENBLAS_LIBRARY NAMES openblas)
endif()
if(PEGSIM_WITH_OPENBLAS AND OPENBLAS_LIBRARY)
  target_link_libraries(pegsim PRIVATE ${OPENBLAS_LIBRARY})
  target_compile_definitions(pegsim PRIVATE PEGSIM_HAVE_OPENBLAS=1)
  message(STATUS "pegsim: OpenBLAS (dense least squares): ${OPENBLAS_LIBRARY}")
else()
  message(STATUS "pegsim: OpenBLAS not used (apt-get install libopenblas-dev): Eigen's dense least squares")
endif()
