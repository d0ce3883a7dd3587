// A filter in a few words, for captions and lists: "Gaussian low-pass 0.100, 2 notches".
#pragma once

#include "imaging/FilterSpec.h"

#include <string>

namespace fftscope::imaging {

std::string summarise(const FilterSpec& spec);

}  // namespace fftscope::imaging
