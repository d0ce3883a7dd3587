"""PyOpenCL arrays: transformed in their own context and on their own queue, on their own
buffers (no host copy: the engine's transfer record stays empty), the result a PyOpenCL array."""

import numpy as np
import pytest

import fftscope
from fftscope import _engine

cl = pytest.importorskip("pyopencl")
cla = pytest.importorskip("pyopencl.array")
pytestmark = pytest.mark.skipif(not fftscope.devices(), reason="needs an OpenCL device")
RNG = np.random.default_rng(3)


@pytest.fixture(scope="module")
def queue():
    context = cl.Context([cl.get_platforms()[0].get_devices()[0]])
    # Profiling on, so that the engine can record copies on it (DeviceContext::recordTransfers).
    return cl.CommandQueue(context, properties=cl.command_queue_properties.PROFILING_ENABLE)


def _complex(shape, dtype):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def _chain(a):
    y = fftscope.fft(a, norm="ortho")
    return y, fftscope.ifft(y, norm="ortho"), fftscope.fft2(a)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_fft_of_a_pyopencl_array_is_one(queue, dtype):
    x = _complex((6, 200), dtype)
    a = cla.to_device(queue, x)
    _chain(a)  # the plans are made (their tables uploaded) first
    _engine.record_transfers(True)
    _engine.take_transfers()
    try:
        y, back, z = _chain(a)
        assert _engine.take_transfers() == [], "a PyOpenCL array was copied through the host"
    finally:
        _engine.record_transfers(False)
    for r in (y, back, z):
        assert isinstance(r, cla.Array) and r.queue is queue and r.dtype == dtype
    tol = 2e-4 if dtype == np.complex64 else 1e-10
    assert np.allclose(y.get(), np.fft.fft(x, norm="ortho"), atol=tol * 10)
    assert np.allclose(back.get(), x, atol=tol * 10)
    assert np.allclose(z.get(), np.fft.fft2(x), atol=tol * 100)


def test_other_axes_stay_on_the_queue(queue):
    x = _complex((5, 12, 8), np.complex64)
    a = cla.to_device(queue, x)
    fftscope.fftn(a, axes=(0, 1))  # the plans are made first
    _engine.record_transfers(True)
    _engine.take_transfers()
    try:
        y = fftscope.fftn(a, axes=(0, 1))
        assert _engine.take_transfers() == [], "a PyOpenCL array was copied through the host"
    finally:
        _engine.record_transfers(False)
    assert isinstance(y, cla.Array) and y.queue is queue and y.shape == x.shape
    assert np.allclose(y.get(), np.fft.fftn(x, axes=(0, 1)), atol=1e-3)


def test_real_transforms_and_plans(queue):
    x = RNG.standard_normal((3, 64)).astype(np.float32)
    half = fftscope.rfft(cla.to_device(queue, x))
    assert isinstance(half, cla.Array) and half.dtype == np.complex64 and half.shape == (3, 33)
    assert np.allclose(half.get(), np.fft.rfft(x), atol=1e-4)
    plan = fftscope.Plan((3, 33), np.complex64, kind="irfft", device=queue)
    out = cla.empty(queue, (3, 64), np.float32)
    assert plan(half, out=out) is out
    assert np.allclose(out.get(), x, atol=1e-5)


def test_results_follow_work_queued_before(queue):
    a = cla.zeros(queue, (4, 128), np.complex64)
    a.fill(np.complex64(2))  # queued by PyOpenCL on the same queue, before the transform
    y = fftscope.fft(a)
    want = np.zeros((4, 128), np.complex64)
    want[:, 0] = 256
    assert np.allclose(y.get(), want)


def test_errors(queue):
    a = cla.to_device(queue, _complex((4, 16), np.complex64))
    with pytest.raises(ValueError, match="C-contiguous"):
        fftscope.fft(a[:, ::2])
    with pytest.raises(TypeError, match="host arrays"):
        fftscope.hfft(a)
    with pytest.raises(TypeError, match="float32"):
        fftscope.fft(cla.to_device(queue, np.arange(8, dtype=np.int32)))
    with pytest.raises(ValueError, match="plan runs on"):
        fftscope.fft(a, device=0)  # the module's own context, not the array's
