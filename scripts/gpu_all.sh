#!/usr/bin/env bash
# Every GPU measurement docs/performance.md records, in one call of the GPU machine, most telling
# first, each part under its own time limit and packed into its own archive as soon as it ends,
# so that a run cut short still brings back what it finished (the machine returns a limited
# number of files):
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli && cp scripts/gpu_*.sh .gpu/
#   (there)  bash .gpu/gpu_all.sh .gpu "$OUT" [PART...]
# Parts: plans quick trials trust final32 final64 confirm checks cache runs twiddles plans2 lanes odd lengths32 lengths64 nines realtw meet knobs measured later steps verify2d small2d bluestein real speed filter
# (default: plans quick bluestein real speed filter).
set -u
pack=$1
out=$2
shift 2
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(plans quick bluestein real speed filter)
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cli() { timeout 60 bash "$pack/run.sh" fftscope-cli "$@"; }

plans() {
  local dir=$1
  nvidia-smi > "$dir/machine.txt" 2>&1
  date -u >> "$dir/machine.txt"
  cli devices > "$dir/devices.txt" 2>&1
  for s in "16384" "8192" "1048576" "16777216" "4096 --rows 4096" "8192 --rows 8192" "1024 --rows 1024 --batch 16"; do
    for p in f32 f64; do
      echo "== plan --size $s --precision $p"
      cli plan --device NVIDIA --size $s --precision $p
    done
  done > "$dir/plans.txt" 2>&1
  cli plan --device NVIDIA --size 4096 --rows 4096 --real > "$dir/plan-real-4096.txt" 2>&1
  for n in 65537 1000003; do cli plan --device NVIDIA --size $n --batch 16; done > "$dir/plan-primes.txt" 2>&1
}

# The speed table with register-held passes as planned (their registers capped where the
# driver takes a cap), uncapped (smaller groups), and off; then each register-held kernel's
# registers and spills as the driver's build log gives them.
quick() {
  local dir=$1
  timeout 200 bash "$here/gpu_speed_quick.sh" "$pack" "$dir/registers-capped" auto > "$dir/registers-capped.txt" 2>&1
  for mode in uncapped off; do
    local env=(FFTSCOPE_REGISTER_CAP=0)
    [ $mode = off ] && env=(FFTSCOPE_REGISTER_PASSES=0)
    env "${env[@]}" timeout 120 bash "$here/gpu_speed_quick.sh" "$pack" "$dir/registers-$mode" auto table > "$dir/registers-$mode.txt" 2>&1
  done
  for p in f32 f64; do
    for s in "--sizes 16384 --points 16777216" "--sizes 2^24" "--dims 2d --sizes 4096" "--dims 2d --sizes 8192"; do
      echo "== bench $s --precision $p"
      FFTSCOPE_PRINT_KERNELS=1 cli bench --device NVIDIA --variants auto $s --precision $p --repeat 3 2>&1 |
        grep -E "built on|ptxas|Used|spill|^auto" | sed -e 's/^.*built on/built on/'
    done
  done > "$dir/kernel-registers.txt" 2>&1
}

# Register caps that let groups of 1024 f32 work-items build (64 is the file shared out; the
# driver may keep some back), and Bluestein lengths weighed by their radices' arithmetic.
trials() {
  local dir=$1
  for cap in 64 60 56 48; do
    for s in "--sizes 16384 --points 16777216" "--sizes 2^24" "--dims 2d --sizes 4096"; do
      echo "== cap $cap: bench $s"
      FFTSCOPE_REGISTER_CAP=$cap FFTSCOPE_PRINT_KERNELS=1 cli bench --device NVIDIA --variants auto $s --repeat 10 2>&1 |
        grep -E "maxrregcount|Used|spill|^auto|^note" | sed -e 's/^.*built on.*\(-cl-nv-maxrregcount=[0-9]*\).*/built with \1/'
    done
  done > "$dir/caps.txt" 2>&1
  cli bench --device NVIDIA --variants auto --peers vkfft --sizes 65537,1000003 --points 16777216 > "$dir/bluestein-weighed.txt" 2>&1
  for m in 131712 262144 139968; do
    echo "== 65537 over M = $m"
    FFTSCOPE_BLUESTEIN_M=$m cli bench --device NVIDIA --variants auto --sizes 65537 --points 16777216 2>&1 | grep -E "^auto"
  done > "$dir/bluestein-65537-lengths.txt" 2>&1
  for m in 2044900 2097152 2048000; do
    echo "== 1000003 over M = $m"
    FFTSCOPE_BLUESTEIN_M=$m cli bench --device NVIDIA --variants auto --sizes 1000003 --points 16777216 2>&1 | grep -E "^auto"
  done > "$dir/bluestein-1000003-lengths.txt" 2>&1
  FFTSCOPE_BLUESTEIN_M=131712 FFTSCOPE_PRINT_KERNELS=1 cli bench --device NVIDIA --variants auto --sizes 65537 --points 16777216 --repeat 3 2>&1 |
    grep -E "built on|Used|spill|^auto" | cut -c1-400 > "$dir/odd-radix-registers.txt"
}

