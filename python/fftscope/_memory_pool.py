"""The device memory pools: each device's context keeps the buffers its device arrays and the
host path's copies gave back, by size, and hands them out again, as CuPy's memory pool does, so
that a transform repeated on arrays of one shape allocates nothing after its first call."""

from . import _engine

MemoryPool = _engine.MemoryPool
MemoryPool.__doc__ = """One device context's pool: used_bytes() (held by live arrays and calls
in progress), free_bytes() and n_free_blocks() (idle, kept for reuse), total_bytes(),
allocations() (buffers created so far) and reuses() (requests served from idle ones),
free_all_blocks(), set_limit(size) and get_limit() (the most idle bytes kept; a quarter of the
device's memory at first)."""


def get_default_memory_pool(device=None):
    """The pool of a device's context: device as the functions take it (None the default device,
    an index, a part of a name, or a pyopencl.CommandQueue for that queue's context)."""
    from ._plan import _device_key
    return _engine.memory_pool(_device_key(device))


def free_all_blocks():
    """Lets the idle buffers of every device's pool go (arrays in use keep theirs)."""
    _engine.free_all_blocks()
