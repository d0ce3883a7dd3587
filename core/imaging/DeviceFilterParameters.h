// The Image workspace's filter and output range in the engine's plain terms, for masks and
// output samples made on the device (engine/DeviceMask.h, engine/DeviceOutput.h): the engine
// knows nothing of FilterSpec or OutputRange, so the translation lives here.
#pragma once

#include "imaging/device/DeviceMaskSpec.h"
#include "imaging/device/DeviceOutput.h"
#include "imaging/FilterSpec.h"
#include "imaging/OutputRange.h"
#include "imaging/Padding.h"

namespace fftscope::imaging {

// Validates the spec first (std::invalid_argument, as buildMask does).
DeviceMaskSpec deviceMaskSpec(const FilterSpec& spec);

// Planes of geometry's padded size cropped to the image, mapped as `range` does for an image of
// bitDepth whose own samples span sourceMin .. sourceMax (Clip's bounds); Float gives the
// values as they are. Plane after plane, or pixel by pixel when interleaved.
OutputFormat deviceOutputFormat(OutputRange range, int bitDepth, float sourceMin, float sourceMax,
                                const PadGeometry& geometry, bool interleaved = false);

}  // namespace fftscope::imaging
