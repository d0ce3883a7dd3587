#include "ForkedChild.h"

#include <sys/wait.h>
#include <unistd.h>

#include <exception>

namespace fftscope::io::test {

int inForkedChild(const std::function<int()>& check) {
  const pid_t child = ::fork();
  if (child < 0) return -1;
  if (child == 0) {
    int code = 99;
    try {
      code = check();
    } catch (const std::exception&) {
      code = 98;
    }
    ::_exit(code);
  }
  int status = 0;
  if (::waitpid(child, &status, 0) != child) return -1;
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace fftscope::io::test
