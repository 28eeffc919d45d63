"""Builds the pegsim Python package: the pure-Python part from bindings/python/pegsim and the C++
extension pegsim._pegsim by CMake (target pegsim_python), so `pip install --no-build-isolation .`
works offline with Debian's setuptools.

Environment: PEGSIM_CMAKE_BUILD_DIR reuses an existing CMake build tree (e.g. build/ after
scripts/setup.sh) instead of configuring a fresh one; CMAKE_BUILD_PARALLEL_LEVEL sets the jobs (2).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
(ROOT / "build-pip").mkdir(exist_ok=True)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("PEGSIM_CMAKE_BUILD_DIR")
        build_dir = Path(given).resolve() if given else Path(self.build_temp).resolve() / "cmake"
        if not (build_dir / "CMakeCache.txt").exists():
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja",
                            "-DCMAKE_BUILD_TYPE=Release", "-DPEGSIM_BUILD_TESTS=OFF", "-DPEGSIM_BUILD_BENCH=OFF",
                            "-DPEGSIM_BUILD_APPS=OFF", "-DPEGSIM_BUILD_PYTHON=ON",
                            f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "pegsim_python", "-j", jobs], check=True)
        built = sorted((build_dir / "python" / "pegsim").glob("_pegsim*.so"))
        if not built:
            raise RuntimeError(f"{build_dir}: CMake built no pegsim/_pegsim*.so (is pybind11-dev installed?)")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[-1], target)


setup(
    packages=["pegsim"],
    package_dir={"pegsim": "bindings/python/pegsim"},
    package_data={"pegsim": ["*.pyi", "py.typed"]},
    ext_modules=[CMakeExtension("pegsim._pegsim")],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own scratch space, away from CMake's build/ tree
    options={"build": {"build_base": "build-pip"}, "egg_info": {"egg_base": "build-pip"}},
)
