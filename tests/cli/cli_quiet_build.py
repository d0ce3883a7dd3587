"""Building kernels prints nothing of its own: on a fresh program cache, verify writes no stray
compiler lines such as PoCL's "3 warnings generated." to stderr (a build log worth reading comes
with its program and device under FFTSCOPE_PRINT_KERNELS=1)."""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from script_checks import Checks, runner  # noqa: E402

checks = Checks()
with tempfile.TemporaryDirectory() as cache:
    env = dict(os.environ, POCL_CACHE_DIR=cache)
    env.pop("FFTSCOPE_PRINT_KERNELS", None)
    run = runner(sys.argv[1], env, timeout=600)
    verify = run("verify", "--sizes", "8,60")
stray = [line for line in verify.stderr.splitlines() if "warning" in line.lower()]
checks.check("verify exits 0", verify.returncode == 0, verify)
checks.check("no stray compiler lines on stderr", not stray, f"{len(stray)}, the first:\n" + "\n".join(stray[:3]))
checks.finish()
