#include "engine/peers/PeerFft.h"

#include <stdexcept>

namespace fftscope {

std::vector<std::string> peerNames() { return {"clfft", "vkfft"}; }

std::unique_ptr<PeerFft> makePeer(const std::string& name, cl::DeviceContext& context,
                                  const PlanDescription& description) {
  if (name == "clfft") return makeClfftPeer(context, description);
  if (name == "vkfft") return makeVkfftPeer(context, description);
  throw std::invalid_argument("unknown peer '" + name + "' (accepted: clfft, vkfft)");
}

std::vector<std::string> realPeerNames() { return {"clfft", "vkfft"}; }

std::unique_ptr<PeerFft> makeRealPeer(const std::string& name, cl::DeviceContext& context, const PlanDescription& real) {
  if (name == "clfft") return makeClfftRealPeer(context, real);
  if (name == "vkfft") return makeVkfftRealPeer(context, real);
  throw std::invalid_argument("unknown real peer '" + name + "' (accepted: clfft, vkfft)");
}

}  // namespace fftscope
