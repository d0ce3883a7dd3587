// Opens a signal file by its kind: .csv/.txt/.tsv as text, .npy as a NumPy array, .raw/.pcm/.bin as
// header-less samples (RawOptions required), anything else through libsndfile, which recognises
// the container from its content.
#pragma once

#include "signal/AudioReader.h"
#include "signal/ReadControl.h"
#include "signal/Signal.h"
#include "signal/TextReader.h"

#include <filesystem>

namespace fftscope::signal {

enum class SignalFileKind { Audio, Text, Npy, Raw };

SignalFileKind signalFileKind(const std::filesystem::path& path);

struct SignalReadOptions {
  TextOptions text;        // text files
  double npySampleRate = 0.0;  // .npy files
  RawOptions raw;          // raw files
};

Signal readSignal(const std::filesystem::path& path, const SignalReadOptions& options = {},
                  const ReadControl& control = {});

}  // namespace fftscope::signal
