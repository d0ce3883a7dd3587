#include "imaging/DeviceFilterParameters.h"

namespace fftscope::imaging {
namespace {

SampleMapping sampleMapping(OutputRange range) {
  switch (range) {
    case OutputRange::Offset: return SampleMapping::Offset;
    case OutputRange::Stretch: return SampleMapping::Stretch;
    case OutputRange::Clip: return SampleMapping::Clip;
    case OutputRange::Float: return SampleMapping::Float;
  }
  return SampleMapping::Clip;
}

}  // namespace

OutputFormat deviceOutputFormat(OutputRange range, int bitDepth, float sourceMin, float sourceMax,
                                const PadGeometry& geometry, bool interleaved) {
  OutputFormat format;
  format.mapping = sampleMapping(range);
  format.bitDepth = bitDepth;
  format.clipLow = sourceMin;
  format.clipHigh = sourceMax;
  format.x = std::size_t(geometry.offsetX);
  format.y = std::size_t(geometry.offsetY);
  format.width = std::size_t(geometry.width);
  format.height = std::size_t(geometry.height);
  format.interleaved = interleaved;
  return format;
}

}  // namespace fftscope::imaging
