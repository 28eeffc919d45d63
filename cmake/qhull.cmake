# qhull (Debian: libqhull-dev), reentrant C API libqhull_r, for 3D convex hulls of vertex lists
# (src/geometry/convex_hull_3d.cpp). Linked PRIVATE by its full path, as GLPK (cmake/glpk.cmake): no
# public pegsim header includes a qhull header, and a static pegsim's export names the library file.
# Without qhull (the WebAssembly build has none) the library still builds: qhull_convex_hull throws
# "built without qhull", so polyhedra come only from explicit faces there.
find_path(QHULL_R_INCLUDE_DIR NAMES libqhull_r/libqhull_r.h)
find_library(QHULL_R_LIBRARY NAMES qhull_r)
if(QHULL_R_INCLUDE_DIR AND QHULL_R_LIBRARY)
  target_include_directories(pegsim PRIVATE ${QHULL_R_INCLUDE_DIR})
  target_link_libraries(pegsim PRIVATE ${QHULL_R_LIBRARY})
  target_compile_definitions(pegsim PRIVATE PEGSIM_HAVE_QHULL=1)
  message(STATUS "pegsim: qhull (3D convex hulls): ${QHULL_R_LIBRARY}")
else()
  message(WARNING "pegsim: qhull not found (apt-get install libqhull-dev): polyhedra need explicit faces")
endif()
