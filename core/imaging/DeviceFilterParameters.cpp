#include "imaging/DeviceFilterParameters.h"

namespace fftscope::imaging {
namespace {

MaskKind maskKind(FilterKind kind) {
  switch (kind) {
    case FilterKind::AllPass: return MaskKind::AllPass;
    case FilterKind::LowPass: return MaskKind::LowPass;
    case FilterKind::HighPass: return MaskKind::HighPass;
    case FilterKind::BandPass: return MaskKind::BandPass;
    case FilterKind::BandStop: return MaskKind::BandStop;
  }
  return MaskKind::AllPass;
}

MaskResponse maskResponse(FilterShape shape) {
  switch (shape) {
    case FilterShape::Ideal: return MaskResponse::Ideal;
    case FilterShape::Gaussian: return MaskResponse::Gaussian;
    case FilterShape::Butterworth: return MaskResponse::Butterworth;
  }
  return MaskResponse::Gaussian;
}

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

DeviceMaskSpec deviceMaskSpec(const FilterSpec& spec) {
  validateFilterSpec(spec);
  DeviceMaskSpec out;
  out.kind = maskKind(spec.base.kind);
  out.response = maskResponse(spec.base.shape);
  out.cutoff = spec.base.cutoff;
  out.upperCutoff = spec.base.upperCutoff;
  out.order = spec.base.order;
  for (const Notch& notch : spec.notches)
    out.notches.push_back(
        {notch.fx, notch.fy, notch.radius, notch.edge == NotchEdge::Hard ? MaskNotchEdge::Hard : MaskNotchEdge::Soft});
  for (const MaskStroke& stroke : spec.strokes)
    out.strokes.push_back({stroke.fx, stroke.fy, stroke.radius, stroke.action == StrokeAction::Keep});
  return out;
}

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
