"""The Python module for pip: `pip install --no-build-isolation .` builds it with the project's
CMake build and installs the package (python/sitemaplint). setuptools drives CMake, as Debian 12
has setuptools and not the CMake-based build backends; nothing is downloaded.

The build tree is build-pip/ beside build/ (SITEMAPLINT_PIP_BUILD_DIR chooses another), configured
as a Release build; CMAKE_ARGS adds options (e.g. "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")."""

import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCE = pathlib.Path(__file__).resolve().parent
VERSION = re.search(r"project\(sitemaplint VERSION ([0-9.]+)", (SOURCE / "CMakeLists.txt").read_text()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(os.environ.get("SITEMAPLINT_PIP_BUILD_DIR", SOURCE / "build-pip"))
        configure = ["cmake", "-S", str(SOURCE), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                     f"-DPython_EXECUTABLE={sys.executable}", *shlex.split(os.environ.get("CMAKE_ARGS", ""))]
        subprocess.run(configure, check=True)
        jobs = str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build), "--target", "sitemaplint_python", "-j", jobs], check=True)
        built = next((build / "python" / "sitemaplint").glob("_core*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="sitemaplint",
    version=VERSION,
    description="A fast, exact linter for XML sitemaps",
    python_requires=">=3.9",
    packages=["sitemaplint"],
    package_dir={"": "python"},
    package_data={"sitemaplint": ["_core.pyi", "py.typed"]},
    ext_modules=[Extension("sitemaplint._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own build folder beside CMake's (its default, build/, is the CMake build's).
    options={"build": {"build_base": "build-pip/setuptools"}},
    zip_safe=False,
)
