// Other OpenCL FFT libraries run on the same device, queue and buffers as the engine, so that
// `fftscope-cli bench --peers` times them side by side: clFFT and VkFFT (its OpenCL backend).
// A peer is built for one description and enqueued many times; it is out of place, forward or
// inverse as described (inverse scaled by 1/N, as the engine's).
// Real peers (makeRealPeer) take the description of a real transform and the layouts of RealPlan:
// Forward reads batch · rows · cols reals and writes batch · rows · (cols/2 + 1) complex bins (R2C),
// Inverse the other way round (C2R). Some leave their input changed; bench-real finds out.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "engine/description/PlanDescription.h"

#include <memory>
#include <string>
#include <vector>

namespace fftscope {

class PeerFft {
 public:
  virtual ~PeerFft() = default;
  virtual std::string name() const = 0;
  // Enqueues the transform of `in` into `out` on the context's queue; returns without waiting.
  virtual void enqueue(cl_mem in, cl_mem out) = 0;
};

// The peers this build has, by name: "clfft", "vkfft".
std::vector<std::string> peerNames();
// Throws std::invalid_argument for an unknown name or a description the peer cannot take, and
// std::runtime_error, naming the library and its error, when the library fails.
std::unique_ptr<PeerFft> makePeer(const std::string& name, cl::DeviceContext& context,
                                  const PlanDescription& description);

// The peers with real transforms: "clfft", "vkfft". Throws as makePeer.
std::vector<std::string> realPeerNames();
std::unique_ptr<PeerFft> makeRealPeer(const std::string& name, cl::DeviceContext& context,
                                      const PlanDescription& real);

std::unique_ptr<PeerFft> makeClfftPeer(cl::DeviceContext& context, const PlanDescription& description);
std::unique_ptr<PeerFft> makeVkfftPeer(cl::DeviceContext& context, const PlanDescription& description);
std::unique_ptr<PeerFft> makeClfftRealPeer(cl::DeviceContext& context, const PlanDescription& real);
std::unique_ptr<PeerFft> makeVkfftRealPeer(cl::DeviceContext& context, const PlanDescription& real);

}  // namespace fftscope
