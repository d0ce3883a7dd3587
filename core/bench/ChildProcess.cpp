#include "bench/ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace fftscope::bench {
namespace {

constexpr std::size_t kMaxOut = std::size_t{64} << 20;  // a result is a few KiB: more is garbage
constexpr std::size_t kErrTail = 4096;

struct Pipe {
  int read = -1, write = -1;
  ~Pipe() { closeBoth(); }
  void closeBoth() {
    if (read >= 0) ::close(read);
    if (write >= 0) ::close(write);
    read = write = -1;
  }
};

bool makePipe(Pipe& p) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return false;
  p.read = fds[0];
  p.write = fds[1];
  return true;
}

}  // namespace

std::string signalName(int signal) {
  switch (signal) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    default: return "signal " + std::to_string(signal);
  }
}

ChildResult runChild(const std::vector<std::string>& argv, std::chrono::milliseconds limit,
                     const std::atomic<bool>* cancel) {
  ChildResult result;
  Pipe out, err;
  if (argv.empty() || !makePipe(out) || !makePipe(err)) {
    result.startError = argv.empty() ? "no program" : std::strerror(errno);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    result.startError = "cannot start '" + argv[0] + "': " + std::strerror(spawned);
    return result;
  }
  ::close(out.write);
  ::close(err.write);
  out.write = err.write = -1;

  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + limit;
  bool killed = false;
  Clock::time_point killedAt;
  auto stop = [&](ChildResult::End why) {
    if (!killed) ::kill(pid, SIGKILL);
    if (!killed) killedAt = Clock::now();
    killed = true;
    result.end = why;
  };
  pollfd fds[2] = {{out.read, POLLIN, 0}, {err.read, POLLIN, 0}};
  char buffer[65536];
  // Read both pipes until the child closes them (it exited, or was killed and its pipes closed).
  // Once killed, a second at most for what is left (a grandchild could hold the pipes open).
  while ((fds[0].fd >= 0 || fds[1].fd >= 0) && !(killed && Clock::now() >= killedAt + std::chrono::seconds(1))) {
    if (!killed && cancel && cancel->load()) stop(ChildResult::End::Cancelled);
    if (!killed && Clock::now() >= deadline) stop(ChildResult::End::TimedOut);
    const int ready = ::poll(fds, 2, 100);  // short, so that a cancel is seen soon
    if (ready < 0 && errno != EINTR) break;
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        fds[i].fd = -1;
        continue;
      }
      std::string& text = i == 0 ? result.out : result.err;
      text.append(buffer, static_cast<std::size_t>(n));
      if (i == 1 && text.size() > 2 * kErrTail) text.erase(0, text.size() - kErrTail);
      if (i == 0 && text.size() > kMaxOut) stop(ChildResult::End::Exited);  // judged as garbage by the caller
    }
  }
  // A child may close its output and still run: the limit holds until it is reaped.
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, killed ? 0 : WNOHANG);
    if (done == pid || (done < 0 && errno != EINTR)) break;
    if (done == 0) {
      if (cancel && cancel->load()) stop(ChildResult::End::Cancelled);
      else if (Clock::now() >= deadline) stop(ChildResult::End::TimedOut);
      else ::usleep(20000);
    }
  }
  if (result.err.size() > kErrTail) result.err.erase(0, result.err.size() - kErrTail);
  if (killed) return result;
  if (WIFSIGNALED(status)) {
    result.end = ChildResult::End::Signalled;
    result.signal = WTERMSIG(status);
  } else {
    result.end = ChildResult::End::Exited;
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  return result;
}

}  // namespace fftscope::bench
