#include "signal/SpectrumCsv.h"

#include "io/StagedFile.h"

#include <charconv>
#include <ostream>
#include <system_error>

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
  io::StagedFile file(path);
  std::ostream& out = file.stream();
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
  file.commit();
}

}  // namespace fftscope::signal
