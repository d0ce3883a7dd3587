"""fftscope.scipy_backend under scipy.fft.set_backend: served functions match SciPy's own, the
rest is declined to SciPy."""

import numpy as np
import pytest
import scipy.fft

import fftscope

RNG = np.random.default_rng(11)


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fftn", "ifftn", "rfftn",
                                  "irfftn", "fft2", "ifft2", "rfft2", "irfft2"])
def test_served_functions_match_scipy(name):
    real = name in ("rfft", "ihfft", "rfftn", "rfft2")
    x = RNG.standard_normal((6, 10)) if real else RNG.standard_normal((6, 10)) + 1j * RNG.standard_normal((6, 10))
    want = getattr(scipy.fft, name)(x, norm="ortho")
    fftscope.plan_cache.clear()
    with scipy.fft.set_backend(fftscope.scipy_backend, only=True):
        got = getattr(scipy.fft, name)(x, norm="ortho", workers=4, overwrite_x=False)
    assert len(fftscope.plan_cache) >= 1  # fftscope planned it
    assert got.shape == want.shape and np.allclose(got, want, atol=1e-10)


def test_single_precision_stays_single():
    x = RNG.standard_normal(64).astype(np.float32)
    with scipy.fft.set_backend(fftscope.scipy_backend, only=True):
        assert scipy.fft.rfft(x).dtype == np.complex64


def test_positional_workers_do_not_become_out():
    x = RNG.standard_normal(16) + 0j
    with scipy.fft.set_backend(fftscope.scipy_backend, only=True):
        got = scipy.fft.fft(x, None, -1, None, False, 2)
    assert np.allclose(got, scipy.fft.fft(x))


def test_unserved_work_falls_back_to_scipy():
    x = RNG.standard_normal(16)
    with scipy.fft.set_backend(fftscope.scipy_backend):
        assert np.allclose(scipy.fft.dct(x), scipy.fft.dct(x, workers=1))
        long = scipy.fft.fft(x.astype(np.longdouble))
    assert long.dtype == np.clongdouble


def test_declines_directly():
    assert fftscope.scipy_backend.__ua_function__(scipy.fft.dct, (np.ones(4),), {}) is NotImplemented
    assert fftscope.scipy_backend.__ua_domain__ == "numpy.scipy.fft"
