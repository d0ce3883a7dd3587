"""Builds fftscope._engine with the project's CMake (the engine, its kernels embedded, and the
extension) and puts it into the package. Install with
`pip install --no-build-isolation ./python` (see docs/python.md)."""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                               "-DFFTSCOPE_BUILD_GUI=OFF", "-DFFTSCOPE_BUILD_TESTS=OFF",
                               "-DFFTSCOPE_BUILD_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"])
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.check_call(["cmake", "--build", str(build), "--target", "fftscope_engine_module", "-j", jobs])
        built = next((build / "python" / "fftscope").glob("_engine*"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built, target)


setup(ext_modules=[Extension("fftscope._engine", sources=[])], cmdclass={"build_ext": CMakeBuild})
