// Helpers for the imaging tests: files in a scratch folder, PNG bytes built by hand (so headers
// can say anything), images from a formula.
#pragma once

#include "imaging/Image.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace fftscope::imaging::test {

using Bytes = std::vector<std::uint8_t>;

// A fresh folder for this test, under the test framework's temporary directory.
std::filesystem::path scratchFolder();

void writeBytes(const std::filesystem::path& path, const Bytes& bytes);

// A PNG of 8-bit samples: IHDR with the given (possibly false) size and colour type, one IDAT
// holding `rows` (each a filter byte 0 then the samples) in stored deflate blocks, IEND.
Bytes handMadePng(std::uint32_t width, std::uint32_t height, int colourType, const std::vector<Bytes>& rows);

// width x height x channels samples from value(x, y, c).
Image makeImage(int width, int height, int channels, int bitDepth,
                const std::function<float(int x, int y, int c)>& value);

// The message of the std::runtime_error `action` throws; fails the test if it throws none.
std::string errorMessage(const std::function<void()>& action);

}  // namespace fftscope::imaging::test
