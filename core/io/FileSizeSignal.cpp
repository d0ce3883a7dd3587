#include "io/FileSizeSignal.h"

#include <csignal>
#include <mutex>

namespace fftscope::io {
namespace {

std::mutex guardLock;
int guards = 0;
struct sigaction before {};

}  // namespace

FileSizeSignalIgnored::FileSizeSignalIgnored() {
  std::lock_guard lock(guardLock);
  if (guards++ > 0) return;
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  ::sigaction(SIGXFSZ, &ignore, &before);
}

FileSizeSignalIgnored::~FileSizeSignalIgnored() {
  std::lock_guard lock(guardLock);
  if (--guards == 0) ::sigaction(SIGXFSZ, &before, nullptr);
}

}  // namespace fftscope::io
