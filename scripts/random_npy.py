#!/usr/bin/env python3
"""Writes a (ROWS, COLS) complex64 .npy of uniform values in [-0.5, 0.5), for timing commands that
read a file (`fftscope-cli fft`). Standard library only: it runs on the GPU machine too.

Usage: random_npy.py ROWS COLS FILE"""
import array
import random
import sys


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    rows, cols, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    header = "{'descr': '<c8', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, cols)
    header += " " * (63 - (10 + len(header)) % 64) + "\n"  # the data starts at a multiple of 64
    rng = random.Random(1)
    # One random block repeated: fast in pure Python, and no zeros are timed.
    block = array.array("f", (rng.random() - 0.5 for _ in range(1 << 16)))
    values = 2 * rows * cols
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode("latin1"))
        for _ in range(values // len(block)):
            block.tofile(f)
        block[: values % len(block)].tofile(f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
