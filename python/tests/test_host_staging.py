"""Host copies staged through pinned memory (HostStaging.h), as GPUs take them: forced here with
set_staging("always") on any device, against straight copies ("never"), for sizes that fill the
8 MiB pinned chunks several times and end part-way through one, with the batch in run chunks."""

import gc

import numpy as np
import pytest

import fftscope
from fftscope import _engine

pytestmark = pytest.mark.skipif(not fftscope.devices(), reason="staging is for OpenCL devices")
RNG = np.random.default_rng(9)


@pytest.fixture(params=["always", "never"])
def staging(request):
    _engine.set_staging(request.param)
    yield request.param
    _engine.set_staging("auto")


def test_mode_is_kept_and_checked():
    assert _engine.staging() == "auto"
    with pytest.raises(ValueError):
        _engine.set_staging("sometimes")


def test_device_array_round_trip_of_odd_sizes(staging):
    for count in (1, 1000, (3 << 20) + 5):  # the last 24 MiB and 40 bytes: three chunks and a part
        x = RNG.standard_normal(count) + 1j * RNG.standard_normal(count)
        d = fftscope.to_device(x)
        assert np.array_equal(d.get(), x)
        y = np.empty_like(x)
        d.get(out=y)
        assert np.array_equal(y, x)


@pytest.mark.parametrize("kind", ["fft", "rfft", "irfft"])
def test_host_transforms_in_run_chunks(staging, kind):
    shape = (10, 1 << 17)  # 10 MiB of complex64 a transform batch
    x = RNG.standard_normal(shape).astype(np.float32)
    if kind != "rfft":
        x = (x + 1j * RNG.standard_normal(shape)).astype(np.complex64)
    saved = _engine.chunk_bytes()
    _engine.set_chunk_bytes(4 * x[0].nbytes)  # run chunks of 4, 4 and 2 transforms
    try:
        plan = fftscope.Plan(x.shape, x.dtype, kind=kind)
    finally:
        _engine.set_chunk_bytes(saved)
    got = plan(x)
    want = getattr(np.fft, kind)(x.astype(np.complex128 if kind != "rfft" else np.float64), axis=-1)
    assert got.shape == want.shape
    assert np.abs(got - want).max() <= 2e-4 * np.abs(want).max()


def test_each_copy_recorded_once(staging):
    x = (RNG.standard_normal(3 << 19) + 1j * RNG.standard_normal(3 << 19)).astype(np.complex64)  # 12 MiB
    fftscope.fft(x)  # the plan
    _engine.record_transfers(True)
    _engine.take_transfers()
    try:
        fftscope.fft(x)
        d = fftscope.to_device(x)
        d.get()
        copies = [(t["upload"], t["bytes"]) for t in _engine.take_transfers()]
    finally:
        _engine.record_transfers(False)
    assert copies == [(True, x.nbytes), (False, x.nbytes)] * 2


def _pinned(device):
    return _engine.pinned_results(device)


def test_later_results_land_in_pinned_blocks_reused_after_the_arrays_go():
    _engine.set_staging("always")
    try:
        x = (RNG.standard_normal((6, 1 << 16)) + 1j * RNG.standard_normal((6, 1 << 16))).astype(np.complex64)
        want = np.fft.fft(x.astype(np.complex128), axis=-1)
        index = fftscope.devices()[0]["index"]
        device = str(index)
        plan = fftscope.Plan(x.shape, x.dtype, device=index)
        gc.collect()  # results of earlier tests, which would give their blocks back mid-test
        _engine.free_all_blocks()
        before = _pinned(device)
        first = plan(x)  # the plan's first host run: NumPy's memory
        assert _pinned(device)["lent_bytes"] == before["lent_bytes"]
        second = plan(x)  # later runs: a pinned block, lent while the array lives
        assert _pinned(device)["lent_bytes"] == before["lent_bytes"] + x.nbytes
        assert _pinned(device)["allocations"] == before["allocations"] + 1
        for got in (first, second):
            assert np.abs(got - want).max() <= 2e-4 * np.abs(want).max()
        del got, second
        assert _pinned(device)["kept_bytes"] == x.nbytes
        third = fftscope.fft(x, device=index)  # the functions' cached plan: its first run, then a reused block
        third = fftscope.fft(x, device=index)
        assert np.abs(third - want).max() <= 2e-4 * np.abs(want).max()
        assert _pinned(device)["reuses"] == before["reuses"] + 1
        del third
        fftscope.free_all_blocks()
        assert _pinned(device)["kept_bytes"] == 0
    finally:
        _engine.set_staging("auto")


def test_a_caller_keeping_every_result_pins_a_few_blocks_only():
    _engine.set_staging("always")
    try:
        x = np.ones((2, 1 << 16), np.complex64)
        index = fftscope.devices()[0]["index"]
        plan = fftscope.Plan(x.shape, x.dtype, device=index)
        gc.collect()
        _engine.free_all_blocks()
        before = _pinned(str(index))
        kept = [plan(x) for _ in range(12)]  # the first in NumPy's memory, then up to 8 pinned
        after = _pinned(str(index))
        assert after["allocations"] - before["allocations"] <= 8
        assert after["lent_bytes"] - before["lent_bytes"] <= 8 * x.nbytes
        assert all(np.all(y[:, 0] == x.shape[1]) for y in kept)
        del kept
        gc.collect()
        assert _pinned(str(index))["lent_bytes"] == before["lent_bytes"]
    finally:
        _engine.set_staging("auto")


def test_results_stay_in_numpy_memory_when_not_staged():
    _engine.set_staging("never")
    try:
        x = np.ones(1 << 18, np.complex64)
        index = fftscope.devices()[0]["index"]
        before = _pinned(str(index))["allocations"]
        for _ in range(3):
            y = fftscope.fft(x, device=index)
        assert y[0] == x.size and _pinned(str(index))["allocations"] == before
    finally:
        _engine.set_staging("auto")
