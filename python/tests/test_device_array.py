"""Device arrays: uploaded once, transformed many times on the device, downloaded once; the
engine's record of host-device copies shows that the transforms in between make none."""

import numpy as np
import pytest

import fftscope
from fftscope import _engine

pytestmark = pytest.mark.skipif(not fftscope.devices(), reason="device arrays need an OpenCL device")
RNG = np.random.default_rng(11)


def _complex(shape, dtype):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def _close(got, want, dtype):
    tol = 2e-4 if np.dtype(dtype) in (np.dtype(np.float32), np.dtype(np.complex64)) else 1e-10
    scale = max(1.0, float(np.abs(want).max()))
    assert np.abs(np.asarray(got) - want).max() <= tol * scale


def _transfers():
    return [(t["upload"], t["bytes"]) for t in _engine.take_transfers()]


@pytest.fixture
def recorded():
    _engine.record_transfers(True)
    _engine.take_transfers()
    yield _transfers
    _engine.record_transfers(False)


def test_round_trip_keeps_shape_dtype_and_values():
    x = _complex((5, 48), np.complex128)
    d = fftscope.to_device(x)
    assert isinstance(d, fftscope.DeviceArray)
    assert (d.shape, d.dtype, d.ndim, d.size, d.nbytes) == (x.shape, x.dtype, 2, x.size, x.nbytes)
    assert np.array_equal(d.get(), x) and np.array_equal(np.asarray(d), x)
    assert fftscope.to_device(np.arange(6)).dtype == np.float64  # integers promoted as the transforms do


def _chain(d):
    y = fftscope.fft(d)
    z = fftscope.ifft(y, norm="ortho")
    w = fftscope.fft2(z, norm="forward")
    back = fftscope.ifft(fftscope.fft(d))
    return y, z, w, back


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_transforms_stay_on_the_device(recorded, dtype):
    x = _complex((8, 256), dtype)
    _chain(fftscope.to_device(x))  # builds the plans: their tables go up once, when they are made
    recorded()
    d = fftscope.to_device(x)
    assert recorded() == [(True, x.nbytes)]
    y, z, w, back = _chain(d)
    assert all(isinstance(r, fftscope.DeviceArray) for r in (y, z, w, back))
    assert recorded() == [], "a transform of device arrays copied to or from the host"
    got = w.get()
    assert recorded() == [(False, x.nbytes)]
    want = np.fft.fft2(np.fft.ifft(np.fft.fft(x), norm="ortho"), norm="forward")
    _close(got, want, dtype)
    _close(back, x, dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_real_transforms_on_the_device(dtype):
    x = RNG.standard_normal((3, 100)).astype(dtype)
    half = fftscope.rfft(fftscope.to_device(x))
    assert half.shape == (3, 51) and half.dtype == np.result_type(dtype, np.complex64)
    _close(half, np.fft.rfft(x), dtype)
    back = fftscope.irfft(half, n=100)
    assert back.dtype == dtype
    _close(back, x, dtype)


@pytest.mark.parametrize("shape", [(24, 40), (3, 16, 30)])
def test_real_2d_transforms_on_the_device(shape):
    x = RNG.standard_normal(shape)
    half = fftscope.rfft2(fftscope.to_device(x), norm="ortho")
    assert half.shape == shape[:-1] + (shape[-1] // 2 + 1,) and half.dtype == np.complex128
    _close(half, np.fft.rfft2(x, norm="ortho"), np.float64)
    back = fftscope.irfftn(half, s=shape[-2:], axes=(-2, -1), norm="ortho")
    assert back.shape == shape
    _close(back, x, np.float64)
    refused = {"axes": None} if len(shape) == 3 else {"axes": (-1, -2)}  # all three axes; the half axis first
    with pytest.raises(ValueError, match="last axis or its last two"):
        fftscope.rfftn(fftscope.to_device(x), **refused)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_transforms_along_any_axes_on_the_device(dtype):
    x = _complex((6, 20, 12), dtype)
    d = fftscope.to_device(x)
    for call, want in [(lambda: fftscope.fft(d, axis=0), np.fft.fft(x, axis=0)),
                       (lambda: fftscope.ifft(d, axis=1, norm="ortho"), np.fft.ifft(x, axis=1, norm="ortho")),
                       (lambda: fftscope.fftn(d), np.fft.fftn(x)),
                       (lambda: fftscope.ifftn(d, axes=(0, 2)), np.fft.ifftn(x, axes=(0, 2))),
                       (lambda: fftscope.fft2(d, axes=(1, 0)), np.fft.fft2(x, axes=(1, 0)))]:
        got = call()
        assert isinstance(got, fftscope.DeviceArray) and got.shape == x.shape and got.dtype == dtype
        _close(got, want, dtype)
    assert np.array_equal(d.get(), x)  # the input is left as it was
    out = fftscope.empty(x.shape, dtype)
    plan = fftscope.Plan(x.shape, dtype, axes=(0,))
    assert plan(d, out=out) is out
    _close(out, np.fft.fft(x, axis=0), dtype)
    with pytest.raises(ValueError, match="distinct"):
        plan(d, out=d)


def test_plans_take_device_arrays_and_out():
    x = _complex((4, 64), np.complex64)
    plan = fftscope.Plan(x.shape, np.complex64, norm="ortho")
    d = fftscope.to_device(x)
    out = fftscope.empty(x.shape, np.complex64)
    assert plan(d, out=out) is out
    _close(out, np.fft.fft(x, norm="ortho"), np.complex64)
    assert np.allclose(plan(x), out.get(), atol=1e-5)  # host arrays still work


def test_errors_are_clear():
    x = _complex((4, 64), np.complex64)
    d = fftscope.to_device(x)
    with pytest.raises(TypeError, match="complex128"):
        fftscope.Plan(x.shape, np.complex128)(d)
    with pytest.raises(ValueError, match="own lengths"):
        fftscope.fft(d, n=32)
    with pytest.raises(ValueError, match="real transform of a device array runs along its last axis or its last two"):
        fftscope.rfft(fftscope.to_device(x.real.copy()), axis=0)
    with pytest.raises(TypeError, match="host arrays"):
        fftscope.hfft(d)
    with pytest.raises(ValueError, match="FFTW"):
        fftscope.fft(d, device="fftw")
    with pytest.raises(ValueError, match="device arrays need an OpenCL device"):
        fftscope.to_device(x, device="fftw")
    with pytest.raises(TypeError):
        np.add(d, 1)  # NumPy's functions would copy it to the host
    d.free()
    assert d.freed and "freed" in repr(d)
    with pytest.raises(ValueError, match="was freed"):
        fftscope.fft(d)
    with pytest.raises(ValueError, match="was freed"):
        d.get()


def test_empty_and_zero_length():
    e = fftscope.to_device(np.zeros((0, 8), np.complex64))
    assert fftscope.fft(e).shape == (0, 8) and e.get().shape == (0, 8)
