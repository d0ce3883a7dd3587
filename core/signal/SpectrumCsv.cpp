#include "signal/SpectrumCsv.h"

#include <atomic>
#include <charconv>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace fftscope::signal {
namespace {

// Shortest round-trip text, whatever the global locale.
std::string number(double value) {
  char buffer[64];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return error == std::errc() ? std::string(buffer, end) : std::string("nan");
}

}  // namespace

void writeSpectrumCsv(const Spectrum& spectrum, const std::filesystem::path& path, const std::string& sourceName) {
  static std::atomic<unsigned> counter{0};
  const auto temporary = path.parent_path() / ("." + path.filename().string() + ".part-" + std::to_string(::getpid()) +
                                               "-" + std::to_string(counter++));
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out) throw std::runtime_error(path.string() + ": cannot be written");
    if (!sourceName.empty()) out << "# source: " << sourceName << "\n";
    out << "# sample rate: " << number(spectrum.sampleRate) << " Hz\n";
    out << "# FFT size: " << spectrum.fftSize << ", segment length: " << spectrum.segmentLength
        << ", segments averaged: " << spectrum.segments << "\n";
    out << "# window: " << describe(spectrum.window) << ", coherent gain " << number(spectrum.metrics.coherentGain)
        << ", ENBW " << number(spectrum.metrics.enbwBins) << " bins\n";
    out << "# scale: " << toString(spectrum.scale) << " (" << unitOf(spectrum.scale) << ")\n";
    out << "frequency_hz,level_" << (spectrum.scale == SpectrumScale::Psd ? std::string("db_per_hz")
                                      : spectrum.scale == SpectrumScale::Dbfs ? std::string("dbfs")
                                                                              : std::string("fs")) << "\n";
    for (std::size_t k = 0; k < spectrum.bins(); ++k)
      out << number(spectrum.frequency(double(k))) << ',' << number(spectrum.levels[k]) << '\n';
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      throw std::runtime_error(path.string() + ": writing failed");
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary, error);
    throw std::runtime_error(path.string() + ": cannot be replaced: " + error.message());
  }
}

}  // namespace fftscope::signal
