#include "engine/BackendChoice.h"

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

}  // namespace

ChosenBackend chooseBackend(const std::string& selector, bool useFftw) {
  if (useFftw) return fftwFallback("FFTW chosen instead of the OpenCL engine");
  try {
    const cl::DeviceInfo device = cl::chooseDevice(selector);
    auto opencl = std::make_unique<imaging::OpenClFftBackend>(device);
    ChosenBackend chosen;
    // Plans measured by `fftscope-cli --plan measure` are taken where stored (the engine's plan
    // policy, by estimate); a wisdom file that cannot be read is only said, as the command line says it.
    PlanPolicy policy({}, device);
    if (const Wisdom* wisdom = policy.wisdom()) chosen.wisdomNotice = wisdom->warning();
    opencl->usePlanPolicy(std::move(policy));
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
