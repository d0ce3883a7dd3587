// The hop between overlapping segments (Welch's averaging, a spectrogram's frames): a segment of
// L samples overlapping its neighbour by a fraction p advances by round(L (1 - p)) samples. A hop
// below L / kMostSegmentsPerSample (more than 256 segments covering each sample) costs time
// without showing more: 99.99999% of 4096 samples would transform every sample 4096 times.
#pragma once

#include <cstddef>

namespace fftscope::signal {

constexpr std::size_t kMostSegmentsPerSample = 256;

// Throws std::invalid_argument naming the overlap (in percent), the hop it gives and the largest
// overlap that holds: an overlap outside [0, 1), not finite, or a hop below the least.
std::size_t hopForOverlap(std::size_t segmentLength, double overlap);

}  // namespace fftscope::signal
