#!/usr/bin/env bash
# Builds fftscope._engine on a machine without the project's build dependencies (the GPU machine),
# for that machine's own python3, from what `pack` carries there:
#   [PYBIND11_INCLUDE=DIR] scripts/python-gpu-module.sh pack DEST    here, after building fftscope_engine_module in build/:
#       the engine's static libraries, the shared libraries they need (pack.sh) and pybind11's
#       headers (copied from /usr/include/pybind11) into DEST (keep it inside the checkout, ignored);
#   scripts/python-gpu-module.sh build DEST [PYTHON]    there: compiles python/src against PYTHON's
#       headers (python3 by default), links the carried libraries and writes DEST/python/fftscope
#       (the package, importable with PYTHONPATH=DEST/python; DEST/env.sh sets that up).
set -euo pipefail
mode=${1:?pack or build}; dest=${2:?destination folder}
root=$(cd "$(dirname "$0")/.." && pwd)
case $mode in
pack)
  build=${BUILD:-$root/build}
  mkdir -p "$dest/engine" "$dest/include"
  cp "$build"/core/bench/libfftscope_bench.a "$build"/core/engine/libfftscope_engine.a "$build"/core/io/libfftscope_io.a \
     "$build"/core/settings/libfftscope_settings.a "$build"/kernels/libfftscope_kernels.a "$dest/engine/"
  strip --strip-debug "$dest"/engine/*.a  # the debug information is most of their size
  # PYBIND11_INCLUDE names newer headers where the target's NumPy is 2.x (pybind11 2.12 and later).
  rm -rf "$dest/include/pybind11" && cp -r "${PYBIND11_INCLUDE:-/usr/include}/pybind11" "$dest/include/"
  bash "${PACK_SH:-/work/shared/gpu/pack.sh}" "$dest" "$build"/python/fftscope/_engine*.so
  rm -rf "$dest/bin"  # the module is built there, for its own Python; only its libraries travel
  ;;
build)
  dest=$(cd "$dest" && pwd)
  python=${3:-python3}
  suffix=$("$python" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
  pyinc=$("$python" -c "import sysconfig; print(sysconfig.get_paths()['include'])")
  out=$dest/python/fftscope
  mkdir -p "$out"
  cp "$root"/python/fftscope/*.py "$out/"
  libs=$(ls "$dest"/lib/*.so* 2>/dev/null | grep -E 'libOpenCL|libfftw3|libclFFT' || true)
  flags=(-std=c++20 -O2 -fPIC -DNDEBUG -DCL_TARGET_OPENCL_VERSION=120 -I"$root/core" -isystem "$dest/include" -isystem "$pyinc")
  objects=$dest/objects; mkdir -p "$objects"
  # One compiler a source file at once: the GPU machine has many cores and this is most of the wait.
  export CXX=${CXX:-c++} objects
  printf '%s\n' "$root"/python/src/*.cpp | xargs -P "$(nproc)" -I{} sh -c \
    '"$CXX" "$@" -c "$0" -o "$objects/$(basename "$0" .cpp).o"' {} "${flags[@]}"
  ${CXX:-c++} -shared "$objects"/*.o \
    "$dest"/engine/libfftscope_bench.a "$dest"/engine/libfftscope_engine.a "$dest"/engine/libfftscope_io.a "$dest"/engine/libfftscope_settings.a \
    "$dest"/engine/libfftscope_kernels.a $libs -ldl -Wl,-rpath,"$dest/lib" -o "$out/_engine$suffix"
  cat > "$dest/env.sh" <<ENV
# source DEST/env.sh: the built package on PYTHONPATH, the carried libraries and every OpenCL driver found.
export PYTHONPATH=$dest/python\${PYTHONPATH:+:\$PYTHONPATH}
export LD_LIBRARY_PATH=$dest/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
icd=\$(mktemp -d)
for f in /etc/OpenCL/vendors/*.icd; do [ -e "\$f" ] && cp "\$f" "\$icd/"; done
for lib in /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1; do
  if [ -e "\$lib" ]; then echo "\$lib" > "\$icd/nvidia.icd"; break; fi
done
export OCL_ICD_VENDORS=\$icd
ENV
  echo "built $out/_engine$suffix"
  ;;
*) echo "usage: python-gpu-module.sh pack|build DEST [PYTHON]" >&2; exit 2 ;;
esac
