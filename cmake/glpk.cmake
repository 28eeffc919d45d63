# GLPK (Debian: libglpk-dev) for the jam-certificate LP in src/lcp/jam.cpp (issue 10 item 5).
# Linked PRIVATE by its full path: no public pegsim header includes glpk.h, and a static pegsim's
# export then names the library file itself, so consumers need nothing in pegsimConfig.cmake.
# Without GLPK the library still builds: find_jam_certificate reports "built without GLPK".
find_path(GLPK_INCLUDE_DIR NAMES glpk.h)
find_library(GLPK_LIBRARY NAMES glpk)
if(GLPK_INCLUDE_DIR AND GLPK_LIBRARY)
  target_include_directories(pegsim PRIVATE ${GLPK_INCLUDE_DIR})
  target_link_libraries(pegsim PRIVATE ${GLPK_LIBRARY})
  target_compile_definitions(pegsim PRIVATE PEGSIM_HAVE_GLPK=1)
  message(STATUS "pegsim: GLPK (jam certificates): ${GLPK_LIBRARY}")
else()
  message(WARNING "pegsim: GLPK not found (apt-get install libglpk-dev): jammed LCPs stay undecided")
endif()
