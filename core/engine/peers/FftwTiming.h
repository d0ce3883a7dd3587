// FFTW timed as a CPU peer: the same transform as a plan description, planned with FFTW_MEASURE
// on the host's threads, out of place, on random data; wall-clock milliseconds per execution.
#pragma once

#include "engine/description/PlanDescription.h"

#include <vector>

namespace fftscope {

// One time per execution after a warm-up. threads = 0 uses every hardware thread.
std::vector<double> timeFftw(const PlanDescription& description, int repeat, int threads = 0);

}  // namespace fftscope
