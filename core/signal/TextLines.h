// Lines of a text file, each at most a given length, read in blocks: std::getline would hold a
// line of any length (a 2 GB line, 2 GB), and its caller would then split it. A line longer than
// the limit, a NUL byte (binary data) and UTF-16 text (a byte-order mark, or NUL bytes between
// the characters) are refused naming the file and the line.
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::signal {

class TextLines {
 public:
  // Throws std::runtime_error "PATH: cannot be opened".
  TextLines(const std::filesystem::path& path, std::size_t longestLine);

  // The next line without its '\n' (a '\r' before it is kept for the caller to trim); false at
  // the end. Throws std::runtime_error naming the line for the refusals above.
  bool next(std::string& line);
  std::size_t lineNumber() const { return lineNumber_; }
  std::size_t bytesRead() const { return consumed_; }

 private:
  std::runtime_error failure(const std::string& problem) const;
  bool refill();

  std::filesystem::path path_;
  std::ifstream in_;
  std::size_t longest_;
  std::vector<char> block_;
  std::size_t at_ = 0, end_ = 0;
  std::size_t lineNumber_ = 0;
  std::size_t consumed_ = 0;
};

// Text with its bytes that are not printable ASCII written as \xNN, cut after `most` characters
// with "...", for quoting what a file holds in a message.
std::string printable(std::string_view text, std::size_t most = 40);

}  // namespace fftscope::signal
