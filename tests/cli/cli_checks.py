"""What the CLI test scripts share: running fftscope-cli with a time limit, and counting checks."""
import os
import subprocess
import sys


def runner(cli, base_env=None, default_timeout=300):
    """A run(*args, env=None, timeout=...) that returns the finished process; one that runs past
    the timeout comes back with exit status None and the time limit in its stderr."""
    def run(*args, env=None, timeout=default_timeout):
        environment = {**os.environ, **(base_env or {}), **(env or {})}
        try:
            return subprocess.run([cli, *args], capture_output=True, text=True, env=environment, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            return subprocess.CompletedProcess(e.cmd, None, e.stdout or "", f"(killed after {timeout} s)")
    return run


class Checks:
    def __init__(self):
        self.failures = []
        self.checked = 0

    def expect(self, name, ok, r=None):
        self.checked += 1
        if not ok:
            detail = f": exit {r.returncode}, stdout {r.stdout[-600:]!r}, stderr {r.stderr[-600:]!r}" if r else ""
            self.failures.append(name + detail)

    def finish(self):
        """Prints every failure and the counts; exits 1 when a check failed."""
        for f in self.failures:
            print("FAIL:", f)
        print(f"{self.checked - len(self.failures)} passed, {len(self.failures)} failed")
        sys.exit(1 if self.failures else 0)
