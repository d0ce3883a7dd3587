"""A SciPy FFT backend: `with scipy.fft.set_backend(fftscope.scipy_backend): ...` sends scipy.fft's
transforms to fftscope. What it does not serve (other functions, long double, object arrays, plans
of other libraries) it declines with NotImplemented, and SciPy's own code runs it. `workers` and
`overwrite_x` are accepted and have no effect (`workers` is checked as SciPy checks it); `plan` may
be an fftscope.Plan."""

import inspect
import os

import numpy as np

from . import _numpy_api
from ._plan import Plan

__ua_domain__ = "numpy.scipy.fft"

_SERVED = {name: getattr(_numpy_api, name) for name in _numpy_api.__all__}
_UNSERVED_DTYPES = (np.dtype(np.longdouble), np.dtype(np.clongdouble))


def _arguments(method, args, kwargs):
    try:
        bound = inspect.signature(method).bind(*args, **kwargs)
    except (TypeError, ValueError):
        return None
    bound.apply_defaults()
    return dict(bound.arguments)


def _check_workers(workers):
    """SciPy's errors for a workers value it would refuse."""
    if workers is None:
        return
    cpus = os.cpu_count() or 1
    if workers == 0:
        raise ValueError("workers must not be zero")
    if workers < -cpus:
        raise ValueError(f"workers value out of range; got {workers}, must not be less than {-cpus}")


def __ua_function__(method, args, kwargs):
    served = _SERVED.get(method.__name__)
    if served is None:
        return NotImplemented
    arguments = _arguments(method, args, kwargs)
    if arguments is None:
        return NotImplemented
    x = np.asarray(arguments.pop("x"))
    if x.dtype in _UNSERVED_DTYPES or x.dtype.kind not in "biufc":
        return NotImplemented
    plan = arguments.pop("plan", None)
    arguments.pop("overwrite_x", None)
    _check_workers(arguments.pop("workers", None))
    if plan is not None:
        if not isinstance(plan, Plan) or plan.shape != x.shape:
            return NotImplemented
        return plan(x)
    return served(x, **arguments)