# Whether register-held groups the driver says it cannot take run when launched anyway.
trust() {
  local dir=$1
  for mode in "FFTSCOPE_TRUST_KERNEL_GROUP=0" "FFTSCOPE_TRUST_KERNEL_GROUP=1" "FFTSCOPE_TRUST_KERNEL_GROUP=1 FFTSCOPE_REGISTER_CAP=0"; do
    for s in "--sizes 16384 --points 16777216" "--sizes 8192 --points 16777216" "--sizes 2^24" "--dims 2d --sizes 4096" "--dims 2d --sizes 8192"; do
      echo "== $mode: bench $s"
      (export $mode; FFTSCOPE_PRINT_KERNELS=1 cli bench --device NVIDIA --variants auto $s --repeat 10 2>&1 |
        grep -E "maxrregcount|Used|^auto|^note|rror" | sed -e 's/^.*built on.*\(-cl-nv-maxrregcount=[0-9]*\).*/built with \1/' | cut -c1-400)
    done
  done > "$dir/trust.txt" 2>&1
}

# The recorded tables: f32 beside VkFFT and clFFT (powers of two, 2D, any size), then f64 and
# real transforms beside the peers, then verification and the filter round trip.
table() {
  local dir=$1 p=$2 peers=$3
  local b=(timeout 150 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --peers "$peers" --precision "$p")
  "${b[@]}" --sizes 65536,16384,4096,1024,256,2^20,2^24 --points 16777216 --json "$dir/table-1d-$p.json" > "$dir/table-1d-$p.txt" 2>&1
  "${b[@]}" --dims 2d --sizes 1024 --batch 16 --json "$dir/table-2d-1024x16-$p.json" > "$dir/table-2d-1024x16-$p.txt" 2>&1
  "${b[@]}" --dims 2d --sizes 4096,8192 --batch 1 --json "$dir/table-2d-$p.json" > "$dir/table-2d-$p.txt" 2>&1
}
final32() {
  local dir=$1
  plans "$dir"
  table "$dir" f32 vkfft,clfft
  local b=(timeout 150 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --peers vkfft,clfft)
  "${b[@]}" --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$dir/anysize-1d-f32.json" > "$dir/anysize-1d-f32.txt" 2>&1
  "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$dir/anysize-2d-f32.json" > "$dir/anysize-2d-f32.txt" 2>&1
}
final64() {
  local dir=$1
  table "$dir" f64 vkfft
  for args in "--size 4096x4096 --precision f32" "--size 16777216 --precision f32" "--size 4096x4096 --precision f64"; do
    echo "== bench-real $args --peers vkfft"
    cli bench-real $args --peers vkfft --device NVIDIA 2>&1
  done > "$dir/bench-real.txt"
  FFTSCOPE_REGISTER_PASSES=prefer timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto \
    --sizes 65536,16384,2^20,2^24 --points 16777216 > "$dir/prefer-1d-f32.txt" 2>&1
}
# After the planner's rule for strided register-held steps: the cases whose plans it changed.
confirm() {
  local dir=$1
  plans "$dir"
  local b=(timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --peers vkfft)
  "${b[@]}" --sizes 16384,2^20,2^24 --points 16777216 > "$dir/table-1d-f32.txt" 2>&1
  "${b[@]}" --sizes 2^20 --points 16777216 --precision f64 > "$dir/table-1d-f64.txt" 2>&1
  "${b[@]}" --dims 2d --sizes 1024 --batch 16 > "$dir/table-2d-1024x16-f32.txt" 2>&1
  "${b[@]}" --dims 2d --sizes 1024 --batch 16 --precision f64 > "$dir/table-2d-1024x16-f64.txt" 2>&1
  "${b[@]}" --sizes 65537,1000003 --points 16777216 > "$dir/anysize-1d-f32.txt" 2>&1
}
checks() {
  local dir=$1
  for p in f32 f64; do
    timeout 45 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --precision $p --variant auto --twiddle table \
      --dims all --max-log2 24 --max-log2-2d 13 > "$dir/verify-auto-$p.txt" 2>&1
  done
  FILTER_CASES="4096x4096:1 4096x4096:3 1024x1024:3" FILTER_REPEAT=20 timeout 60 bash "$here/gpu_filter.sh" "$pack" "$dir/filter" > /dev/null 2>&1
}

