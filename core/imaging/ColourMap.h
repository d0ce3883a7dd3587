// Colour maps for the spectrum display, as 256-entry RGB lookup tables.
#pragma once

#include <array>
#include <cstdint>

namespace fftscope::imaging {

enum class ColourMap { Grey, Viridis, Magma, Inferno };

using Rgb = std::array<std::uint8_t, 3>;
using ColourTable = std::array<Rgb, 256>;

// Built once, on first use, then shared; safe to call from any thread.
const ColourTable& colourTable(ColourMap map);

}  // namespace fftscope::imaging
