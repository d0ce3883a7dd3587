"""NumPy's FFT interface (numpy.fft) over the engine's plans. Arguments and results follow NumPy
2's: float32 and complex64 stay in single precision, other inputs are promoted to double."""

import numpy as np

from . import _pyopencl
from ._device_array import DeviceArray
from ._plan import plan_cache

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
           "irfftn", "hfft", "ihfft"]

_SWAP = {None: "forward", "backward": "forward", "ortho": "ortho", "forward": "backward"}


def _input(a, real):
    a = np.asarray(a)
    single = a.dtype in (np.float32, np.complex64) or a.dtype == np.float16
    if real:
        if a.dtype.kind == "c":
            raise TypeError("a real transform of complex input: use fft or take the real part")
        return a.astype(np.float32 if single else np.float64, copy=False)
    return a.astype(np.complex64 if single else np.complex128, copy=False)


def _run(a, kind, axes, s, norm, out, device):
    if type(a) is np.ndarray and s is None and out is None:
        # The common case first: a cached plan for an array it reads as it is.
        plan = plan_cache.find_direct(a, axes, norm, device, kind)
        if plan is not None:
            return plan.run_direct(a)
    if isinstance(a, DeviceArray):
        # Transformed where it is, in its own dtype (Plan._run_device).
        plan = plan_cache.get(a.shape, a.dtype, axes, norm, a.device_index if device is None else device, kind, s)
        return plan(a, out)
    if _pyopencl.is_array(a):
        # On the array's own queue and context, into a PyOpenCL array there.
        plan = plan_cache.get(a.shape, a.dtype, axes, norm, a.queue if device is None else device, kind, s)
        return plan(a, out)
    a = _input(a, kind == "rfft")
    if a.ndim == 0:
        raise ValueError("a transform needs an array of at least one dimension")
    plan = plan_cache.get(a.shape, a.dtype, axes, norm, device, kind, s)
    return plan(a, out)


def _one_axis(a, n, axis, norm, out, device, kind):
    return _run(a, kind, (axis,), None if n is None else (n,), norm, out, device)


def _host_only(a, name):
    if isinstance(a, DeviceArray) or _pyopencl.is_array(a):
        raise TypeError(f"{name} takes host arrays; a device array's conjugate would need a copy")


def _nd_args(a, s, axes):
    ndim = np.ndim(a)
    if axes is None:
        axes = tuple(range(-len(s), 0)) if s is not None else tuple(range(ndim))
    axes = tuple(axes)
    if s is not None and len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    return s, axes


def fft(a, n=None, axis=-1, norm=None, out=None, *, device=None):
    return _one_axis(a, n, axis, norm, out, device, "fft")


def ifft(a, n=None, axis=-1, norm=None, out=None, *, device=None):
    return _one_axis(a, n, axis, norm, out, device, "ifft")


def rfft(a, n=None, axis=-1, norm=None, out=None, *, device=None):
    return _one_axis(a, n, axis, norm, out, device, "rfft")


def irfft(a, n=None, axis=-1, norm=None, out=None, *, device=None):
    return _one_axis(a, n, axis, norm, out, device, "irfft")


def hfft(a, n=None, axis=-1, norm=None, out=None, *, device=None):
    """The FFT of a Hermitian-symmetric signal given by its first half: irfft of the conjugate
    with the opposite normalisation."""
    _host_only(a, "hfft")
    return irfft(np.conjugate(a), n, axis, _SWAP[norm] if norm in _SWAP else norm, out, device=device)


def ihfft(a, n=None, axis=-1, norm=None, out=None, *, device=None):
    _host_only(a, "ihfft")
    result = rfft(a, n, axis, _SWAP[norm] if norm in _SWAP else norm, device=device)
    return np.conjugate(result, out=out)


def fftn(a, s=None, axes=None, norm=None, out=None, *, device=None):
    s, axes = _nd_args(a, s, axes)
    return _run(a, "fft", axes, s, norm, out, device)


def ifftn(a, s=None, axes=None, norm=None, out=None, *, device=None):
    s, axes = _nd_args(a, s, axes)
    return _run(a, "ifft", axes, s, norm, out, device)


def rfftn(a, s=None, axes=None, norm=None, out=None, *, device=None):
    s, axes = _nd_args(a, s, axes)
    return _run(a, "rfft", axes, s, norm, out, device)


def irfftn(a, s=None, axes=None, norm=None, out=None, *, device=None):
    s, axes = _nd_args(a, s, axes)
    return _run(a, "irfft", axes, s, norm, out, device)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, device=None):
    return fftn(a, s, axes, norm, out, device=device)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, device=None):
    return ifftn(a, s, axes, norm, out, device=device)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, device=None):
    return rfftn(a, s, axes, norm, out, device=device)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None, *, device=None):
    return irfftn(a, s, axes, norm, out, device=device)
