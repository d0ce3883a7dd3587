// Predicted times of one huge transform on one device and by each split, from measured figures:
// each device's pinned link bandwidth per direction (measured with every device copying at once)
// and its plans' times, and the cost of starting work on all devices at once. Copies, transforms and merges of one device follow one another (the
// splits overlap only the host's staging with the copies); devices work at the same time, so a
// stage takes as long as its slowest device.
#pragma once

#include <cstddef>
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
};

// One device: with the data on the host, upload, transform (planSeconds), download; with it on the
// device, the transform alone.
double oneDeviceSeconds(double bytes, const LinkFigures& link, double planSeconds, bool dataOnDevice);

// The thesis split over links.size() devices; shareSeconds[g]: device g's N/G-point plan. With the
// data on devices[holder], the holder's butterfly step and merge (holderPassSeconds, both passes)
// and its shares' trips through the host are added.
double thesisSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const double> shareSeconds,
                          bool dataOnDevice, std::size_t holder = 0, double holderPassSeconds = 0);

// The four-step split: columnSeconds[g] and rowSeconds[g] are device g's share of the column and
// row FFTs; two stages, each an upload, the FFTs and a download of bytes / G a device. With the
// data on devices[holder], it goes to the host and back first and last.
double fourStepSplitSeconds(double bytes, std::span<const LinkFigures> links, std::span<const double> columnSeconds,
                            std::span<const double> rowSeconds, bool dataOnDevice, std::size_t holder = 0);

}  // namespace fftscope::multi
