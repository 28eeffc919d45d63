# Cairo (Debian: libcairo2-dev) for the frame renderer in src/render/ (PNG and SVG output).
# Linked PRIVATE: no public pegsim header includes cairo.h. pegsim is a static library by default,
# so consumers still link cairo; pegsimConfig.cmake re-creates PkgConfig::CAIRO for them.
find_package(PkgConfig REQUIRED)
pkg_check_modules(CAIRO REQUIRED IMPORTED_TARGET cairo)
target_link_libraries(pegsim PRIVATE PkgConfig::CAIRO)
