#include "imaging/device/DeviceMask.h"

#include "engine/cl/KernelArgs.h"
#include "engine/runtime/ElementwiseLaunch.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fftscope {
namespace {

// Beyond this many radii a soft notch differs from 1 by less than 2^-36, which no float mask
// value can show: the host leaves those bins alone, and so does the kernel.
constexpr double kSoftNotchReach = 6.0;
constexpr std::size_t kDiscFields = 8;
enum DiscKind { kSoftNotch = 0, kHardNotch = 1, kKeep = 2, kRemove = 3 };

// kernels/mask.cl takes the filter's kind and shape as these numbers.
static_assert(int(imaging::FilterKind::AllPass) == 0 && int(imaging::FilterKind::LowPass) == 1 &&
              int(imaging::FilterKind::HighPass) == 2 && int(imaging::FilterKind::BandPass) == 3 &&
              int(imaging::FilterKind::BandStop) == 4);
static_assert(int(imaging::FilterShape::Ideal) == 0 && int(imaging::FilterShape::Gaussian) == 1 &&
              int(imaging::FilterShape::Butterworth) == 2);

double wrappedDifference(double a, double b) {
  const double d = a - b;
  return d - std::round(d);
}

// The box of bins within `reach` of `centre` on an axis of n bins, as the host mask visits them:
// from ceil((centre - reach) n) to floor((centre + reach) n), the whole axis when that spans n
// bins or more. As (first bin modulo n, extent); false when the box holds no bin.
bool axisBox(double centre, double reach, std::size_t n, double& first, double& extent) {
  const double size = double(n);
  const double lo = std::ceil((centre - reach) * size);
  const double hi = std::floor((centre + reach) * size);
  if (!(hi - lo + 1 < size)) {
    first = 0;
    extent = size - 1;
    return true;
  }
  if (hi < lo) return false;
  first = std::fmod(lo, size);
  if (first < 0) first += size;
  extent = hi - lo;
  return true;
}

void addDisc(std::vector<double>& discs, double fx, double fy, double radius, double reach, DiscKind kind,
             std::size_t rows, std::size_t cols) {
  double x0 = 0, xw = 0, y0 = 0, yw = 0;
  if (!axisBox(fx, reach, cols, x0, xw) || !axisBox(fy, reach, rows, y0, yw)) return;
  discs.insert(discs.end(), {fx, fy, radius, double(kind), x0, xw, y0, yw});
}

}  // namespace

std::vector<double> maskDiscs(const imaging::FilterSpec& spec, std::size_t rows, std::size_t cols) {
  std::vector<double> discs;
  for (const imaging::Notch& notch : spec.notches) {
    const bool soft = notch.edge == imaging::NotchEdge::Soft;
    const double reach = soft ? kSoftNotchReach * notch.radius : notch.radius;
    const DiscKind kind = soft ? kSoftNotch : kHardNotch;
    addDisc(discs, notch.fx, notch.fy, notch.radius, reach, kind, rows, cols);
    const bool ownTwin = wrappedDifference(notch.fx, -notch.fx) == 0.0 && wrappedDifference(notch.fy, -notch.fy) == 0.0;
    if (!ownTwin) addDisc(discs, -notch.fx, -notch.fy, notch.radius, reach, kind, rows, cols);
  }
  for (const imaging::MaskStroke& stroke : spec.strokes)
    for (const double sign : {1.0, -1.0})
      addDisc(discs, sign * stroke.fx, sign * stroke.fy, stroke.radius, stroke.radius,
              stroke.action == imaging::StrokeAction::Keep ? kKeep : kRemove, rows, cols);
  return discs;
}

DeviceMask::DeviceMask(cl::DeviceContext& context, std::size_t rows, std::size_t cols)
    : context_(context), rows_(rows), cols_(cols) {
  if (!available(context.device()))
    throw std::invalid_argument(context.device().name +
                                " has no double precision (cl_khr_fp64), which masks made on the device need");
  if (rows < 1 || cols < 1 || rows > (1u << 30) || cols > (1u << 30))
    throw std::invalid_argument("a mask of " + std::to_string(rows) + " x " + std::to_string(cols) + " bins");
  kernel_ = context_.kernel("mask", "", "build_mask");
}

void DeviceMask::upload(const std::vector<double>& discs) {
  lastUploadBytes_ = 0;
  if (discs == onDevice_ && discs_) return;
  const std::size_t bytes = std::max<std::size_t>(discs.size(), kDiscFields) * sizeof(double);
  if (!discs_ || staging_.size() < bytes) {
    discs_ = context_.buffer(bytes, CL_MEM_READ_ONLY);
    staging_ = cl::PinnedHostBuffer(context_, bytes);
  }
  if (!discs.empty()) {
    std::memcpy(staging_.data(), discs.data(), discs.size() * sizeof(double));
    // Blocking: the staging memory is free again when this returns.
    context_.write(discs_.get(), staging_.data(), discs.size() * sizeof(double));
    lastUploadBytes_ = discs.size() * sizeof(double);
  }
  onDevice_ = discs;
}

cl::Event DeviceMask::enqueue(const imaging::FilterSpec& spec, cl_mem out, std::size_t width) {
  imaging::validateFilterSpec(spec);
  if (width < 1 || width > cols_)
    throw std::invalid_argument("a mask row of " + std::to_string(width) + " values for a spectrum of " +
                                std::to_string(cols_) + " columns");
  const std::vector<double> discs = maskDiscs(spec, rows_, cols_);
  upload(discs);
  cl_mem list = discs_.get();
  const cl_uint discCount = static_cast<cl_uint>(discs.size() / kDiscFields);
  cl::setArgs(kernel_.get(), "build_mask", out, static_cast<cl_uint>(rows_), static_cast<cl_uint>(cols_),
              static_cast<cl_uint>(width), static_cast<cl_uint>(spec.base.kind), static_cast<cl_uint>(spec.base.shape),
              spec.base.cutoff, spec.base.upperCutoff, static_cast<cl_int>(spec.base.order), list, discCount);
  return launchElementwise(context_, kernel_, width, rows_);
}

std::vector<float> DeviceMask::values(const imaging::FilterSpec& spec, std::size_t width) {
  cl::Buffer out = context_.buffer(rows_ * width * sizeof(float));
  cl::Event built = enqueue(spec, out.get(), width);
  std::vector<float> mask(rows_ * width);
  context_.read(out.get(), mask.data(), mask.size() * sizeof(float));
  return mask;
}

}  // namespace fftscope
