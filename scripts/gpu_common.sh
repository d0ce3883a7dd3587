# What the one-part GPU scripts (gpu_rader.sh, gpu_rows.sh, ...) share, sourced by them:
#   gpu_begin PACK OUT NAME  results go to $work = OUT/NAME, the machine's description first;
#   cli ARGS...              the packed fftscope-cli under a time limit ($cli_seconds, 150 unless set);
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
gpu_end() {
  date -u >> "$work/machine.txt"
  (cd "$out" && tar czf "$name.tgz" "$name" && rm -rf "$name")
}
