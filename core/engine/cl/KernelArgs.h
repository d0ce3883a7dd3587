// Setting a kernel argument, checked: a failure names the kernel and the argument's index.
#pragma once

#include "engine/cl/ClError.h"

#include <string>

namespace fftscope::cl {

template <typename T>
void setArg(cl_kernel kernel, cl_uint index, const T& value, const std::string& kernelName) {
  // The message is made only on failure: plans set arguments at every launch.
  const cl_int code = clSetKernelArg(kernel, index, sizeof(T), &value);
  if (code != CL_SUCCESS) throw ClError("clSetKernelArg(" + kernelName + ", " + std::to_string(index) + ")", code);
}

// Sets arguments 0, 1, 2, ... to the values given, in order.
template <typename... Values>
void setArgs(cl_kernel kernel, const std::string& kernelName, const Values&... values) {
  cl_uint index = 0;
  (setArg(kernel, index++, values, kernelName), ...);
}

}  // namespace fftscope::cl