# Batches in chunks through the L2 cache (core/engine/planning/CacheChunks.h): the batched cases whose plan
# takes two or more passes, whole (0) and in chunks of at most 8, 16 and 32 MiB (f64: 0 and 32),
# Bluestein's 65537 x 255 whole and in 16 MiB, then VkFFT beside the same cases, then what measure
# mode chooses among the chunk sizes (each verified first).
cache() {
  local dir=$1
  long() { timeout 150 bash "$pack/run.sh" fftscope-cli "$@"; }
  for run in "f32 0" "f32 8388608" "f32 16777216" "f32 33554432" "f64 0" "f64 33554432"; do
    set -- $run
    echo "== $1 FFTSCOPE_CACHE_CHUNK=$2"
    for s in "--sizes 65536,2^20 --points 16777216" "--dims 2d --sizes 1024 --batch 16"; do
      FFTSCOPE_CACHE_CHUNK=$2 long bench --device NVIDIA --variants auto --precision $1 --repeat 10 $s 2>&1 | grep -E "^auto|rror"
    done
  done > "$dir/chunks.txt" 2>&1
  for chunk in 0 16777216; do
    echo "== 65537 x 255 FFTSCOPE_CACHE_CHUNK=$chunk"
    FFTSCOPE_CACHE_CHUNK=$chunk long bench --device NVIDIA --variants auto --sizes 65537 --points 16777216 --repeat 10 2>&1 | grep -E "^auto|rror"
  done > "$dir/chunks-bluestein.txt" 2>&1
  long bench --device NVIDIA --variants auto --peers vkfft --sizes 65536,2^20 --points 16777216 > "$dir/peers-1d-f32.txt" 2>&1
  long bench --device NVIDIA --variants auto --peers vkfft --dims 2d --sizes 1024 --batch 16 > "$dir/peers-2d-f32.txt" 2>&1
  for s in "--size 1048576 --batch 16" "--size 1024 --rows 1024 --batch 16"; do
    echo "== plan $s --plan measure"
    long plan --device NVIDIA $s --plan measure --wisdom "$dir/wisdom.json"
  done > "$dir/measure.txt" 2>&1
}

# The power-of-two cases the planner trials time pass by pass (the JSON's passes): 1D in 2^24
# points, 2D 4096² and 8192², 2D 1024² x 16, into DIR/{1d,2d,2d16}-PRECISION-TAG.json; the
# environment settings given (NAME=VALUE ...) apply to each bench; TRIO_PEERS and TRIO_EXTRA
# (further 1D sizes) are read from the caller.
trio() {
  local dir=$1 tag=$2 p=$3
  shift 3
  local e=(env "$@")
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20 --variants auto --precision "$p")
  [ -n "${TRIO_PEERS:-}" ] && b+=(--peers "$TRIO_PEERS")
  "${e[@]}" "${b[@]}" --sizes "65536,16384,2^20,2^24${TRIO_EXTRA:+,$TRIO_EXTRA}" --points 16777216 \
    --json "$dir/1d-$p-$tag.json" > "$dir/1d-$p-$tag.txt" 2>&1
  "${e[@]}" "${b[@]}" --dims 2d --sizes 4096,8192 --batch 1 --json "$dir/2d-$p-$tag.json" > "$dir/2d-$p-$tag.txt" 2>&1
  "${e[@]}" "${b[@]}" --dims 2d --sizes 1024 --batch 16 --json "$dir/2d16-$p-$tag.json" > "$dir/2d16-$p-$tag.txt" 2>&1
}

