"""Arrays that stay on an OpenCL device between transforms: upload once (to_device), transform
any number of times (the functions and plans take and return them), download once (get)."""

import math

import numpy as np

from . import _engine

_DTYPES = (np.float32, np.float64, np.complex64, np.complex128)


class DeviceArray:
    """A C-contiguous array in an OpenCL device's memory. Made by to_device or empty, and by
    transforms of device arrays; np.asarray(a) or a.get() copies it to the host."""

    __array_ufunc__ = None  # NumPy's functions would copy it to the host behind the caller's back

    def __init__(self, buffer, shape, dtype):
        self._buffer, self.shape, self.dtype = buffer, tuple(shape), np.dtype(dtype)

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: math.prod(self.shape))
    nbytes = property(lambda self: self._buffer.bytes)
    device = property(lambda self: self._buffer.device_name, doc="the device's name")
    device_index = property(lambda self: self._buffer.device_index)
    freed = property(lambda self: self._buffer.freed)

    def get(self, out=None):
        """The array on the host (into out, C-contiguous of the same shape and dtype, if given)."""
        if out is None:
            out = np.empty(self.shape, self.dtype)
        elif out.shape != self.shape or out.dtype != self.dtype:
            raise ValueError(f"out is {out.dtype} {out.shape}; the device array {self.dtype} {self.shape}")
        self._buffer.download(out)
        return out

    def __array__(self, dtype=None, copy=None):
        host = self.get()
        return host if dtype is None else host.astype(dtype, copy=False)

    def set(self, a):
        """Uploads a host array of the same shape into this one (cast to its dtype)."""
        a = np.ascontiguousarray(a, self.dtype)
        if a.shape != self.shape:
            raise ValueError(f"a has shape {a.shape}; the device array {self.shape}")
        self._buffer.upload(a)

    def synchronize(self):
        """Waits until the transforms queued on the array's device are done."""
        self._buffer.finish()

    def free(self):
        """Gives the device memory back now; using the array afterwards raises ValueError."""
        self._buffer.free()

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d device array")
        return self.shape[0]

    def __repr__(self):
        where = "freed" if self.freed else f"on {self.device}"
        return f"DeviceArray(shape={self.shape}, dtype={self.dtype}, {where})"


def _device_selector(device):
    from ._plan import _device_key
    return _device_key(device)


def empty(shape, dtype=np.complex64, device=None):
    """An uninitialised device array (float32, float64, complex64 or complex128)."""
    shape = (int(shape),) if np.ndim(shape) == 0 else tuple(int(d) for d in shape)
    dtype = np.dtype(dtype)
    if dtype.type not in _DTYPES:
        raise TypeError(f"device arrays hold float32, float64, complex64 or complex128, not {dtype}")
    buffer = _engine.DeviceBuffer(_device_selector(device), math.prod(shape) * dtype.itemsize)
    return DeviceArray(buffer, shape, dtype)


def to_device(a, device=None, dtype=None):
    """Uploads a host array (read in place when C-contiguous). Integers and bools become float64,
    float16 float32, as the transforms would compute them; dtype names another."""
    a = np.asarray(a)
    if dtype is None:
        dtype = a.dtype
        if dtype.kind in "biu" or dtype == np.longdouble:
            dtype = np.float64
        elif dtype == np.float16:
            dtype = np.float32
        elif dtype == np.clongdouble:
            dtype = np.complex128
    result = empty(a.shape, dtype, device)
    result.set(a)
    return result
