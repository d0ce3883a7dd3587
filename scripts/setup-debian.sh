#!/usr/bin/env bash
# Installs every Debian 12 package FFTScope builds, runs and tests with. Idempotent; runs as root
# or through sudo. Usage: scripts/setup-debian.sh
set -euo pipefail

packages=(
  build-essential cmake pkg-config ccache
  ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers pocl-opencl-icd clinfo
  libfftw3-dev libclfft-dev libvkfft-dev
  libgtest-dev
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev qt6-multimedia-dev libqcustomplot-dev
  libcli11-dev nlohmann-json3-dev
  libopencv-dev libsndfile1-dev
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev  # video encoding with the codecs' threads
  xvfb xauth python3-numpy python3-scipy python3-tifffile
  pybind11-dev python3-dev python3-pytest python3-pyopencl  # the Python package and its tests (PyOpenCL interop)
  clang-14 libclang-rt-14-dev  # libFuzzer and the sanitizer runtimes for scripts/fuzz.sh
  help2man lintian desktop-file-utils appstream  # the Debian package and scripts/check-package.sh
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup-debian.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
