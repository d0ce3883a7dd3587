// A spectrum as CSV: '#' lines saying the source, sample rate, FFT size, window (with its coherent
// gain and ENBW), segments and scale; a header row naming the units; then one row per bin from DC
// to Nyquist: frequency in Hz, level. Numbers in the C locale. Streamed through the atomic writer
// (io/StagedFile.h): a failed write leaves the old file as it was.
#pragma once

#include "signal/Spectrum.h"

#include <filesystem>
#include <string>

namespace fftscope::signal {

void writeSpectrumCsv(const Spectrum& spectrum, const std::filesystem::path& path, const std::string& sourceName = {});

}  // namespace fftscope::signal
