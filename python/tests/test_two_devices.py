"""Two OpenCL devices in one process: plans cached per device, equal results on each, device
arrays kept to their own device. ctest's python_fftscope_two_devices runs it with PoCL showing
two devices (POCL_DEVICES="pthread pthread"); with fewer it is skipped."""

import threading

import numpy as np
import pytest

import fftscope

pytestmark = pytest.mark.skipif(len(fftscope.devices()) < 2, reason="needs two OpenCL devices")
RNG = np.random.default_rng(5)


def _x(shape=(6, 320), dtype=np.complex64):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(dtype)


def _device_of(plan):
    return {st.engine.device_index for st in plan.steps if st.engine is not None}


@pytest.fixture(autouse=True)
def fresh_cache():
    fftscope.plan_cache.clear()
    yield
    fftscope.set_default_device(None)


def test_plans_are_cached_per_device():
    x = _x()
    results = [fftscope.fft(x, device=d) for d in (0, 1)]
    assert len(fftscope.plan_cache) == 2
    plans = [fftscope.plan_cache.get(x.shape, x.dtype, (-1,), None, d, "fft", None) for d in (0, 1)]
    assert [_device_of(p) for p in plans] == [{0}, {1}]
    assert plans[0] is not plans[1]
    assert np.array_equal(results[0], results[1])
    assert np.allclose(results[0], np.fft.fft(x), atol=2e-4 * np.sqrt(x.shape[-1]))
    fftscope.fft(x, device=1)
    assert len(fftscope.plan_cache) == 2  # found again, not made again


@pytest.mark.parametrize("kind", ["rfft", "fft2", "ifftn"])
def test_equal_results_across_devices(kind):
    x = _x((4, 24, 40), np.complex128)
    if kind == "rfft":
        x = x.real.copy()
    a, b = (getattr(fftscope, kind)(x, device=d) for d in (0, 1))
    assert a.dtype == b.dtype and np.allclose(a, b, rtol=1e-12, atol=1e-12)


def test_default_device_picks_the_plan():
    x = _x()
    fftscope.set_default_device(1)
    fftscope.fft(x)
    plan = fftscope.plan_cache.get(x.shape, x.dtype, (-1,), None, None, "fft", None)
    assert _device_of(plan) == {1}


def test_threads_on_both_devices_share_the_cache():
    x = _x((8, 1000))
    want = np.fft.fft(x)
    errors = []

    def work(device):
        try:
            for _ in range(10):
                assert np.allclose(fftscope.fft(x, device=device), want, atol=2e-4 * np.sqrt(1000))
        except Exception as e:  # reported in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(d % 2,)) for d in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(fftscope.plan_cache) == 2


def test_device_arrays_stay_on_their_device():
    x = _x()
    on1 = fftscope.to_device(x, device=1)
    assert on1.device_index == 1
    y = fftscope.fft(on1)  # the array's device, not the default
    assert y.device_index == 1 and np.allclose(y.get(), fftscope.fft(x, device=0), atol=1e-4)
    with pytest.raises(ValueError, match=r"device 1\).*plan runs on .*device 0"):
        fftscope.fft(on1, device=0)
    out0 = fftscope.empty(x.shape, np.complex64, device=0)
    with pytest.raises(ValueError, match="device 0"):
        fftscope.fft(on1, out=out0)


def test_each_device_has_its_own_memory_pool():
    pools = [fftscope.get_default_memory_pool(d) for d in (0, 1)]
    assert [p.device_index for p in pools] == [0, 1]
    fftscope.free_all_blocks()
    used = [p.used_bytes() for p in pools]
    a = fftscope.to_device(_x(), device=1)
    y = fftscope.fft(a)
    assert pools[0].used_bytes() == used[0], "an array on device 1 took device 0's memory"
    assert pools[1].used_bytes() == used[1] + a.nbytes + y.nbytes
    del a, y
    assert pools[1].n_free_blocks() == 2 and pools[0].n_free_blocks() == 0
    fftscope.free_all_blocks()
    assert pools[1].n_free_blocks() == 0
