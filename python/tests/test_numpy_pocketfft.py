"""NumPy's own FFT tests (numpy/fft/tests/test_pocketfft.py, read from the installed NumPy and
never edited) run with `np.fft` pointing at fftscope. The file's functions look `np` up in this
module's globals when they run, so replacing it after executing the file is enough."""

import pathlib
import types

import numpy

import fftscope

_SOURCE = pathlib.Path(numpy.__file__).parent / "fft" / "tests" / "test_pocketfft.py"
exec(compile(_SOURCE.read_text(), str(_SOURCE), "exec"), globals())


class _NumpyWithFftscope(types.ModuleType):
    """numpy, except that .fft is fftscope."""

    fft = fftscope

    def __getattr__(self, name):
        return getattr(numpy, name)


np = _NumpyWithFftscope("numpy")
