// A std::streambuf over a file descriptor, so that text and large arrays can be streamed into a
// staged file without being gathered whole in memory first. The first failed write's errno is
// kept (ENOSPC, EFBIG, EIO...) so that the error can say why; after it nothing more is written.
#pragma once

#include <streambuf>
#include <vector>

namespace fftscope::io {

class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd);

  // errno of the first write that failed, 0 while none has.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* data, std::streamsize count) override;
  int sync() override;

 private:
  bool drain();
  bool writeAll(const char* data, std::size_t count);

  int fd_;
  int error_ = 0;
  std::vector<char> buffer_;
};

}  // namespace fftscope::io
