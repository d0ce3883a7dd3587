#include "signal/LiveTransform.h"

#include "engine/EngineRuntime.h"
#include "signal/FftwBatchBackend.h"
#include "signal/OpenClBatchBackend.h"

#include <QElapsedTimer>

#include <bit>

namespace fftscope::gui {

LiveTransform::LiveTransform() = default;
LiveTransform::~LiveTransform() = default;

LiveSpectra LiveTransform::transform(EngineRuntime& runtime, const LiveFrames& frames, const signal::WindowSpec& window) {
  QElapsedTimer clock;
  clock.start();
  const std::size_t n = frames.fftSize;
  if (window_.size() != n || windowSpec_.kind != window.kind || windowSpec_.parameter != window.parameter) {
    window_ = signal::makeWindow(window, n);
    windowSpec_ = window;
  }
  const std::size_t rows = std::bit_ceil(std::max<std::size_t>(frames.count, 1));
  rows_.assign(rows * n, {});
  for (std::size_t f = 0; f < frames.count; ++f)
    for (std::size_t i = 0; i < n; ++i) rows_[f * n + i] = float(frames.samples[f * n + i] * window_[i]);

  signal::BatchFftBackend* backend = nullptr;
  if (runtime.context() && !openclRefused_) {
    try {
      if (!opencl_) opencl_ = std::make_unique<signal::OpenClBatchBackend>(*runtime.context());
      backend = opencl_.get();
    } catch (const std::exception&) {
      openclRefused_ = true;
    }
  }
  if (!backend) {
    if (!fftw_) fftw_ = std::make_unique<signal::FftwBatchBackend>();
    backend = fftw_.get();
  }
  try {
    backend->forwardRows(rows_.data(), n, rows);
  } catch (...) {
    if (opencl_) runtime.publish(opencl_->takeTimings());
    throw;
  }
  if (backend == opencl_.get()) runtime.publish(opencl_->takeTimings());

  LiveSpectra out;
  out.fftSize = n;
  out.count = frames.count;
  out.completedNs = frames.completedNs;
  const std::size_t bins = n / 2 + 1;
  out.squaredMagnitudes.resize(frames.count * bins);
  for (std::size_t f = 0; f < frames.count; ++f)
    for (std::size_t k = 0; k < bins; ++k) out.squaredMagnitudes[f * bins + k] = std::norm(std::complex<double>(rows_[f * n + k]));
  for (double w : window_) {
    out.windowSum += w;
    out.windowSquareSum += w * w;
  }
  out.backend = QString::fromStdString(backend->name());
  out.computeMs = double(clock.nsecsElapsed()) / 1e6;
  return out;
}

}  // namespace fftscope::gui
