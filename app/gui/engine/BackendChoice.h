// Which FFT the Image workspace and the headless commands use: the OpenCL engine on the chosen
// device, or FFTW with a notice that says why (no OpenCL platform, or the device failed to start).
// A list of devices (`all`, `0,1`, `0/2`: DeviceSet.h) gives the first as the backend and the
// others beside it, each on its own context, for work spread over them.
#pragma once

#include "imaging/FftBackend.h"
#include "imaging/OpenClFftBackend.h"

#include <memory>
#include <string>
#include <vector>

namespace fftscope::gui {

struct ChosenBackend {
  std::unique_ptr<imaging::FftBackend> backend;
  imaging::OpenClFftBackend* opencl = nullptr;  // the same object when it is the engine; else null
  std::string deviceName;                       // "FFTW (host)" for the fallback
  std::string platformName;
  std::string driverVersion;
  std::string notice;  // empty, or why the engine is not in use
  std::string wisdomNotice;  // empty, or why the stored wisdom of measured plans is not used
  std::vector<std::unique_ptr<imaging::OpenClFftBackend>> others;  // the devices after the first
  std::vector<std::string> deviceLabels;  // one a device in use, the first's first
};

// How a device is named among several in use: its place in the list and its name.
std::string deviceLabel(std::size_t position, const std::string& name, std::size_t devices);

// selector: as cl::chooseDevice ("" = FFTSCOPE_DEVICE or the default); useFftw skips OpenCL.
ChosenBackend chooseBackend(const std::string& selector = {}, bool useFftw = false);

}  // namespace fftscope::gui
