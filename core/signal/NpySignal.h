// A real 1D NumPy array (float32 or float64, np.save) as a one-channel signal at a given rate,
// read with the engine's .npy reader.
#pragma once

#include "signal/Signal.h"

#include <filesystem>

namespace fftscope::signal {

Signal readNpySignal(const std::filesystem::path& path, double sampleRate);

}  // namespace fftscope::signal