# Runs of neighbouring lanes: the strided passes with 128-, 256- and 512-byte runs
# (FFTSCOPE_RUN_BYTES), twiddles computed instead of read (auto/sincos), VkFFT beside them; C2R
# with the bins staged in local memory, fused and apart.
runs() {
  local dir=$1
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20)
  for rb in 128 256 512; do
    for p in f32 f64; do trio "$dir" $rb $p FFTSCOPE_RUN_BYTES=$rb; done
  done
  "${b[@]}" --variants auto/sincos --sizes 65536,2^24 --points 16777216 --json "$dir/sincos.json" > "$dir/sincos.txt" 2>&1
  "${b[@]}" --variants auto --peers vkfft --sizes 65536,2^20,2^24 --points 16777216 > "$dir/vkfft-1d.txt" 2>&1
  "${b[@]}" --variants auto --peers vkfft --dims 2d --sizes 4096 --batch 1 > "$dir/vkfft-2d.txt" 2>&1
  for fused in 1 0; do
    for args in "--size 4096x4096" "--size 1080x1920" "--size 16384 --batch 1024"; do
      echo "== FFTSCOPE_FUSED_UNTANGLE=$fused bench-real $args"
      FFTSCOPE_FUSED_UNTANGLE=$fused cli bench-real $args --device NVIDIA 2>&1
    done
  done > "$dir/real.txt"
}

# A pass after others with its group's outer twiddles staged in local memory and without
# (FFTSCOPE_STAGED_TWIDDLES), VkFFT beside the staged run; mixed sizes; real transforms.
twiddles() {
  local dir=$1
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20 --variants auto)
  for staged in 1 0; do
    local peers=""
    [ $staged = 1 ] && peers=vkfft
    for p in f32 f64; do TRIO_PEERS=$peers trio "$dir" $staged $p FFTSCOPE_STAGED_TWIDDLES=$staged; done
    local e=(env FFTSCOPE_STAGED_TWIDDLES=$staged "${b[@]}" ${peers:+--peers $peers})
    "${e[@]}" --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$dir/any1d-$staged.json" > "$dir/any1d-$staged.txt" 2>&1
    "${e[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$dir/any2d-$staged.json" > "$dir/any2d-$staged.txt" 2>&1
  done
  for args in "--size 4096x4096" "--size 1080x1920" "--size 16777216" "--size 4096x4096 --precision f64"; do
    echo "== bench-real $args --peers vkfft"
    cli bench-real $args --peers vkfft --device NVIDIA 2>&1
  done > "$dir/real.txt"
}

# Other plans for the cases still behind VkFFT: register-held steps with 64-byte runs
# (FFTSCOPE_RUN_BYTES=64), none (FFTSCOPE_REGISTER_PASSES=0), or saving passes (prefer); then
# real transforms with each launch timed, (un)tangling fused and apart.
plans2() {
  local dir=$1
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20 --variants auto)
  for mode in FFTSCOPE_RUN_BYTES=128 FFTSCOPE_RUN_BYTES=64 FFTSCOPE_REGISTER_PASSES=0 FFTSCOPE_REGISTER_PASSES=prefer; do
    env $mode "${b[@]}" --sizes 65536,16384,2^20,2^24 --points 16777216 --json "$dir/1d-$mode.json" > "$dir/1d-$mode.txt" 2>&1
    env $mode "${b[@]}" --dims 2d --sizes 1024 --batch 16 --json "$dir/2d16-$mode.json" > "$dir/2d16-$mode.txt" 2>&1
    env $mode "${b[@]}" --dims 2d --sizes 4096 --batch 1 --json "$dir/2d-$mode.json" > "$dir/2d-$mode.txt" 2>&1
  done
  for fused in 1 0; do
    for args in "--size 4096x4096" "--size 1080x1920" "--size 4096x4096 --precision f64"; do
      echo "== FFTSCOPE_FUSED_UNTANGLE=$fused bench-real $args"
      FFTSCOPE_FUSED_UNTANGLE=$fused cli bench-real $args --device NVIDIA 2>&1
    done
  done > "$dir/real.txt"
}

