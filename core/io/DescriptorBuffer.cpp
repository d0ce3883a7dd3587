#include "io/DescriptorBuffer.h"

#include <unistd.h>

#include <cerrno>

namespace fftscope::io {
namespace {

constexpr std::size_t kBufferBytes = 1 << 16;

}  // namespace

DescriptorBuffer::DescriptorBuffer(int fd) : fd_(fd), buffer_(kBufferBytes) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool DescriptorBuffer::writeAll(const char* data, std::size_t count) {
  if (error_ != 0) return false;
  while (count > 0) {
    const ssize_t n = ::write(fd_, data, count);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      // A write of nothing on a regular file means it is full.
      error_ = n < 0 ? errno : ENOSPC;
      return false;
    }
    data += n;
    count -= std::size_t(n);
  }
  return true;
}

bool DescriptorBuffer::drain() {
  const std::size_t count = std::size_t(pptr() - pbase());
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return writeAll(buffer_.data(), count);
}

DescriptorBuffer::int_type DescriptorBuffer::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize DescriptorBuffer::xsputn(const char* data, std::streamsize count) {
  // Large blocks go straight to the file rather than through the buffer.
  if (std::size_t(count) < buffer_.size()) return std::streambuf::xsputn(data, count);
  if (!drain() || !writeAll(data, std::size_t(count))) return 0;
  return count;
}

int DescriptorBuffer::sync() { return drain() ? 0 : -1; }

}  // namespace fftscope::io
