#include "signal/NpySignal.h"

#include "io/Npy.h"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fftscope::signal {

Signal readNpySignal(const std::filesystem::path& path, double sampleRate) {
  const auto fail = [&](const std::string& problem) { return std::runtime_error(path.string() + ": " + problem); };
  if (!(sampleRate > 0.0) || !std::isfinite(sampleRate)) throw fail("a .npy signal needs a positive sample rate");
  const NpyArray array = readNpy(path);
  if (array.shape.size() != 1)
    throw fail("a signal is a 1D array; this one has " + std::to_string(array.shape.size()) + " dimensions");
  if (array.isComplex) throw fail("a signal is a real array; this one is complex");

  Signal signal;
  signal.sampleRate = sampleRate;
  signal.sourceName = path.filename().string();
  const std::size_t count = array.elementCount();
  std::vector<float> samples(count);
  const bool f32 = array.precision == Precision::F32;
  signal.format = {Container::Npy, f32 ? Encoding::Float32 : Encoding::Float64, false};
  for (std::size_t i = 0; i < count; ++i) {
    double value;
    if (f32) {
      float f;
      std::memcpy(&f, array.bytes.data() + 4 * i, 4);
      value = f;
    } else {
      std::memcpy(&value, array.bytes.data() + 8 * i, 8);
    }
    if (!std::isfinite(value) || !std::isfinite(float(value)))
      throw fail(std::string(std::isnan(value) ? "NaN" : "infinite") + " sample at index " + std::to_string(i));
    samples[i] = float(value);
  }
  signal.channels.push_back(std::move(samples));
  return signal;
}

}  // namespace fftscope::signal
