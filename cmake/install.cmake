# CMake package export: find_package(pegsim CONFIG) -> pegsim::pegsim
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS pegsim EXPORT pegsimTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/pegsim DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET pegsim_cli)
  install(TARGETS pegsim_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(EXPORT pegsimTargets NAMESPACE pegsim:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pegsim)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/pegsimConfig.cmake.in
  ${CMAKE_BINARY_DIR}/pegsimConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pegsim)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/pegsimConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/pegsimConfig.cmake ${CMAKE_BINARY_DIR}/pegsimConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/pegsim)
