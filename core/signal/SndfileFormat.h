// Between libsndfile's format codes and SignalFormat, for the reader and the writer only.
#pragma once

#include "signal/Signal.h"

#include <optional>

namespace fftscope::signal {

// std::nullopt for a container or encoding the Signal workspace does not take.
std::optional<SignalFormat> fromSndfileFormat(int format);
// The libsndfile code to write `format` with; std::invalid_argument for text, NumPy or raw
// containers, and for an encoding the container cannot hold.
int toSndfileFormat(const SignalFormat& format);

}  // namespace fftscope::signal
