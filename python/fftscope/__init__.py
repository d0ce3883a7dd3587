"""fftscope: the FFTScope engine with NumPy's FFT interface (see docs/python.md)."""

from numpy.fft import fftfreq, fftshift, ifftshift, rfftfreq

from ._numpy_api import (fft, fft2, fftn, hfft, ifft, ifft2, ifftn, ihfft, irfft, irfft2, irfftn, rfft, rfft2,
                         rfftn)
from . import scipy_backend
from ._device_array import DeviceArray, empty, to_device
from ._memory_pool import MemoryPool, free_all_blocks, get_default_memory_pool
from ._plan import Plan, devices, plan_cache, set_default_device, set_planning, wisdom_path

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
           "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift", "Plan", "devices", "plan_cache",
           "set_default_device", "scipy_backend", "DeviceArray", "to_device", "empty",
           "set_planning", "wisdom_path", "MemoryPool", "get_default_memory_pool", "free_all_blocks"]
