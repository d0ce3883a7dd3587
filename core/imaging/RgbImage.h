// An 8-bit RGB picture for display and PNG export (the rendered spectrum).
#pragma once

#include <cstdint>
#include <vector>

namespace fftscope::imaging {

struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // width * height * 3, interleaved R, G, B, top row first
};

}  // namespace fftscope::imaging
