# What the one-part GPU scripts (gpu_rader.sh, gpu_rows.sh, ...) share, sourced by them:
#   gpu_begin PACK OUT NAME  results go to $work = OUT/NAME, the machine's description first;
#   cli ARGS...              the packed fftscope-cli under a time limit ($cli_seconds, 150 unless set);
#   cli_with SETTINGS ARGS...  the same with environment settings;
#   verify_both, kernels_of, anysize_tables, power_of_two_tables  as said where they are defined;
#   gpu_end                  the finishing time, then OUT/NAME packed into OUT/NAME.tgz, the one
#                            file that comes back (the machine returns a limited number of files).
gpu_begin() {
  pack=$1
  out=$2
  name=$3
  work=$out/$name
  mkdir -p "$work"
  { nvidia-smi; date -u; } > "$work/machine.txt" 2>&1
}
cli() { timeout "${cli_seconds:-150}" bash "$pack/run.sh" fftscope-cli "$@"; }
# cli_with "NAME=VALUE ..." ARGS...: the same with those variables set (a switch's settings, or
# X=1 for none); `env` cannot run a shell function such as cli itself.
cli_with() {
  local settings=$1
  shift
  env $settings timeout "${cli_seconds:-150}" bash "$pack/run.sh" fftscope-cli "$@"
}
# verify_both SIZES [NAME]: `verify` of `auto` with table twiddles in f32 and in f64, into
# NAME-f32.txt and NAME-f64.txt (NAME: verify); variables set before it reach the CLI.
verify_both() {
  for p in f32 f64; do
    cli verify --device NVIDIA --variant auto --twiddle table --precision $p --sizes "$1" > "$work/${2:-verify}-$p.txt" 2>&1
  done
}
# kernels_of VARIANT: the folder FFTSCOPE_KERNEL_DIR takes for a kernel variant packed as
# .gpu/kv/VARIANT; none for A, the binary's own kernels.
kernels_of() { [ "$1" = A ] || echo "$pack/kv/$1"; }
# anysize_tables: the any-size and prime tables of docs/performance.md (f32, beside VkFFT and
# clFFT), into anysize-1d-f32, anysize-2d-f32 and primes-f32 .txt/.json.
anysize_tables() {
  local b=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
  cli "${b[@]}" --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$work/anysize-1d-f32.json" \
    > "$work/anysize-1d-f32.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$work/anysize-2d-f32.json" > "$work/anysize-2d-f32.txt" 2>&1
  cli "${b[@]}" --sizes 97,96,257,256,641,640 --points 16777216 --json "$work/primes-f32.json" > "$work/primes-f32.txt" 2>&1
}
# power_of_two_tables: the power-of-two table of docs/performance.md (f32, beside VkFFT and clFFT)
# and R2C/C2R 4096² beside VkFFT, into table-*.txt/json and real-4096.txt.
power_of_two_tables() {
  local b=(bench --device NVIDIA --variants auto --peers vkfft,clfft)
  cli "${b[@]}" --sizes 256,1024,4096,16384,65536,1048576,16777216 --points 16777216 --json "$work/table-1d-f32.json" \
    > "$work/table-1d-f32.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/table-2d-1024x16-f32.json" > "$work/table-2d-1024x16-f32.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192 --batch 1 --json "$work/table-2d-f32.json" > "$work/table-2d-f32.txt" 2>&1
  cli bench-real --device NVIDIA --peers vkfft --size 4096x4096 > "$work/real-4096.txt" 2>&1
}
# f64_power_of_two_tables: the same power-of-two table in f64 beside VkFFT, into table-*-f64.txt/json.
f64_power_of_two_tables() {
  local b=(bench --device NVIDIA --variants auto --peers vkfft --precision f64)
  cli "${b[@]}" --sizes 256,1024,4096,16384,65536,1048576,16777216 --points 16777216 --json "$work/table-1d-f64.json" \
    > "$work/table-1d-f64.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 1024x1024 --batch 16 --json "$work/table-2d-1024x16-f64.json" > "$work/table-2d-1024x16-f64.txt" 2>&1
  cli "${b[@]}" --dims 2d --sizes 4096x4096,8192x8192 --batch 1 --json "$work/table-2d-f64.json" > "$work/table-2d-f64.txt" 2>&1
}
# small_cases BIN ROUND: `bench` of `auto` with the packed program BIN (bin/BIN), VkFFT beside, on
# the cases whose launches are short (2D up to 1080 x 1920, 1D single and batches of 16), into
# {2d,1d,1d16}-BIN-ROUND .txt/.json: what a launch costs the host.
small_cases() {
  local bin=$1 round=$2
  run() { timeout 100 bash "$pack/run.sh" "$bin" bench --device NVIDIA --variants auto --peers vkfft "$@"; }
  run --dims 2d --sizes 1000x750,1080x1920,256x256,512x512 --batch 1 --json "$work/2d-$bin-$round.json" \
    > "$work/2d-$bin-$round.txt" 2>&1
  run --sizes 1024,4096,65536,1000 --batch 1 --json "$work/1d-$bin-$round.json" > "$work/1d-$bin-$round.txt" 2>&1
  run --sizes 1024,1000,16384 --batch 16 --json "$work/1d16-$bin-$round.json" > "$work/1d16-$bin-$round.txt" 2>&1
}
gpu_end() {
  date -u >> "$work/machine.txt"
  (cd "$out" && tar czf "$name.tgz" "$name" && rm -rf "$name")
}
