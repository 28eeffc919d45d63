# Finds the Python the module is built for and pybind11; sets PEGSIM_HAVE_PYTHON and adds
# bindings/python. The interpreter must have NumPy (the module's arrays are NumPy arrays): when the
# first python3 found lacks it (e.g. a pyenv shim ahead of Debian's /usr/bin/python3), the system
# one is tried. Override with -DPython3_EXECUTABLE=...
function(pegsim_python_has_numpy exe result)
  execute_process(COMMAND ${exe} -c "import numpy" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(${result} TRUE PARENT_SCOPE)
  else()
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  find_program(PEGSIM_FIRST_PYTHON3 python3)
  if(PEGSIM_FIRST_PYTHON3)
    pegsim_python_has_numpy(${PEGSIM_FIRST_PYTHON3} first_has_numpy)
    if(NOT first_has_numpy)
      set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "Python the pegsim module is built for")
    endif()
  endif()
endif()

find_package(Python3 COMPONENTS Interpreter Development.Module)
if(Python3_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
if(Python3_FOUND AND pybind11_FOUND)
  set(PEGSIM_HAVE_PYTHON ON)
  add_subdirectory(${PROJECT_SOURCE_DIR}/bindings/python ${CMAKE_BINARY_DIR}/bindings/python)
endif()
