"""Plans: a transform of one array shape and dtype over given axes, built once and run many times.

A plan is a list of engine steps (fftscope._engine.Transform): a complex transform along one axis
or over the last two axes together, and the real transforms (rfft, irfft) along the last of the
plan's axes. Each step runs on C-contiguous arrays with the transformed axis (or two) last, so a
NumPy array already laid out that way is read in place.
"""

import collections
import math
import threading
import warnings

import numpy as np

from . import _engine, _pyopencl
from ._device_array import DeviceArray

_NORMS = ("backward", "ortho", "forward")
_KINDS = ("fft", "ifft", "rfft", "irfft")
_default_device = ""
_planning = ("estimate", "")  # mode, wisdom file ("" fftscope-cli's default)


def devices():
    """The OpenCL devices, as dicts (index, name, platform, type, global_mem_bytes, fp64)."""
    return _engine.devices()


def set_default_device(device):
    """None or "" the engine's default (FFTSCOPE_DEVICE, else the first GPU), "fftw" the host,
    an index or a part of a device's name."""
    global _default_device
    _default_device = "" if device is None else str(device)


def set_planning(mode="estimate", wisdom=None):
    """How complex plans are chosen, as fftscope-cli's --plan and --wisdom: "estimate" (the
    cheapest estimate, or the winner a measurement stored in the wisdom file) or "measure" (time
    the candidates once, store the fastest there). wisdom: the file; None is the CLI's own
    (wisdom_path()). Plans made before keep theirs; the plan cache is cleared."""
    global _planning
    if mode not in ("estimate", "measure"):
        raise ValueError(f'mode is "estimate" or "measure", not {mode!r}')
    _planning = (mode, "" if wisdom is None else str(wisdom))
    plan_cache.clear()


def wisdom_path():
    """The wisdom file plans read (and measuring writes): set_planning's, else fftscope-cli's."""
    return _planning[1] or _engine.default_wisdom_path()


def _device_key(device):
    if _pyopencl.is_queue(device):
        return _pyopencl.queue_selector(device)
    return _default_device if device is None else str(device)


def _norm_factor(norm, n, inverse):
    """What to multiply the engine's result by: its forward is unscaled, its inverse is 1/n."""
    if norm is None:
        norm = "backward"
    if norm not in _NORMS:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or "forward".')
    wanted = {"backward": 1 / n if inverse else 1.0, "ortho": 1 / math.sqrt(n), "forward": 1.0 if inverse else 1 / n}
    engine = 1 / n if inverse else 1.0
    return wanted[norm] / engine


def _resize(a, axis, n):
    """Crops or zero-pads axis to n points."""
    have = a.shape[axis]
    if have == n:
        return a
    if have > n:
        index = [slice(None)] * a.ndim
        index[axis] = slice(0, n)
        return a[tuple(index)]
    shape = list(a.shape)
    shape[axis] = n
    padded = np.zeros(shape, a.dtype)
    index = [slice(None)] * a.ndim
    index[axis] = slice(0, have)
    padded[tuple(index)] = a
    return padded


class _Step:
    """One engine transform along `axes` (one axis, or the last two), or nothing when empty."""

    def __init__(self, kind, inverse, axes, n, in_shape, f64, device, planning):
        self.kind, self.inverse, self.axes, self.n = kind, inverse, tuple(axes), n
        moved = [d for i, d in enumerate(in_shape) if i not in self.axes]
        self.batch = math.prod(moved)
        cols = n if kind != "c2r" else n
        rows = in_shape[self.axes[0]] if len(self.axes) == 2 else 1
        self.out_shape = list(in_shape)
        if kind == "r2c":
            self.out_shape[self.axes[-1]] = n // 2 + 1
        elif kind == "c2r":
            self.out_shape[self.axes[-1]] = n
        self.out_dtype = (np.float64 if f64 else np.float32) if kind == "c2r" else (
            np.complex128 if f64 else np.complex64)
        self.engine = None
        if self.batch > 0:
            engine_kind = {"c2c": _engine.Kind.COMPLEX, "r2c": _engine.Kind.REAL_FORWARD,
                           "c2r": _engine.Kind.REAL_INVERSE}[kind]
            self.engine = _engine.Transform(engine_kind, f64, len(self.axes) == 2, inverse, rows, cols,
                                            self.batch, device, planning[0] == "measure", planning[1])
            if self.engine.wisdom_warning:  # e.g. a corrupt file: planned by estimate, the file left alone
                warnings.warn(self.engine.wisdom_warning, RuntimeWarning, stacklevel=4)

    def __call__(self, a):
        last = tuple(range(a.ndim - len(self.axes), a.ndim))
        moved = np.ascontiguousarray(np.moveaxis(a, self.axes, last))
        out_moved_shape = [d for i, d in enumerate(self.out_shape) if i not in self.axes]
        out_moved_shape += [self.out_shape[i] for i in self.axes]
        if self.engine is None:
            return np.moveaxis(np.empty(out_moved_shape, self.out_dtype), last, self.axes)
        out = self.engine.result_array(out_moved_shape, np.dtype(self.out_dtype))
        self.engine.run(moved, out)
        return np.moveaxis(out, last, self.axes)


