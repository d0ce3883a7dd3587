#include "LinkReport.h"

#include "engine/cl/HostThreadPool.h"

#include <cstdio>

namespace fftscope::cli {

nlohmann::ordered_json linksJson(std::span<cl::DeviceContext* const> devices, std::span<const multi::LinkFigures> links) {
  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (std::size_t g = 0; g < devices.size(); ++g)
    all.push_back({{"name", devices[g]->device().name}, {"driver", devices[g]->device().driverVersion},
                   {"upload_gbs", links[g].uploadBytesPerSecond / 1e9},
                   {"download_gbs", links[g].downloadBytesPerSecond / 1e9},
                   {"start_ms", links[g].startSeconds * 1e3}, {"wait_ms", links[g].waitSeconds * 1e3},
                   {"relay_gbs", links[g].relayBytesPerSecond / 1e9},
                   {"host_copy_gbs", links[g].hostCopyBytesPerSecond / 1e9},
                   {"host_copy_alone_gbs", links[g].hostCopyAloneBytesPerSecond / 1e9},
                   {"duplex_gbs", links[g].duplexBytesPerSecond / 1e9},
                   {"duplex_alone_gbs", links[g].duplexAloneBytesPerSecond / 1e9}});
  return all;
}

void printLinks(std::span<cl::DeviceContext* const> devices, std::span<const multi::LinkFigures> links) {
  for (std::size_t g = 0; g < devices.size(); ++g)
    std::printf("  %zu: %s (%s), pinned link %.1f GB/s up, %.1f GB/s down, %.1f GB/s each way both at once, all devices "
                "at once; start %.3f ms, wait %.3f ms; relay to the next %.1f GB/s\n",
                g, devices[g]->device().name.c_str(), devices[g]->device().driverVersion.c_str(),
                links[g].uploadBytesPerSecond / 1e9, links[g].downloadBytesPerSecond / 1e9,
                links[g].duplexBytesPerSecond / 1e9, links[g].startSeconds * 1e3, links[g].waitSeconds * 1e3,
                links[g].relayBytesPerSecond / 1e9);
  if (links.empty()) return;
  std::printf("  both ways at once on one device alone: %.1f GB/s each way\n", links[0].duplexAloneBytesPerSecond / 1e9);
  std::printf("  host staging copies %.1f GB/s a device with every device at once, %.1f GB/s one alone, %u threads a device\n",
              links[0].hostCopyBytesPerSecond / 1e9, links[0].hostCopyAloneBytesPerSecond / 1e9,
              cl::HostThreadPool::threadsPerDevice(devices.size()));
}

}  // namespace fftscope::cli
