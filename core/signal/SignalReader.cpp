#include "signal/SignalReader.h"

#include "signal/NpySignal.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace fftscope::signal {

SignalFileKind signalFileKind(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  if (extension == ".csv" || extension == ".txt" || extension == ".tsv" || extension == ".dat") return SignalFileKind::Text;
  if (extension == ".npy") return SignalFileKind::Npy;
  if (extension == ".raw" || extension == ".pcm" || extension == ".bin") return SignalFileKind::Raw;
  return SignalFileKind::Audio;
}

Signal readSignal(const std::filesystem::path& path, const SignalReadOptions& options, const ReadControl& control) {
  switch (signalFileKind(path)) {
    case SignalFileKind::Text: return readText(path, options.text, control);
    case SignalFileKind::Npy: return readNpySignal(path, options.npySampleRate);
    case SignalFileKind::Raw: return readRaw(path, options.raw, control);
    case SignalFileKind::Audio: break;
  }
  return readAudio(path, control);
}

}  // namespace fftscope::signal
