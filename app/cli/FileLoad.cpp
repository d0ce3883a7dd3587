#include "FileLoad.h"

#include "engine/cl/HostParallel.h"

#include <chrono>
#include <complex>
#include <mutex>
#include <type_traits>

namespace fftscope::cli {
namespace {

constexpr std::size_t kPart = std::size_t{8} << 20;  // bytes read or converted at a time

// body(begin, end) over parts of [0, count) on every core, in pieces of at most `piece` so that a
// stop is seen soon; the first failure is thrown here.
template <typename Body>
void onEveryCore(std::size_t count, std::size_t piece, const std::atomic<bool>& stop, const Body& body) {
  std::mutex mutex;
  std::exception_ptr failure;
  cl::parallelFor(count, cl::stagingThreads(1), [&](std::size_t begin, std::size_t end) {
    try {
      for (std::size_t from = begin; from < end && !stop; from += piece) body(from, std::min(end, from + piece));
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!failure) failure = std::current_exception();
    }
  }, piece);
  if (failure) std::rethrow_exception(failure);
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

template <typename T>
FileLoad<T>::FileLoad(const NpyHeader& header)
    : header_(header), bytes_(header.elementCount() * sizeof(std::complex<T>)) {
  values_ = hostBytes(bytes_);
  thread_ = std::thread([this] {
    try {
      run();
    } catch (...) {
      failure_ = std::current_exception();
    }
  });
}

template <typename T>
FileLoad<T>::~FileLoad() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
}

template <typename T>
std::span<std::uint8_t> FileLoad<T>::wait() {
  if (thread_.joinable()) thread_.join();
  if (failure_) std::rethrow_exception(failure_);
  return {values_.get(), bytes_};
}

// Straight into the values where the file holds complex<T>, else beside them and converted.
template <typename T>
void FileLoad<T>::run() {
  converted_ = !(header_.isComplex && header_.precision == (std::is_same_v<T, float> ? Precision::F32 : Precision::F64));
  HostBytes stored;
  std::span<std::uint8_t> into{values_.get(), bytes_};
  if (converted_) {
    stored = hostBytes(header_.dataBytes);
    into = {stored.get(), header_.dataBytes};
  }
  auto started = std::chrono::steady_clock::now();
  onEveryCore(into.size(), kPart, stop_, [&](std::size_t begin, std::size_t end) {
    readNpyBytes(header_, begin, into.subspan(begin, end - begin));
  });
  readMs_ = msSince(started);
  if (!converted_ || stop_) return;
  started = std::chrono::steady_clock::now();
  const std::span<std::complex<T>> values{reinterpret_cast<std::complex<T>*>(values_.get()), header_.elementCount()};
  const std::size_t each = header_.dataBytes / values.size();  // bytes a stored value takes
  onEveryCore(values.size(), kPart / sizeof(std::complex<T>), stop_, [&](std::size_t begin, std::size_t end) {
    toComplexInto(into.subspan(begin * each, (end - begin) * each), header_.isComplex, header_.precision,
                  values.subspan(begin, end - begin));
  });
  convertMs_ = msSince(started);
}

template class FileLoad<float>;
template class FileLoad<double>;

}  // namespace fftscope::cli
