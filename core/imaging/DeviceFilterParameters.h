// The Image workspace's output range in the device's plain terms, for output samples made on the
// device (device/DeviceOutput.h), which knows nothing of OutputRange. (Masks made on the device
// take the FilterSpec itself.)
#pragma once

#include "imaging/device/DeviceOutput.h"
#include "imaging/OutputRange.h"
#include "imaging/Padding.h"

namespace fftscope::imaging {

// Planes of geometry's padded size cropped to the image, mapped as `range` does for an image of
// bitDepth whose own samples span sourceMin .. sourceMax (Clip's bounds); Float gives the
// values as they are. Plane after plane, or pixel by pixel when interleaved.
OutputFormat deviceOutputFormat(OutputRange range, int bitDepth, float sourceMin, float sourceMax,
                                const PadGeometry& geometry, bool interleaved = false);

}  // namespace fftscope::imaging
