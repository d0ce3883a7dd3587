"""fftscope's functions against numpy.fft: values, dtypes, shapes, arguments and errors."""

import threading

import numpy as np
import pytest

import fftscope

RNG = np.random.default_rng(7)
DEVICES = [None, "fftw"]


def _complex(shape, dtype=np.complex128):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def _tolerance(dtype):
    return 2e-4 if dtype in (np.float32, np.complex64) else 1e-10


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("n", [1, 7, 16, 30, 97, 1000])
def test_fft_matches_numpy(device, dtype, n):
    x = _complex((3, n), dtype)
    got = fftscope.fft(x, device=device)
    assert got.dtype == dtype
    want = np.fft.fft(x.astype(np.complex128))
    assert np.allclose(got, want, rtol=_tolerance(dtype), atol=_tolerance(dtype) * np.sqrt(n))
    back = fftscope.ifft(got, device=device)
    assert np.allclose(back, x, atol=_tolerance(dtype) * 10)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 2, 9, 64, 250])
def test_real_transforms_match_numpy(device, dtype, n):
    x = RNG.standard_normal((4, n)).astype(dtype)
    half = fftscope.rfft(x, device=device)
    assert half.dtype == (np.complex64 if dtype == np.float32 else np.complex128)
    assert half.shape == (4, n // 2 + 1)
    tol = _tolerance(dtype) * np.sqrt(n) * 10
    assert np.allclose(half, np.fft.rfft(x), atol=tol)
    back = fftscope.irfft(half, n, device=device)
    assert back.dtype == dtype and back.shape == x.shape
    assert np.allclose(back, x, atol=tol)


@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "hfft", "ihfft"])
def test_one_axis_arguments(norm, name):
    x = _complex((5, 6, 12)) if name in ("fft", "ifft", "hfft") else RNG.standard_normal((5, 6, 12))
    for n in (None, 5, 20):
        for axis in (0, 1, -1):
            got = getattr(fftscope, name)(x, n=n, axis=axis, norm=norm)
            want = getattr(np.fft, name)(x, n=n, axis=axis, norm=norm)
            assert got.shape == want.shape
            assert np.allclose(got, want, atol=1e-9)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "fft2", "ifft2", "rfft2"])
@pytest.mark.parametrize("s, axes", [(None, None), ((4, 10), (0, 2)), (None, (1, 0)), ((3, 3, 8), None)])
def test_n_dimensional(name, s, axes):
    x = RNG.standard_normal((6, 5, 8))
    if name.endswith("2") and axes is None:
        axes = (-2, -1)
        s = None if s is None else s[-2:]
    got = getattr(fftscope, name)(x, s=s, axes=axes)
    want = getattr(np.fft, name)(x, s=s, axes=axes)
    assert got.shape == want.shape
    assert np.allclose(got, want, atol=1e-9)


@pytest.mark.parametrize("s", [None, (6, 9), (4, 8)])
def test_irfftn_matches_numpy(s):
    half = np.fft.rfftn(RNG.standard_normal((3, 6, 8)), axes=(1, 2))
    got = fftscope.irfftn(half, s=s, axes=(1, 2))
    want = np.fft.irfftn(half, s=s, axes=(1, 2))
    assert got.shape == want.shape and np.allclose(got, want, atol=1e-12)


def test_integers_and_bools_promote_to_double():
    assert fftscope.fft(np.arange(8)).dtype == np.complex128
    assert fftscope.rfft(np.ones(8, bool)).dtype == np.complex128
    assert np.allclose(fftscope.fft(np.arange(8)), np.fft.fft(np.arange(8)))


def test_out_receives_the_result():
    x = _complex(16)
    out = np.empty(16, np.complex128)
    assert fftscope.fft(x, out=out) is out
    assert np.allclose(out, np.fft.fft(x))
    with pytest.raises(ValueError):
        fftscope.fft(x, out=np.empty(8, np.complex128))


def test_errors():
    with pytest.raises(ValueError):
        fftscope.fft([1, 2, 3], n=0)
    with pytest.raises(ValueError):
        fftscope.fft(np.array(1.0))
    with pytest.raises(ValueError):
        fftscope.fft([1, 2], norm="sideways")
    with pytest.raises(ValueError, match="Invalid number"):
        fftscope.ifft([])
    # Without an OpenCL platform no device can be named at all: a RuntimeError, not a bad argument.
    with pytest.raises(ValueError if fftscope.devices() else RuntimeError, match="device"):
        fftscope.fft([1, 2, 3], device="no such device")


def test_empty_batches_give_empty_results():
    got = fftscope.fft(np.zeros((0, 8)))
    assert got.shape == (0, 8) and got.dtype == np.complex128


def test_plan_runs_many_times_and_is_cached():
    plan = fftscope.Plan((4, 32), np.complex64, axes=(-1,), norm="ortho")
    for _ in range(3):
        x = _complex((4, 32), np.complex64)
        assert np.allclose(plan(x), np.fft.fft(x, norm="ortho"), atol=1e-4)
    fftscope.plan_cache.clear()
    fftscope.fft(np.ones(64))
    fftscope.fft(np.ones(64))
    assert len(fftscope.plan_cache) == 1


def test_threads_share_the_cache():
    x = _complex((8, 128))
    want = np.fft.fft(x)
    errors = []

    def work():
        for _ in range(5):
            if not np.allclose(fftscope.fft(x), want, atol=1e-9):
                errors.append("mismatch")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_devices_lists_dicts():
    for d in fftscope.devices():
        assert {"index", "name", "type"} <= set(d)


def test_helpers_are_numpys():
    assert np.allclose(fftscope.fftfreq(8, 0.5), np.fft.fftfreq(8, 0.5))
    assert np.allclose(fftscope.fftshift(np.arange(5)), np.fft.fftshift(np.arange(5)))
