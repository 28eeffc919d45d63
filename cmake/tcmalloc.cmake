# The allocator of the programs we ship (the pegsim CLI and the benchmarks), not of the library:
# which malloc a process uses is the program's choice, and the Python module must live with the
# interpreter's. The step builds many small vectors (world-frame polyhedra, contact lists); under
# glibc's malloc they took about a third of the 3D pour's time, and tcmalloc (Debian:
# libgoogle-perftools-dev) made that pour 1.9x and the 2D pour 1.2-1.5x faster, bit for bit the same
# trajectories (BENCHMARKS.md). Not with the sanitizers, which bring their own allocator.
option(PEGSIM_USE_TCMALLOC "Link the pegsim CLI and benchmarks with tcmalloc_minimal when it is found" ON)
set(PEGSIM_TCMALLOC_LIBRARY "")
if(PEGSIM_USE_TCMALLOC AND NOT PEGSIM_SANITIZE)
  find_library(PEGSIM_TCMALLOC_MINIMAL NAMES tcmalloc_minimal)
  if(PEGSIM_TCMALLOC_MINIMAL)
    set(PEGSIM_TCMALLOC_LIBRARY ${PEGSIM_TCMALLOC_MINIMAL})
  endif()
endif()
message(STATUS "pegsim: tcmalloc for the CLI and benchmarks: ${PEGSIM_TCMALLOC_LIBRARY}")

# Links `target` (an executable) with the fast allocator when there is one.
function(pegsim_link_allocator target)
  if(PEGSIM_TCMALLOC_LIBRARY)
    target_link_libraries(${target} PRIVATE ${PEGSIM_TCMALLOC_LIBRARY})
  endif()
endfunction()
