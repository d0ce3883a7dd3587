#include "engine/algorithms/Rader.h"

#include <stdexcept>

namespace fftscope {
namespace {

std::uint64_t powMod(std::uint64_t base, std::uint64_t exponent, std::uint64_t n) {
  std::uint64_t result = 1 % n;
  base %= n;
  for (; exponent > 0; exponent >>= 1) {
    if (exponent & 1) result = result * base % n;  // n < 2^32: products fit in 64 bits
    base = base * base % n;
  }
  return result;
}

std::vector<std::size_t> distinctPrimeFactors(std::size_t n) {
  std::vector<std::size_t> factors;
  for (std::size_t f = 2; f * f <= n; ++f)
    if (n % f == 0) {
      factors.push_back(f);
      while (n % f == 0) n /= f;
    }
  if (n > 1) factors.push_back(n);
  return factors;
}

}  // namespace

bool isPrime(std::size_t n) {
  if (n < 2) return false;
  for (std::size_t f = 2; f * f <= n; ++f)
    if (n % f == 0) return false;
  return true;
}

std::size_t primitiveRoot(std::size_t n) {
  if (n < 3 || n > UINT32_MAX || !isPrime(n)) throw std::invalid_argument("a primitive root needs an odd prime below 2^32");
  const std::vector<std::size_t> factors = distinctPrimeFactors(n - 1);
  for (std::size_t g = 2; g < n; ++g) {
    bool generates = true;
    for (std::size_t f : factors)
      if (powMod(g, (n - 1) / f, n) == 1) {
        generates = false;
        break;
      }
    if (generates) return g;
  }
  throw std::logic_error("a prime without a primitive root");
}

std::vector<std::uint32_t> raderPowers(std::size_t n) {
  const std::uint64_t g = primitiveRoot(n);
  std::vector<std::uint32_t> powers(n - 1);
  std::uint64_t v = 1;
  for (auto& p : powers) {
    p = static_cast<std::uint32_t>(v);
    v = v * g % n;
  }
  return powers;
}

std::vector<std::uint32_t> raderLogarithms(std::size_t n) {
  const std::vector<std::uint32_t> powers = raderPowers(n);
  std::vector<std::uint32_t> logs(n, 0);
  for (std::size_t o = 0; o < powers.size(); ++o) logs[powers[o]] = static_cast<std::uint32_t>(o);
  return logs;
}

std::size_t raderSideAt(std::size_t padded, std::size_t complexBytes) {
  return padded + (padded * sizeof(std::uint32_t) + complexBytes - 1) / complexBytes;
}

}  // namespace fftscope
