// What one program is built from, whatever the device: its kernel file (kernels/<family>.cl) and
// the build options that specialise it. A plan's pass with the plan's precision and direction
// names exactly one (runtime/PassKernels.h's programKey); DeviceContext keeps one program a key
// (and source), and the program cache (ProgramFile.h) files it under the key with the device's
// driver and the source.
#pragma once

#include <cstddef>
#include <string>

namespace fftscope::cl {

struct ProgramKey {
  std::string family;   // "stockham", "grouped_fft", "bluestein", "spectrum", ...
  std::string options;  // "-D FFT_SIGN=-1 -D RADIX=8 ...": only integers, so no locale changes them

  bool operator==(const ProgramKey&) const = default;
  // "family: options", stable from one run and one build to the next.
  std::string text() const { return family + ": " + options; }
};

struct ProgramKeyHash {
  std::size_t operator()(const ProgramKey& key) const;
};

}  // namespace fftscope::cl
