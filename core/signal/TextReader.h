// Signals from CSV or plain text: one or more numeric columns separated by commas, semicolons,
// tabs or spaces; an optional header row; '#' comment lines and blank lines skipped. A time column,
// when named, gives the sample rate and must be evenly spaced (within a relative tolerance).
// Numbers are read in the C locale whatever the user's locale. Refusals are std::runtime_error
// messages naming the file and the line.
#pragma once

#include "signal/ReadControl.h"
#include "signal/Signal.h"

#include <cstddef>
#include <filesystem>
#include <vector>

namespace fftscope::signal {

enum class HeaderRow { Auto, Present, Absent };  // Auto: a first row that is not all numbers

struct TextOptions {
  char delimiter = 0;                 // 0: the first of tab, ';', ',' found in the first row, else spaces
  HeaderRow header = HeaderRow::Auto;
  int timeColumn = -1;                // 0-based; -1 when there is none
  double sampleRate = 0.0;            // Hz, required without a time column
  std::vector<int> columns;           // 0-based data columns; empty: every column but the time
  double spacingTolerance = 1e-3;     // relative to the mean time step
};

// A row of more columns, or a line longer than this, is refused: the columns are channels, and a
// line is held whole while it is split.
constexpr std::size_t kMostTextColumns = 65536;
constexpr std::size_t kLongestTextLine = std::size_t(16) << 20;

Signal readText(const std::filesystem::path& path, const TextOptions& options, const ReadControl& control = {});

}  // namespace fftscope::signal
