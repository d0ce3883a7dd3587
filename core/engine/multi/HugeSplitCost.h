// Predicted times of one huge transform on one device and by each split, from measured figures:
// each device's pinned link bandwidth per direction (measured with every device copying at once)
// and its plans' times, and the cost of starting work on all devices at once. Copies, transforms and merges of one device follow one another (the
// splits overlap only the host's staging with the copies); devices work at the same time, so a
// stage takes as long as its slowest device.
#pragma once

#include <cstddef>
#include <optional>
#include <span>

namespace fftscope::multi {

struct LinkFigures {
  double uploadBytesPerSecond = 0;    // pinned host to device
  double downloadBytesPerSecond = 0;  // pinned device to host
  // How fast the host stages this device's data (butterflies, twiddles, transposes); 0: faster
  // than the link, so the link sets the pace.
  double stagingBytesPerSecond = 0;
  // Starting work on every device at once and waiting for this one, over one device's own start,
  // paid once a stage: what keeps a short transform on one device.
  double startSeconds = 0;
  // Starting one device's work and waiting for it beyond the work's own time on the device's
  // clock, by the host's: what each launch of a plan timed by the device costs from the host.
  double waitSeconds = 0;
  // How fast the host copies between pageable memory and pinned chunks for this device, bytes a
  // second, on the threads the batch split gives a device (HostThreadPool.h): with every device's
  // copies at once, and with this device's alone. 0: not measured, the link sets the pace.
  double hostCopyBytesPerSecond = 0;
  double hostCopyAloneBytesPerSecond = 0;
  // Each direction's rate with both directions copying at once, on every device at once and on
  // this device alone: a batch from the host moves both ways together, and the host's memory
  // carries all of it. 0: not measured, each direction at its own rate.
  double duplexBytesPerSecond = 0;
  double duplexAloneBytesPerSecond = 0;
  // A relay from this device to another (DeviceRelay.h), bytes a second once its ring is full;
  // 0: not measured, the slower of the two links sets the pace.
  double relayBytesPerSecond = 0;
};

// One device: with the data on the host, upload, transform (planSeconds), download; with it on the
// device, the transform and the host's wait for it. planSeconds: by the device's clock.
double oneDeviceSeconds(double bytes, const LinkFigures& link, double planSeconds, bool dataOnDevice);

// The longest share of the thesis split: one plan's longest transform (ThesisSplit.h).
constexpr std::size_t kLongestThesisShare = std::size_t{1} << 28;

// A relay of `bytes` from one device to another through pinned chunks of chunkBytes
// (DeviceRelay.h): at the source's measured relay rate, or the slower link's where none was
// measured, and one chunk at the faster link's while the ring fills.
double relaySeconds(double bytes, const LinkFigures& from, const LinkFigures& to, double chunkBytes);

// The thesis split over links.size() devices; shareSeconds[g]: device g's N/G-point plan. With the
// data on devices[holder], the holder's butterfly step and merge (holderPassSeconds, both passes)
// are added, and the shares' trips: each other share relayed one after another in chunks of
// relayChunkBytes before the transforms and after them (one share a device), or, where a device
// takes several shares (relayChunkBytes empty), every share down to the host's memory, up to its
// device and back, and up to the holder again.
double thesisSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const double> shareSeconds,
                          bool dataOnDevice, std::size_t holder = 0, double holderPassSeconds = 0,
                          std::optional<double> relayChunkBytes = std::nullopt);

// The four-step split: columnSeconds[g] and rowSeconds[g] are device g's share of the column and
// row FFTs; two stages, each an upload, the FFTs and a download of bytes / G a device. With the
// data on devices[holder], it goes to the host and back first and last.
double fourStepSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const double> columnSeconds,
                            std::span<const double> rowSeconds, bool dataOnDevice, std::size_t holder = 0);

}  // namespace fftscope::multi
