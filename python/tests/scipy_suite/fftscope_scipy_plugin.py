"""A pytest plugin that runs SciPy's own scipy.fft tests (read from the installed SciPy, never
edited) with fftscope.scipy_backend as SciPy's global backend. Cases that do not apply or that differ
on purpose are marked here, each with why (docs/python.md lists them)."""

import pytest
import scipy.fft

import fftscope

# node id suffix -> why it is expected to fail with the backend set.
EXPECTED_FAILURES = {}
# part of a node id -> why it cannot run with the backend set.
FORKS = ("forks worker processes after the parent has used OpenCL; an OpenCL runtime does not survive "
         "fork, and the children hang")
SKIPS = {
    "test_numpy.py::test_multiprocess[": FORKS,
    "test_multithreading.py::test_mixed_threads_processes": FORKS,
}


# The global backend, not set_backend's context: that is per thread, and SciPy's thread-safety
# tests compare results computed in other threads with one computed in the test's own.
# SciPy's own backend, registered, runs what fftscope declines.
def pytest_configure(config):
    scipy.fft.set_global_backend(fftscope.scipy_backend)
    scipy.fft.register_backend("scipy")


def pytest_unconfigure(config):
    scipy.fft.set_global_backend("scipy")


def pytest_collection_modifyitems(config, items):
    for item in items:
        for suffix, why in EXPECTED_FAILURES.items():
            if item.nodeid.endswith(suffix):
                item.add_marker(pytest.mark.xfail(reason=why, strict=True))
        for part, why in SKIPS.items():
            if part in item.nodeid:
                item.add_marker(pytest.mark.skip(reason=why))
