// The live analyser's work on the engine thread: a batch of frames windowed and transformed
// through the engine (OpenCL on a device, FFTW where there is none), returned as squared
// magnitudes |X_k|^2, k = 0 .. n/2. Batches are padded to a power-of-two count of rows so that
// only a few plans are ever baked. Used by one job at a time.
#pragma once

#include "signal/Window.h"

#include <QString>

#include <complex>
#include <memory>
#include <vector>

namespace fftscope::signal {
class FftwBatchBackend;
class OpenClBatchBackend;
}  // namespace fftscope::signal

namespace fftscope::gui {

class EngineRuntime;

struct LiveFrames {
  std::size_t fftSize = 0;
  std::size_t count = 0;
  std::vector<float> samples;  // count x fftSize, unwindowed
  std::vector<qint64> completedNs;  // when each frame's last sample arrived
};

struct LiveSpectra {
  std::size_t fftSize = 0;
  std::size_t count = 0;
  std::vector<double> squaredMagnitudes;  // count x (fftSize / 2 + 1)
  std::vector<qint64> completedNs;
  double windowSum = 0.0;
  double windowSquareSum = 0.0;
  double computeMs = 0.0;
  QString backend;
};

class LiveTransform {
 public:
  LiveTransform();
  ~LiveTransform();
  LiveSpectra transform(EngineRuntime& runtime, const LiveFrames& frames, const signal::WindowSpec& window);

 private:
  std::unique_ptr<signal::FftwBatchBackend> fftw_;
  std::unique_ptr<signal::OpenClBatchBackend> opencl_;
  bool openclRefused_ = false;
  signal::WindowSpec windowSpec_;
  std::vector<double> window_;
  std::vector<std::complex<float>> rows_;
};

}  // namespace fftscope::gui
