// Every cl* call is checked; a failure throws ClError naming the call and the error, e.g.
// "clEnqueueNDRangeKernel(stockham) failed: CL_INVALID_WORK_GROUP_SIZE (-54)".
#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <stdexcept>
#include <string>

namespace fftscope::cl {

const char* errorName(cl_int code);

class ClError : public std::runtime_error {
 public:
  ClError(std::string call, cl_int code, std::string detail = {});
  cl_int code() const { return code_; }
  const std::string& call() const { return call_; }

 private:
  std::string call_;
  cl_int code_;
};

inline void check(cl_int code, const char* call) {
  if (code != CL_SUCCESS) throw ClError(call, code);
}
inline void check(cl_int code, const std::string& call) {
  if (code != CL_SUCCESS) throw ClError(call, code);
}

}  // namespace fftscope::cl