# Runs of a register-held step and of a long row's later passes: 64 bytes (the defaults: 8 lanes
# f32, 4 f64, as first tried; now FFTSCOPE_LATER_LANES=8 in both) and 128, f32 and f64; real
# transforms with C2R tangled in local memory.
lanes() {
  local dir=$1
  for runs in 64 128; do
    for p in f32 f64; do
      local bytes=8
      [ $p = f64 ] && bytes=16
      TRIO_EXTRA=12288,48000 trio "$dir" $runs $p FFTSCOPE_HELD_RUN_BYTES=$runs FFTSCOPE_LATER_LANES=$((runs / bytes))
    done
  done
  for args in "--size 4096x4096" "--size 1080x1920" "--size 4096x4096 --precision f64"; do
    echo "== bench-real $args --peers vkfft"
    cli bench-real $args --peers vkfft --device NVIDIA 2>&1
  done > "$dir/real.txt"
}

# Mixed sizes: groups of short rows gathered to 128 work-items (the default) or 64, odd radices
# merged above 6 inner passes (the default), 4 or 3; Bluestein's lengths as measure mode picks.
odd() {
  local dir=$1
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20 --variants auto)
  for target in 128 64; do
    for passes in 6 4 3; do
      local e=(env FFTSCOPE_GROUP_TARGET=$target FFTSCOPE_ODD_INNER_PASSES=$passes)
      "${e[@]}" "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$dir/2d-$target-$passes.json" > "$dir/2d-$target-$passes.txt" 2>&1
      "${e[@]}" "${b[@]}" --sizes 1000,12288,48000 --points 16777216 --json "$dir/1d-$target-$passes.json" > "$dir/1d-$target-$passes.txt" 2>&1
    done
  done
  for s in "--size 65537 --batch 255" "--size 1000003 --batch 16"; do
    echo "== plan $s --plan measure"
    timeout 150 bash "$pack/run.sh" fftscope-cli plan --device NVIDIA $s --plan measure --wisdom "$dir/wisdom.json"
  done > "$dir/bluestein-measure.txt" 2>&1
}

# Every length 1 .. 2048 and a few with merged odd radices, as auto plans them on this GPU,
# against FFTW (f32 here, f64 in lengths64); mixed sizes with odd radices merged, timed again.
lengths_list() { echo "$(seq -s, 1 2048),2187,2835,3645,6561,10125"; }
lengths32() {
  local dir=$1
  timeout 280 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --variant auto --twiddle table --precision f32 \
    --sizes "$(lengths_list)" > "$dir/verify-lengths-f32.txt" 2>&1
  echo "exit $?" >> "$dir/verify-lengths-f32.txt"
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20 --variants auto)
  for passes in 6 4 3; do
    FFTSCOPE_ODD_INNER_PASSES=$passes "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$dir/2d-$passes.json" > "$dir/2d-$passes.txt" 2>&1
    FFTSCOPE_ODD_INNER_PASSES=$passes "${b[@]}" --sizes 1000,48000 --points 16777216 --json "$dir/1d-$passes.json" > "$dir/1d-$passes.txt" 2>&1
  done
}
lengths64() {
  local dir=$1
  timeout 400 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --variant auto --twiddle table --precision f64 \
    --sizes "$(lengths_list)" > "$dir/verify-lengths-f64.txt" 2>&1
  echo "exit $?" >> "$dir/verify-lengths-f64.txt"
}

# Radix 9 in the grouped passes (pairs of threes): lengths with a factor 9 verified as auto plans
# them on this GPU, and the mixed sizes timed beside VkFFT.
nines() {
  local dir=$1
  local sizes="$(seq -s, 9 9 1024),$(seq -s, 1053 27 2048),1080,1458,2187,2835,3645,6561,10125,19683"
  timeout 300 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --variant auto --twiddle table --precision f32 \
    --sizes "$sizes" > "$dir/verify-nines-f32.txt" 2>&1
  echo "exit $?" >> "$dir/verify-nines-f32.txt"
  local b=(timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --repeat 20 --variants auto --peers vkfft)
  "${b[@]}" --dims 2d --sizes 1080x1920,3000x4000 --batch 1 --json "$dir/any2d.json" > "$dir/any2d.txt" 2>&1
  "${b[@]}" --sizes 1000,12288,48000 --points 16777216 --json "$dir/any1d.json" > "$dir/any1d.txt" 2>&1
  cli bench-real --size 1080x1920 --peers vkfft --device NVIDIA > "$dir/real-1080x1920.txt" 2>&1
}

