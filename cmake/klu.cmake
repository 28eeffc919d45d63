# KLU (SuiteSparse; Debian: libsuitesparse-dev) for the basis factorisations of Lemke's path on
# large sparse islands (src/lcp/basis_lu.cpp): its left-looking LU after a block-triangular split
# and AMD halved the paths' time against Eigen's SparseLU on 1014 paths of a frictional 200-body
# pile (BENCHMARKS.md). Linked PRIVATE by its full path, as GLPK. Without it (PEGSIM_WITH_KLU=OFF,
# or the WebAssembly build) the basis uses Eigen's SparseLU.
option(PEGSIM_WITH_KLU "Sparse basis LU through SuiteSparse's KLU (if found)" ON)
if(PEGSIM_WITH_KLU)
  find_path(KLU_INCLUDE_DIR NAMES klu.h PATH_SUFFIXES suitesparse)
  find_library(KLU_LIBRARY NAMES klu)
endif()
if(PEGSIM_WITH_KLU AND KLU_INCLUDE_DIR AND KLU_LIBRARY)
  target_include_directories(pegsim PRIVATE ${KLU_INCLUDE_DIR})
  target_link_libraries(pegsim PRIVATE ${KLU_LIBRARY})
  target_compile_definitions(pegsim PRIVATE PEGSIM_HAVE_KLU=1)
  message(STATUS "pegsim: KLU (sparse basis LU): ${KLU_LIBRARY}")
else()
  message(STATUS "pegsim: KLU not used (apt-get install libsuitesparse-dev): Eigen's SparseLU")
endif()