class Plan:
    """A transform of arrays of `shape` and `dtype` over `axes`, with output lengths `s` along
    them (None: the input's, or 2·(m − 1) for irfft's last axis), built once.

    kind: "fft", "ifft", "rfft" (real input, half spectrum along the last axis) or "irfft".
    dtype: the input's; single precision for float32 and complex64, double otherwise.
    device: None (the default device), "fftw" (the host), an index or a part of a device's name,
    or a pyopencl.CommandQueue (for PyOpenCL arrays, transformed in its context).
    """

    def __init__(self, shape, dtype, axes=(-1,), norm=None, device=None, kind="fft", s=None):
        if kind not in _KINDS:
            raise ValueError(f"kind must be one of {_KINDS}, not {kind!r}")
        shape = tuple(int(d) for d in shape)
        if len(shape) == 0:
            raise ValueError("a transform needs an array of at least one dimension")
        axes = tuple(int(ax) for ax in axes)
        ndim = len(shape)
        for ax in axes:
            if not -ndim <= ax < ndim:
                raise np.AxisError(ax, ndim)
        axes = tuple(ax % ndim for ax in axes)
        if len(set(axes)) != len(axes):
            raise ValueError("repeated axes are not supported")
        if s is None:
            s = [shape[ax] for ax in axes]
            if kind == "irfft":
                s[-1] = 2 * (shape[axes[-1]] - 1)
        s = [int(n) for n in s]
        if len(s) != len(axes):
            raise ValueError("Shape and axes have different lengths.")
        for n in s:
            if n < 1:
                raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
        dtype = np.dtype(dtype)
        self.f64 = dtype not in (np.dtype(np.float32), np.dtype(np.complex64))
        self.shape, self.axes, self.s, self.kind = shape, axes, tuple(s), kind
        self.device = _device_key(device)
        self.planning = _planning
        self.scale = _norm_factor(norm, math.prod(s), kind in ("ifft", "irfft"))
        self.steps = self._build()
        self._direct = self._direct_step()
        self._in_dtype = np.dtype(self._input_dtype())

    def _build(self):
        steps, shape = [], list(self.shape)
        complex_axes = list(self.axes)
        real_axis = None
        if self.kind in ("rfft", "irfft"):
            real_axis = complex_axes.pop()
        inverse = self.kind in ("ifft", "irfft")
        plan = []  # (kind, axes, n) in the order they run
        c2c = [(ax, self.s[self.axes.index(ax)]) for ax in complex_axes]
        if self.kind == "rfft":
            plan.append(("r2c", (real_axis,), self.s[-1]))
        nd = len(shape)
        together = {nd - 2, nd - 1}
        if together <= set(complex_axes):
            rest = [(ax, n) for ax, n in c2c if ax not in together]
            plan.append(("c2c", (nd - 2, nd - 1), None))
            plan += [("c2c", (ax,), n) for ax, n in reversed(rest)]
        else:
            plan += [("c2c", (ax,), n) for ax, n in reversed(c2c)]
        if self.kind == "irfft":
            plan.append(("c2r", (real_axis,), self.s[-1]))
        self.resize = [(ax, self.s[i] if ax != real_axis or self.kind == "rfft" else self.s[i] // 2 + 1)
                       for i, ax in enumerate(self.axes)]
        for ax, n in self.resize:
            shape[ax] = n
        for kind, axes, n in plan:
            if n is None:
                n = shape[axes[-1]]
            step = _Step(kind, inverse, axes, n, shape, self.f64, self.device, self.planning)
            steps.append(step)
            shape = step.out_shape
        self.out_shape = tuple(shape)
        return steps

    def _direct_step(self):
        """The engine of the one step that reads a C-contiguous input of the plan's shape and dtype
        as it is and writes the result's layout (its axes already last, nothing cropped or
        padded), or None."""
        if len(self.steps) != 1 or self.steps[0].engine is None:
            return None
        step, nd = self.steps[0], len(self.shape)
        if step.axes != tuple(range(nd - len(step.axes), nd)) or any(self.shape[ax] != n for ax, n in self.resize):
            return None
        return step.engine

    def run_direct(self, a):
        """The result for a C-contiguous NumPy array of the plan's shape and input dtype, with none
        of __call__'s checks and moves (the functions' path for a cached plan, see _numpy_api)."""
        step = self.steps[0]
        out = self._direct.result_array(step.out_shape, np.dtype(step.out_dtype))
        self._direct.run(a, out)
        if self.scale != 1.0:
            out *= out.dtype.type(self.scale)
        return out

    @property
    def device_name(self):
        engines = [st.engine for st in self.steps if st.engine is not None]
        return engines[0].device if engines else "none"

    @property
    def plan_sources(self):
        """How each engine step's plan was chosen: "estimate", "wisdom" or "measured" ("" for a
        real step or FFTW)."""
        return [st.engine.plan_source for st in self.steps if st.engine is not None]

    def __call__(self, a, out=None):
        """Transforms a (shape and dtype as planned; cast otherwise) and returns the result, or
        writes it into out (its shape and dtype must match the result's). A DeviceArray is
        transformed on its device into a DeviceArray (see _run_device)."""
        if (out is None and self._direct is not None and type(a) is np.ndarray and a.shape == self.shape
                and a.dtype == self._in_dtype and a.flags.c_contiguous):
            return self.run_direct(a)
        if isinstance(a, DeviceArray):
            return self._run_device(a, out)
        if _pyopencl.is_array(a):
            return _pyopencl.run(self, a, out)
        a = np.asarray(a)
        if a.shape != self.shape:
            raise ValueError(f"the plan is for arrays of shape {self.shape}, not {a.shape}")
        a = a.astype(self._input_dtype(), copy=False)
        for ax, n in self.resize:
            a = _resize(a, ax, n)
        for step in self.steps:
            a = step(a)
        if self.scale != 1.0:
            a *= a.dtype.type(self.scale)
        if out is not None:
            if out.shape != a.shape:
                raise ValueError(f"out has shape {out.shape}; the result has {a.shape}")
            np.copyto(out, a, casting="same_kind")
            return out
        return a


    def _run_device(self, a, out):
        """Transforms a device array where it is, with no host copy: complex transforms along any
        axes (_run_device_axes), real ones along the last axis or last two, at the lengths it has
        (n and s as the array's), in the planned dtype."""
        if a.shape != self.shape:
            raise ValueError(f"the plan is for arrays of shape {self.shape}, not {a.shape}")
        want = self._input_dtype()
        if a.dtype != want:
            raise TypeError(f"the plan takes {np.dtype(want)} arrays; this device array is {a.dtype} "
                            "(upload it as that dtype: fftscope.to_device(x, dtype=...))")
        if any(a.shape[ax] != n for ax, n in self.resize):
            raise ValueError("a device array is transformed at its own lengths: n and s may not crop or pad it")
        step = self._device_step()
        if step is None and self.kind in ("fft", "ifft"):
            return self._run_device_axes(a, out)
        if step is None:
            raise ValueError("a real transform of a device array runs along its last axis or its last two together; "
                             f"axes {self.axes} of a {a.ndim}-d array need a host array")
        if out is None:
            # From the pool of the input's context: no device lookup, no allocation after the first call.
            shape = tuple(step.out_shape)
            out = DeviceArray(_engine.DeviceBuffer.like(a._buffer, math.prod(shape) * np.dtype(step.out_dtype).itemsize),
                              shape, step.out_dtype)
        elif not isinstance(out, DeviceArray) or out.shape != tuple(step.out_shape) or out.dtype != step.out_dtype:
            raise ValueError(f"out must be a device array of {np.dtype(step.out_dtype)} {tuple(step.out_shape)}")
        if step.engine is not None:
            step.engine.run_device(a._buffer, out._buffer)
            if self.scale != 1.0:
                out._buffer.scale(self.scale, self.f64)
        return out

    def _run_device_axes(self, a, out):
        """A complex transform of a device array along any axes: the host's steps in turn, each
        along an axis other than the last reading a transposed copy, in which that axis is last
        (A x n x B as A x B x n), and transposing its result back; a step over the last axis or
        the last two runs as it is."""
        shape, itemsize = tuple(self.shape), np.dtype(self._input_dtype()).itemsize
        nbytes = math.prod(shape) * itemsize
        if out is None:
            out = DeviceArray(_engine.DeviceBuffer.like(a._buffer, nbytes), shape, a.dtype)
        elif not isinstance(out, DeviceArray) or out.shape != shape or out.dtype != a.dtype:
            raise ValueError(f"out must be a device array of {a.dtype} {shape}")
        if out._buffer is a._buffer:
            raise ValueError("a transform needs distinct input and output arrays")
        if nbytes == 0:
            return out
        nd, current = len(shape), a._buffer
        temporary = lambda: _engine.DeviceBuffer.like(a._buffer, nbytes)
        for i, step in enumerate(self.steps):
            target = out._buffer if i == len(self.steps) - 1 else temporary()
            if step.axes == tuple(range(nd - len(step.axes), nd)):
                step.engine.run_device(current, target)
            else:
                (ax,) = step.axes
                before, n, after = math.prod(shape[:ax]), shape[ax], math.prod(shape[ax + 1:])
                rows_last, transformed = temporary(), temporary()
                current.transpose_into(rows_last, before, n, after, self.f64)
                step.engine.run_device(rows_last, transformed)
                transformed.transpose_into(target, before, after, n, self.f64)
            current = target
        if self.scale != 1.0:
            out._buffer.scale(self.scale, self.f64)
        return out

    def _device_step(self):
        """The one engine step that runs the plan on a device array, or None: the host's own
        step when it is one along the trailing axes, or a 2D real transform for rfft and irfft
        over the last two axes (which the host runs as a real and a complex step)."""
        nd = len(self.shape)
        if len(self.steps) == 1 and self.steps[0].axes == tuple(range(nd - len(self.steps[0].axes), nd)):
            return self.steps[0]
        if self.kind not in ("rfft", "irfft") or self.axes != (nd - 2, nd - 1):
            return None
        if getattr(self, "_real2d", None) is None:
            shape = list(self.shape)
            for ax, n in self.resize:
                shape[ax] = n
            kind = "r2c" if self.kind == "rfft" else "c2r"
            self._real2d = _Step(kind, self.kind == "irfft", self.axes, self.s[-1], shape, self.f64, self.device,
                                 self.planning)
        return self._real2d

    def _input_dtype(self):
        if self.kind == "rfft":
            return np.float64 if self.f64 else np.float32
        return np.complex128 if self.f64 else np.complex64


class _PlanCache:
    """The plans the functions use, least recently used first out; safe across threads."""

    def __init__(self, size=32):
        self.size = size
        self._plans = collections.OrderedDict()
        self._lock = threading.Lock()

    def find_direct(self, a, axes, norm, device, kind):
        """The cached plan that runs the NumPy array a as it is (Plan.run_direct), or None: a
        C-contiguous array of the dtype the plan takes, its plan made already, with s None."""
        if not a.flags.c_contiguous:
            return None
        key = (a.shape, a.dtype.str, axes, norm or "backward", _default_device if device is None else _device_key(device),
               kind, None, _planning)
        with self._lock:
            plan = self._plans.get(key)
            if plan is None or plan._direct is None:
                return None
            self._plans.move_to_end(key)
            return plan

    def get(self, shape, dtype, axes, norm, device, kind, s):
        key = (tuple(shape), np.dtype(dtype).str, tuple(axes), norm or "backward", _device_key(device), kind,
               None if s is None else tuple(s), _planning)
        with self._lock:
            plan = self._plans.get(key)
            if plan is not None:
                self._plans.move_to_end(key)
                return plan
        plan = Plan(shape, dtype, axes, norm, device, kind, s)
        with self._lock:
            self._plans[key] = plan
            while len(self._plans) > self.size:
                self._plans.popitem(last=False)
        return plan

    def clear(self):
        with self._lock:
            self._plans.clear()

    def __len__(self):
        return len(self._plans)


plan_cache = _PlanCache()
