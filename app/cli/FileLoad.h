// A .npy file's values as complex<T>, read (and converted where the file holds another type) on
// every core in threads of their own, beside whatever the caller does meanwhile: finding the
// device and building its programs take longer than reading a file from the page cache. A caller
// that gives up (a device that cannot take the shape) stops it: no more of the file is read.
#pragma once

#include "io/Npy.h"

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
#include <span>
#include <thread>

namespace fftscope::cli {

// Host memory that nothing reads before it is written: not zeroed first. Page-aligned, so that a
// CPU device can take it as a buffer's memory as it is (CL_MEM_USE_HOST_PTR).
struct FreeHostBytes {
  void operator()(std::uint8_t* bytes) const { ::operator delete[](bytes, std::align_val_t{4096}); }
};
using HostBytes = std::unique_ptr<std::uint8_t[], FreeHostBytes>;
inline HostBytes hostBytes(std::size_t bytes) {
  return HostBytes(static_cast<std::uint8_t*>(::operator new[](bytes, std::align_val_t{4096})));
}

template <typename T>
class FileLoad {
 public:
  // header: checked; it must outlive this.
  explicit FileLoad(const NpyHeader& header);
  FileLoad(const FileLoad&) = delete;
  FileLoad& operator=(const FileLoad&) = delete;
  ~FileLoad();  // stops the reading and waits for it

  // Waits for the values; throws what reading or converting threw.
  std::span<std::uint8_t> wait();
  // Gives the values' memory back (after the last use of what wait() returned).
  void free() { values_.reset(); }
  // Each part's own time once waited for (ms), and whether the file was converted.
  double readMs() const { return readMs_; }
  double convertMs() const { return convertMs_; }
  bool converted() const { return converted_; }

 private:
  void run();

  const NpyHeader& header_;
  HostBytes values_;
  std::size_t bytes_ = 0;
  std::atomic<bool> stop_{false};
  std::exception_ptr failure_;
  double readMs_ = 0, convertMs_ = 0;
  bool converted_ = false;
  std::thread thread_;
};

extern template class FileLoad<float>;
extern template class FileLoad<double>;

}  // namespace fftscope::cli
