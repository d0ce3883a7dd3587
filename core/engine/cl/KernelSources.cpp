#include "engine/cl/KernelSources.h"

#include "settings/ProcessSettings.h"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace fftscope {

extern const std::pair<std::string_view, std::string_view> kEmbeddedKernels[];
extern const int kEmbeddedKernelCount;

std::string kernelFile(std::string_view fileName) {
  if (const std::string& dir = processSettings().text("FFTSCOPE_KERNEL_DIR"); !dir.empty()) {
    std::string path = dir + "/" + std::string(fileName);
    std::ifstream file(path, std::ios::binary);
    if (!file) throw std::runtime_error("FFTSCOPE_KERNEL_DIR is set, but " + path + " cannot be read");
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
  }
  for (int i = 0; i < kEmbeddedKernelCount; ++i)
    if (kEmbeddedKernels[i].first == fileName) return std::string(kEmbeddedKernels[i].second);
  throw std::logic_error("no embedded kernel file " + std::string(fileName));
}

std::string kernelProgram(std::string_view family) {
  std::string program = kernelFile("common.cl");
  // grouped_fft.cl's layout, its global loads and stores with what they fold in, its real
  // transforms' untangling and tangling, its twiddles and its exchanges are files of their own.
  if (family == "grouped_fft")
    for (const char* part : {"grouped_io.cl", "grouped_hooks.cl", "grouped_real.cl", "grouped_twiddles.cl", "grouped_exchange.cl"})
      program += "\n#line 1\n" + kernelFile(part);
  return program + "\n#line 1\n" + kernelFile(std::string(family) + ".cl");
}

}  // namespace fftscope
