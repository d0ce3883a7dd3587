#!/usr/bin/env bash
# Builds fftscope._engine on a machine without the project's build dependencies (the GPU machine),
# for that machine's own python3 and with its own compiler: the engine is compiled there too, since
# objects of two compilers' C++20 in one module do not mix safely.
#   [PYBIND11_INCLUDE=DIR|none] scripts/python-gpu-module.sh pack DEST    here, after building fftscope_engine_module in build/:
#       the engine's source lists and flags (from a CMake configure with compile commands), the
#       embedded kernels, the outside headers (OpenCL, FFTW, nlohmann-json, clFFT, VkFFT, pybind11)
#       and the shared libraries the module needs (pack.sh) into DEST (inside the checkout, ignored);
#   scripts/python-gpu-module.sh build DEST [PYTHON]    there: compiles the engine's libraries and
#       python/src against PYTHON's headers (python3 by default), links them and writes
#       DEST/python/fftscope (importable with PYTHONPATH=DEST/python; DEST/env.sh sets that up).
set -euo pipefail
mode=${1:?pack or build}; dest=${2:?destination folder}
root=$(cd "$(dirname "$0")/.." && pwd)
libraries="fftscope_settings fftscope_io fftscope_kernels fftscope_engine fftscope_bench"
case $mode in
pack)
  build=${BUILD:-$root/build}
  rm -rf "$dest/include" "$dest/sources" && mkdir -p "$dest/include" "$dest/sources"
  configure=$(mktemp -d)
  cmake -S "$root" -B "$configure" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DFFTSCOPE_BUILD_GUI=OFF \
        -DFFTSCOPE_BUILD_TESTS=OFF > "$configure/log" || { cat "$configure/log" >&2; exit 1; }
  # Each library's sources, a line each: the path below the checkout (or the embedded kernels') and its -D flags.
  python3 - "$configure/compile_commands.json" "$root" "$dest/sources" $libraries <<'PY'
import json, re, sys
commands, root, out, libraries = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], sys.argv[4:]
for library in libraries:
    with open(f"{out}/{library}.txt", "w") as f:
        for c in commands:
            if f"CMakeFiles/{library}.dir/" not in c["command"]:
                continue
            path = c["file"].replace(root + "/", "")
            if path.endswith("EmbeddedKernels.cpp"):
                path = "EmbeddedKernels.cpp"
            f.write(path + "\t" + " ".join(re.findall(r"-D\S+", c["command"])) + "\n")
PY
  rm -rf "$configure"
  cp "$build"/kernels/EmbeddedKernels.cpp "$dest/sources/"
  cp -r /usr/include/CL /usr/include/nlohmann "$dest/include/"
  cp /usr/include/fftw3.h /usr/include/clFFT.h /usr/include/clFFT.version.h /usr/include/vkFFT.h "$dest/include/"
  # PYBIND11_INCLUDE names newer headers where the target's NumPy is 2.x (pybind11 2.12 and later);
  # none leaves them to the target Python's pybind11 package.
  [ "${PYBIND11_INCLUDE:-}" = none ] || cp -r "${PYBIND11_INCLUDE:-/usr/include}/pybind11" "$dest/include/"
  bash "${PACK_SH:-/work/shared/gpu/pack.sh}" "$dest" "$build"/python/fftscope/_engine*.so
  rm -rf "$dest/bin" "$dest/engine"  # the module is built there, for its own Python; only its libraries travel
  ;;
build)
  dest=$(cd "$dest" && pwd)
  python=${3:-python3}
  suffix=$("$python" -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
  pyinc=$("$python" -c "import sysconfig; print(sysconfig.get_paths()['include'])")
  # Without carried pybind11 headers, those of the target Python's own pybind11 package.
  [ -d "$dest/include/pybind11" ] || cp -r "$("$python" -c 'import pybind11; print(pybind11.get_include())')/pybind11" "$dest/include/"
  out=$dest/python/fftscope
  mkdir -p "$out"
  cp "$root"/python/fftscope/*.py "$out/"
  libs=$(ls "$dest"/lib/*.so* 2>/dev/null | grep -E 'libOpenCL|libfftw3|libclFFT' || true)
  objects=$dest/objects; rm -rf "$objects"; mkdir -p "$objects"
  export CXX=${CXX:-c++} objects root dest pyinc
  compile() {  # $1: a library's source list; objects go to $objects/NAME/
    local library=$1; mkdir -p "$objects/$library"
    while IFS=$'\t' read -r path defines; do
      case $path in EmbeddedKernels.cpp) path=$dest/sources/$path ;; *) path=$root/$path ;; esac
      printf '%s\t%s\n' "$path" "$defines"
    done < "$dest/sources/$library.txt" | xargs -P "$(nproc)" -d '\n' -I{} sh -c '
      path=${0%%	*}; defines=${0#*	}
      name=$(echo "$path" | sed "s|^$root/||; s|/|_|g; s|\.cpp$|.o|; s|^\.*||")
      "$CXX" -std=c++20 -O2 ${EXTRA_CXXFLAGS:-} -fPIC -DNDEBUG $defines -I"$root/core" -isystem "$dest/include" -isystem "$pyinc" \
        -c "$path" -o "$objects/$1/$name"' {} "$library"
  }
  for library in $libraries; do
    compile "$library"
    ar rcs "$objects/lib$library.a" "$objects/$library"/*.o
  done
  (cd "$root" && ls python/src/*.cpp | sed 's/$/\t/') > "$dest/sources/module.txt"
  compile module
  # libstdc++ by its shared library's name: where the compiler finds only its static archive, a
  # second copy of it inside the module mixes its locale with the one Python's process already has.
  ${CXX} -shared "$objects"/module/*.o "$objects"/libfftscope_bench.a "$objects"/libfftscope_engine.a \
    "$objects"/libfftscope_io.a "$objects"/libfftscope_settings.a "$objects"/libfftscope_kernels.a \
    $libs -l:libstdc++.so.6 -ldl -lpthread -Wl,-rpath,"$dest/lib" -o "$out/_engine$suffix"
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
