// Past a file size limit (RLIMIT_FSIZE) the kernel sends SIGXFSZ, whose default action kills the
// process with its temporary file left behind. While one of these guards lives the signal is
// ignored, so that the write fails with EFBIG instead and the writer can report it and clean up.
// Guards nest and may live on several threads at once: the first one in ignores the signal, the
// last one out puts back what was there.
#pragma once

namespace fftscope::io {

class FileSizeSignalIgnored {
 public:
  FileSizeSignalIgnored();
  ~FileSizeSignalIgnored();
  FileSizeSignalIgnored(const FileSizeSignalIgnored&) = delete;
  FileSizeSignalIgnored& operator=(const FileSizeSignalIgnored&) = delete;
};

}  // namespace fftscope::io
