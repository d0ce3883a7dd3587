"""Building kernels prints nothing of its own: on a fresh program cache, verify writes no stray
compiler lines such as PoCL's "3 warnings generated." to stderr (a build log worth reading comes
with its program and device under FFTSCOPE_PRINT_KERNELS=1)."""
import os
import subprocess
import sys
import tempfile

cli = sys.argv[1]
with tempfile.TemporaryDirectory() as cache:
    env = dict(os.environ, POCL_CACHE_DIR=cache)
    env.pop("FFTSCOPE_PRINT_KERNELS", None)
    run = subprocess.run([cli, "verify", "--sizes", "8,60"], env=env, capture_output=True, text=True, timeout=600)
stray = [line for line in run.stderr.splitlines() if "warning" in line.lower()]
if run.returncode != 0:
    sys.exit(f"verify failed ({run.returncode}):\n{run.stdout}\n{run.stderr}")
if stray:
    sys.exit(f"{len(stray)} stray compiler lines on stderr, the first:\n" + "\n".join(stray[:3]))
print("no stray compiler output")
