// Writes a signal as audio through libsndfile, by default in the format it was read in (container,
// encoding, sample rate). libsndfile writes the temporary file of the atomic writer
// (io/StagedFile.h), renamed over the destination only when complete, so a failure leaves any
// earlier file untouched. Samples
// beyond full scale are clipped for integer encodings. Throws std::runtime_error naming the file.
#pragma once

#include "signal/ReadControl.h"
#include "signal/Signal.h"

#include <filesystem>
#include <optional>

namespace fftscope::signal {

// Whether a signal of this rate and channel count can be written in `format` to `path`, asked
// before the work that makes it: audio files hold whole hertz from 1 to 2^31 - 1 and as many
// channels as the container takes. Throws std::runtime_error naming the file and the value.
void checkAudioOutput(const std::filesystem::path& path, const SignalFormat& format, double sampleRate,
                      std::size_t channels);

// `format` overrides the signal's own (needed for text, NumPy and generated signals). Returns how
// many samples were clipped to full scale (integer encodings only), for the caller to report.
std::size_t writeAudio(const Signal& signal, const std::filesystem::path& path,
                const std::optional<SignalFormat>& format = std::nullopt, const ReadControl& control = {});

// The container a file name asks for (.wav, .rf64, .flac, .aif/.aiff, .ogg/.oga), with an encoding
// it can hold: the signal's own where possible, else 24-bit PCM (Vorbis for Ogg).
SignalFormat formatForPath(const std::filesystem::path& path, const SignalFormat& preferred);

}  // namespace fftscope::signal