# Real transforms with the (un)tangling twiddles read from the pass's table.
realtw() {
  local dir=$1
  for args in "--size 4096x4096" "--size 4096x4096 --precision f64" "--size 1080x1920" "--size 16777216" "--size 16384 --batch 1024"; do
    echo "== bench-real $args --peers vkfft"
    cli bench-real $args --peers vkfft --device NVIDIA 2>&1
  done > "$dir/real.txt"
}

# Bluestein's FFTs meeting in one launch (FFTSCOPE_BLUESTEIN_MIDDLE) on and off, with each launch's
# time, beside plain FFTs of the convolution lengths; the hooked kernels' registers. small2d: the
# small 2D shapes under other group targets, odd-radix merges and runs.
meet() {
  local dir=$1
  for middle in 1 0; do
    FFTSCOPE_BLUESTEIN_MIDDLE=$middle timeout 100 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA \
      --variants auto --sizes 65537,1000003,2053,4099 --points 16777216 --json "$dir/middle$middle.json" \
      > "$dir/middle$middle.txt" 2>&1
  done
  cli bench --device NVIDIA --variants auto --sizes 147456,2097152,5120,16384 --points 16777216 \
    --json "$dir/plain.json" > "$dir/plain.txt" 2>&1
  FFTSCOPE_PRINT_KERNELS=1 cli bench --device NVIDIA --variants auto --sizes 65537,1000003 --points 16777216 \
    --repeat 3 2>&1 | grep -E "built on|Used|spill|^auto" | cut -c1-300 > "$dir/registers.txt"
}
# Bluestein's primes under other convolution lengths and lanes, with the FFTs meeting.
knobs() {
  local dir=$1
  for env in "X=0" "FFTSCOPE_LATER_LANES=16" "FFTSCOPE_LATER_LANES=4" "FFTSCOPE_STAGED_TWIDDLES=0" \
             "FFTSCOPE_BLUESTEIN_M=131072" "FFTSCOPE_BLUESTEIN_M=135168" "FFTSCOPE_BLUESTEIN_M=139968" \
             "FFTSCOPE_BLUESTEIN_M=143360" "FFTSCOPE_BLUESTEIN_M=165888"; do
    echo "== $env"
    env "$env" timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --sizes 65537 \
      --batch 255 --json "$dir/65537-${env#*_}.json" 2>&1 | grep -E "^auto|rror"
  done > "$dir/knobs-65537.txt" 2>&1
  for env in "X=0" "FFTSCOPE_LATER_LANES=16" "FFTSCOPE_BLUESTEIN_M=2048000" "FFTSCOPE_BLUESTEIN_M=2239488" \
             "FFTSCOPE_REGISTER_PASSES=prefer"; do
    echo "== $env"
    env "$env" timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --sizes 1000003 \
      --batch 16 --json "$dir/1000003-${env#*_}.json" 2>&1 | grep -E "^auto|rror"
  done > "$dir/knobs-1000003.txt" 2>&1
}
# Auto's plan as measured (--plan measure, every candidate timed once, the fastest kept) beside
# the estimate's, for the any-size cases.
measured() {
  local dir=$1
  local b=(timeout 200 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --peers vkfft --wisdom "$dir/wisdom.json")
  "${b[@]}" --plan measure --sizes 1000,12288,48000,65537,1000003 --points 16777216 --json "$dir/anysize-1d-measured.json" \
    > "$dir/anysize-1d-measured.txt" 2>&1
}
# Why a long row's later passes are slower than its first over the same bytes: each pass's time
# with the twiddles from the table, staged or not, and computed (sincos, native).
later() {
  local dir=$1
  for env in "X=0" "FFTSCOPE_STAGED_TWIDDLES=0" "FFTSCOPE_LATER_LANES=16"; do
    for tw in table sincos native; do
      env "$env" timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --twiddle $tw \
        --sizes 65536,2^20,2^21 --points 16777216 --json "$dir/later-${env#*_}-$tw.json" > "$dir/later-${env#*_}-$tw.txt" 2>&1
    done
  done
  FFTSCOPE_PRINT_KERNELS=1 cli bench --device NVIDIA --variants auto --sizes 2^21 --points 16777216 --repeat 3 2>&1 |
    grep -E "built on|Used|spill|^auto" | cut -c1-400 > "$dir/registers.txt"
}
# Outer twiddles from R/4 + 1 lookups a butterfly (FFTSCOPE_OUTER_STEPS) off and on: the cases
# with passes after others, each launch's time, then verification with them on.
steps() {
  local dir=$1
  for on in 0 1; do
    for p in f32 f64; do
      FFTSCOPE_OUTER_STEPS=$on timeout 120 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto \
        --precision $p --sizes 65536,2^20,2^21,2^24,12288,48000,65537,1000003 --points 16777216 \
        --json "$dir/steps$on-1d-$p.json" > "$dir/steps$on-1d-$p.txt" 2>&1
    done
    FFTSCOPE_OUTER_STEPS=$on timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --dims 2d \
      --sizes 4096,8192,3000x4000 --batch 1 --json "$dir/steps$on-2d.json" > "$dir/steps$on-2d.txt" 2>&1
  done
  for p in f32 f64; do
    FFTSCOPE_OUTER_STEPS=1 timeout 60 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --precision $p --variant auto \
      --twiddle table --dims all --max-log2 24 --max-log2-2d 13 > "$dir/verify-steps-$p.txt" 2>&1
    FFTSCOPE_OUTER_STEPS=1 timeout 60 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --precision $p --variant auto \
      --twiddle table --sizes 12288,48000,65537,1000003,147456,2097152,1080x1920,3000x4000 > "$dir/verify-steps-any-$p.txt" 2>&1
  done
}
# Verification of what `steps` did not reach: 2D sides 2 .. 8192 and 1D 2^24, f32 and f64.
verify2d() {
  local dir=$1
  for p in f32 f64; do
    timeout 120 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --precision $p --variant auto --twiddle table \
      --dims 2d --max-log2-2d 13 > "$dir/verify-2d-$p.txt" 2>&1
    timeout 60 bash "$pack/run.sh" fftscope-cli verify --device NVIDIA --precision $p --variant auto --twiddle table \
      --sizes 16777216 > "$dir/verify-2p24-$p.txt" 2>&1
  done
}
small2d() {
  local dir=$1
  for env in "X=0" "FFTSCOPE_GROUP_TARGET=64" "FFTSCOPE_GROUP_TARGET=256" "FFTSCOPE_GROUP_TARGET=512" \
             "FFTSCOPE_ODD_INNER_PASSES=4" "FFTSCOPE_RUN_BYTES=64" "FFTSCOPE_RUN_BYTES=256"; do
    echo "== $env"
    env "$env" timeout 60 bash "$pack/run.sh" fftscope-cli bench --device NVIDIA --variants auto --dims 2d \
      --sizes 1080x1920,3000x4000 --batch 1 --json "$dir/small2d-${env#*_}.json" 2>&1 | grep -E "^auto|rror"
  done > "$dir/small2d.txt" 2>&1
}
bluestein() { timeout 240 bash "$here/gpu_bluestein.sh" "$pack" "$1"; }
real() { timeout 200 bash "$here/gpu_real.sh" "$pack" "$1"; }
speed() { timeout 400 bash "$here/gpu_speed.sh" "$pack" "$1" auto f32\ f64; }
filter() { timeout 150 bash "$here/gpu_filter.sh" "$pack" "$1"; }

for part in "${parts[@]}"; do
  started=$(date +%s)
  mkdir -p "$out/$part"
  "$part" "$out/$part" > "$out/$part.log" 2>&1
  echo "$part: exit $? in $(( $(date +%s) - started )) s" >> "$out/steps.txt"
  (cd "$out" && tar czf "$part.tgz" "$part" "$part.log" && rm -rf "$part" "$part.log")
done
