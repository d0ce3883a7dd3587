#!/usr/bin/env bash
# The image workspace's round trip (bench-filter) on the GPU machine, both paths: the device path
# (mask and output samples made on the device, pinned read-back; clip, stretch and 16-bit offset)
# and the host-mask path (a host mask uploaded, float planes read back), one log per run and the
# medians side by side in summary.txt:
#   (here)   bash ../shared/gpu/pack.sh .gpu build/app/cli/fftscope-cli build/tests/device_mask_tests
#            strip .gpu/bin/*   # optional: the pack shrinks from about 60 MB to a few
#   (there)  bash scripts/gpu_filter.sh .gpu OUTDIR
# When the pack holds device_mask_tests, the masks made on the GPU are first checked against the
# host's there (device-mask-tests.txt); bench-filter checks the output samples itself.
# FFTSCOPE_GPU picks the device (default NVIDIA; empty: the CLI's default); FILTER_CASES
# ("ROWSxCOLS:PLANES ...") and FILTER_REPEAT change the cases and repeats, e.g. for a short run
# on PoCL: FFTSCOPE_GPU= FILTER_CASES="64x64:1 75x100:3" bash scripts/gpu_filter.sh .gpu out/filter
set -u
pack=$1
out=$2
cases=${FILTER_CASES:-"4096x4096:1 4096x4096:3 1024x1024:3"}
repeat=${FILTER_REPEAT:-50}
gpu=${FFTSCOPE_GPU-NVIDIA}
device=()
[ -n "$gpu" ] && device=(--device "$gpu")
mkdir -p "$out"
: > "$out/summary.txt"
cli() { timeout 300 bash "$pack/run.sh" fftscope-cli "$@"; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv; } > "$out/machine.txt" 2>&1
status=0
if [ -x "$pack/bin/device_mask_tests" ]; then
  FFTSCOPE_DEVICE=$gpu timeout 300 bash "$pack/run.sh" device_mask_tests > "$out/device-mask-tests.txt" 2>&1 || status=1
  { echo "== device_mask_tests"; grep -E "PASSED|FAILED|SKIPPED" "$out/device-mask-tests.txt"; } >> "$out/summary.txt"
fi
for case in $cases; do
  size=${case%:*}
  planes=${case#*:}
  for run in "host-mask" "device clip 8" "device stretch 8" "device offset 16"; do
    read -r path range depth <<< "$run"
    name="bench-filter-${size}x${planes}-${path}${range:+-$range}${depth:+-$depth}"
    args=(bench-filter --size "$size" --planes "$planes" --repeat "$repeat" --path "$path" "${device[@]}")
    [ -n "${range:-}" ] && args+=(--range "$range" --bit-depth "$depth")
    echo "== fftscope-cli ${args[*]}" > "$out/$name.txt"
    cli "${args[@]}" >> "$out/$name.txt" 2>&1 || { echo "exit $? (see $name.txt)" >> "$out/$name.txt"; status=1; }
    { echo "== $name"; grep -E "median|checked|exit" "$out/$name.txt"; } >> "$out/summary.txt"
  done
done
cat "$out/summary.txt"
exit $status
