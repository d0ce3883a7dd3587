// The spectrum's two layouts, as NumPy's fftfreq and fftshift for even and odd n. Unshifted (FFT
// order): bin k of n holds the signed index k for k < (n+1)/2 and k - n otherwise (n = 8: 0 .. 3,
// -4 .. -1; n = 5: 0 .. 2, -2, -1), i.e. the frequency signedBin(k, n) / n in cycles per pixel.
// Centred (for display): DC in the middle, display column x holds signed index x - n/2 (n/2
// rounded down).
#pragma once

#include <cstddef>
#include <vector>

namespace fftscope::imaging {

inline int signedBin(int k, int n) { return k < (n + 1) / 2 ? k : k - n; }
inline double binFrequency(int k, int n) { return double(signedBin(k, n)) / double(n); }

// The unshifted bin shown at display position x of a centred axis of length n.
inline int centredToBin(int x, int n) { return (x + (n + 1) / 2) % n; }

// Rearranges a rows x cols unshifted array into the centred layout.
template <typename T>
std::vector<T> fftShift(const std::vector<T>& values, int rows, int cols) {
  std::vector<T> shifted(values.size());
  for (int y = 0; y < rows; ++y) {
    const std::size_t from = std::size_t(centredToBin(y, rows)) * std::size_t(cols);
    T* out = &shifted[std::size_t(y) * std::size_t(cols)];
    for (int x = 0; x < cols; ++x) out[x] = values[from + std::size_t(centredToBin(x, cols))];
  }
  return shifted;
}

}  // namespace fftscope::imaging
