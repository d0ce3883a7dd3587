// Which FFT the Image workspace and the headless commands use: the OpenCL engine on the chosen
// device, or FFTW with a notice that says why (no OpenCL platform, or the device failed to start).
#pragma once

#include "imaging/FftBackend.h"
#include "imaging/OpenClFftBackend.h"

#include <memory>
#include <string>

namespace fftscope::gui {

struct ChosenBackend {
  std::unique_ptr<imaging::FftBackend> backend;
  imaging::OpenClFftBackend* opencl = nullptr;  // the same object when it is the engine; else null
  std::string deviceName;                       // "FFTW (host)" for the fallback
  std::string platformName;
  std::string driverVersion;
  std::string notice;  // empty, or why the engine is not in use
  std::string wisdomNotice;  // empty, or why the stored wisdom of measured plans is not used
};

// selector: as cl::chooseDevice ("" = FFTSCOPE_DEVICE or the default); useFftw skips OpenCL.
ChosenBackend chooseBackend(const std::string& selector = {}, bool useFftw = false);

}  // namespace fftscope::gui
