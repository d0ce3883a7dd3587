"""PyOpenCL arrays transformed in their own context and on their own queue, with no copy: the
engine works on the array's buffer (retained, never copied) through the array's queue, and the
result is a PyOpenCL array on that queue. PyOpenCL is imported only when the caller has."""

import sys

from . import _engine
from ._device_array import _DTYPES, DeviceArray


def is_array(a):
    module = sys.modules.get("pyopencl.array")
    return module is not None and isinstance(a, module.Array)


def is_queue(q):
    module = sys.modules.get("pyopencl")
    return module is not None and isinstance(q, module.CommandQueue)


def queue_selector(queue):
    """The device selector the engine reads as this queue (and its context)."""
    return f"cl-queue:{queue.int_ptr}"


def wrap(a):
    """The PyOpenCL array as a DeviceArray over the same memory, used through its queue."""
    if a.dtype.type not in _DTYPES:
        raise TypeError(f"PyOpenCL arrays of float32, float64, complex64 or complex128 are transformed, not {a.dtype}")
    if not a.flags.c_contiguous or a.offset != 0:
        raise ValueError("a PyOpenCL array is transformed in place only when C-contiguous and at its buffer's start")
    handle = 0 if a.size == 0 else a.base_data.int_ptr
    return DeviceArray(_engine.DeviceBuffer.wrap(queue_selector(a.queue), handle, a.nbytes), a.shape, a.dtype)


def run(plan, a, out):
    """Runs plan (made for the array's queue) on a PyOpenCL array into out, or a new array."""
    import pyopencl.array as cla

    step = plan.steps[-1]
    if out is None:
        out = cla.empty(a.queue, tuple(step.out_shape), step.out_dtype)
    elif not is_array(out):
        raise ValueError("out for a PyOpenCL array must be a PyOpenCL array")
    plan(wrap(a), out=wrap(out))
    return out
