"""The device memory pool: transforms repeated on arrays of one shape allocate nothing after the
first call, a buffer given back is handed out again only behind the work queued on it, and the
pool's limit and free_all_blocks let idle buffers go."""

import threading

import numpy as np
import pytest

import fftscope
from fftscope import _engine

pytestmark = pytest.mark.skipif(not fftscope.devices(), reason="the pool is an OpenCL device's")
RNG = np.random.default_rng(5)


def _complex(shape):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(np.complex64)


def _close(got, want):
    assert np.abs(np.asarray(got) - want).max() <= 2e-4 * max(1.0, float(np.abs(want).max()))


@pytest.fixture
def pool():
    p = fftscope.get_default_memory_pool()
    limit = p.get_limit()
    p.free_all_blocks()
    yield p
    p.set_limit(limit)
    fftscope.free_all_blocks()


@pytest.fixture(params=["never", "always"])
def staging(request):
    _engine.set_staging(request.param)
    yield request.param
    _engine.set_staging("auto")


def test_repeated_device_transforms_allocate_once(pool):
    x = _complex((16, 512))
    d = fftscope.to_device(x)
    for _ in range(2):  # plans made, and the outputs: y's, and the spectrum while the last y lives
        y = fftscope.ifft(fftscope.fft(d), norm="ortho")
    made, reused = pool.allocations(), pool.reuses()
    for _ in range(20):
        y = fftscope.ifft(fftscope.fft(d), norm="ortho")
    assert pool.allocations() == made, "a repeated transform allocated device memory"
    assert pool.reuses() == reused + 40
    _close(y.get(), x * np.sqrt(512))


def test_repeated_host_transforms_allocate_once(pool, staging):
    x = _complex((8, 1000))
    fftscope.fft(x)
    made, used = pool.allocations(), pool.used_bytes()
    for _ in range(10):
        got = fftscope.fft(x)
    assert pool.allocations() == made
    assert pool.used_bytes() == used, "a host transform kept its device buffers"
    _close(got, np.fft.fft(x))


def test_a_freed_buffer_is_reused_only_after_its_last_use(pool, staging):
    # Large enough that the transform is still queued (or running) when its input goes back.
    shape = (64, 8192)
    x, other = _complex(shape), _complex(shape)
    for release in ("free", "del"):
        a = fftscope.to_device(x)
        y = fftscope.fft(a)
        made, reused = pool.allocations(), pool.reuses()
        if release == "free":
            a.free()
        else:
            del a
        b = fftscope.to_device(other)  # a's buffer, written while the transform may still read it
        assert (pool.allocations(), pool.reuses()) == (made, reused + 1), "b did not get a's buffer"
        _close(y.get(), np.fft.fft(x))
        _close(b.get(), other)


def test_limit_and_free_all_blocks(pool):
    used = pool.used_bytes()
    arrays = [fftscope.empty((1000,), np.complex64) for _ in range(3)]
    size = (pool.used_bytes() - used) // 3
    assert size == 8192 and pool.total_bytes() == pool.used_bytes()  # 8000 bytes rounded up to 512
    del arrays
    assert (pool.n_free_blocks(), pool.free_bytes(), pool.used_bytes()) == (3, 3 * size, used)
    pool.set_limit(size)
    assert (pool.n_free_blocks(), pool.free_bytes()) == (1, size), "idle buffers beyond the limit stayed"
    fftscope.free_all_blocks()
    assert (pool.n_free_blocks(), pool.free_bytes()) == (0, 0)
    made = pool.allocations()
    fftscope.empty((1000,), np.complex64)
    assert pool.allocations() == made + 1


def test_threads_share_the_pool(pool):
    used, made = pool.used_bytes(), pool.allocations()
    xs = [_complex((4, 2048)) for _ in range(4)]
    failures = []

    def work(x):
        try:
            d = fftscope.to_device(x)
            for _ in range(10):
                _close(fftscope.fft(d).get(), np.fft.fft(x))
                _close(fftscope.fft(x), np.fft.fft(x))
        except Exception as error:  # reported in the test's thread
            failures.append(error)

    threads = [threading.Thread(target=work, args=(x,)) for x in xs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
    assert pool.used_bytes() == used, "buffers were not given back"
    # Each thread holds at most its array, an output, and a host call's input and output at once.
    assert pool.allocations() - made <= 4 * 4, "threads allocated beyond what they hold at once"
