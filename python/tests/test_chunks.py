"""A batch run in chunks (the last one shorter) gives what one run gives."""

import numpy as np
import pytest

import fftscope
from fftscope import _engine


@pytest.mark.parametrize("device", [None, "fftw"])
@pytest.mark.parametrize("kind", ["fft", "rfft", "irfft"])
def test_chunked_batch_matches_numpy(device, kind):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((7, 64)) + (1j * rng.standard_normal((7, 64)) if kind != "rfft" else 0)
    saved = _engine.chunk_bytes()
    _engine.set_chunk_bytes(3 * x[0].nbytes)  # three transforms a chunk: chunks of 3, 3 and 1
    try:
        plan = fftscope.Plan(x.shape, x.dtype, kind=kind, device=device)
        assert plan.steps[0].engine.chunk_transforms == 3
        got = plan(x)
    finally:
        _engine.set_chunk_bytes(saved)
    assert np.allclose(got, getattr(np.fft, kind)(x), atol=1e-9)
