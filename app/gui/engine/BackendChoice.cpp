#include "engine/BackendChoice.h"

#include "engine/cl/DeviceSet.h"
#include "engine/cl/Devices.h"
#include "engine/planning/PlanPolicy.h"
#include "imaging/FftwBackend.h"

#include <exception>

namespace fftscope::gui {
namespace {

ChosenBackend fftwFallback(std::string notice) {
  ChosenBackend chosen;
  chosen.backend = std::make_unique<imaging::FftwBackend>();
  chosen.deviceName = "FFTW (host)";
  chosen.notice = std::move(notice);
  return chosen;
}

bool namesSeveral(const std::string& selector) {
  return selector == "all" || selector.find_first_of(",/") != std::string::npos;
}

std::unique_ptr<imaging::OpenClFftBackend> engineOn(const cl::DeviceInfo& device) {
  auto opencl = std::make_unique<imaging::OpenClFftBackend>(device);
  // Plans measured by `fftscope-cli --plan measure` are taken where stored (the engine's plan
  // policy, by estimate); a wisdom file that cannot be read is only said, as the command line says it.
  opencl->usePlanPolicy(PlanPolicy({}, device));
  return opencl;
}

}  // namespace

std::string deviceLabel(std::size_t position, const std::string& name, std::size_t devices) {
  return devices < 2 ? name : std::to_string(position) + ": " + name;
}

ChosenBackend chooseBackend(const std::string& selector, bool useFftw) {
  if (useFftw) return fftwFallback("FFTW chosen instead of the OpenCL engine");
  try {
    const std::vector<cl::DeviceInfo> devices =
        namesSeveral(selector) ? cl::selectDevices(selector, cl::listDevices())
                               : std::vector<cl::DeviceInfo>{cl::chooseDevice(selector)};
    const cl::DeviceInfo& device = devices.front();
    auto opencl = engineOn(device);
    ChosenBackend chosen;
    if (const Wisdom* wisdom = PlanPolicy({}, device).wisdom()) chosen.wisdomNotice = wisdom->warning();
    for (std::size_t i = 1; i < devices.size(); ++i) chosen.others.push_back(engineOn(devices[i]));
    for (std::size_t i = 0; i < devices.size(); ++i)
      chosen.deviceLabels.push_back(deviceLabel(i, devices[i].name, devices.size()));
    chosen.opencl = opencl.get();
    chosen.backend = std::move(opencl);
    chosen.deviceName = device.name;
    chosen.platformName = device.platformName;
    chosen.driverVersion = device.driverVersion;
    return chosen;
  } catch (const cl::NoPlatformError&) {
    return fftwFallback("No OpenCL platform found: computing with FFTW on the host");
  } catch (const std::exception& error) {
    return fftwFallback(std::string("The OpenCL device could not be used (") + error.what() +
                        "): computing with FFTW on the host");
  }
}

}  // namespace fftscope::gui
