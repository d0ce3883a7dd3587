// Rader's algorithm for a prime n: with g a primitive root mod n, X[g^o] - x[0] is the cyclic
// convolution of a[q] = x[g^q] with b[m] = w^(g^-m) over N = n - 1 points, which the engine runs
// on grouped FFTs of N (a smooth length for primes such as 257 or 65537) instead of Bluestein's
// M >= 2n - 1. The number theory here; the filter's spectrum in BluesteinTables.h, the kernel's
// side in kernels/grouped_hooks.cl (RADER). Plain integers, no device.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fftscope {

// Whether n is prime (trial division: n < 2^32 keeps it under 2^16 divisions).
bool isPrime(std::size_t n);

// The least primitive root modulo a prime n > 2: the g whose powers g^0 .. g^(n-2) are 1 .. n-1.
std::size_t primitiveRoot(std::size_t n);

// g^q mod n for q = 0 .. n-2, g = primitiveRoot(n): where a Rader stage reads a[q] and writes X.
std::vector<std::uint32_t> raderPowers(std::size_t n);

// o with g^o = k mod n for k = 1 .. n-1 (entry 0 unused, 0): where X[k] is read from the
// convolution's outputs in their own order (kernels/bluestein.cl, rader_permute).
std::vector<std::uint32_t> raderLogarithms(std::size_t n);

// A Rader stage's hook buffer (kernels/grouped_hooks.cl, RADER), in complex values of `complexBytes`:
// the filter's spectrum (n - 1 = padded entries), the powers of g as 32-bit integers, then, from
// raderSideAt on, two side slots for each row.
std::size_t raderSideAt(std::size_t padded, std::size_t complexBytes);

}  // namespace fftscope
