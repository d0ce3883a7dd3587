// One OpenCL context for a whole test binary, so each kernel is compiled once. Tests that need a
// device skip, saying why, when there is no OpenCL platform.
#pragma once

#include "engine/cl/DeviceContext.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace fftscope::testing {

inline cl::DeviceContext* sharedDevice(std::string* why = nullptr) {
  static std::unique_ptr<cl::DeviceContext> context;
  static std::string reason;
  static bool tried = false;
  if (!tried) {
    tried = true;
    try {
      context = std::make_unique<cl::DeviceContext>(cl::chooseDevice());
    } catch (const std::exception& e) {
      reason = e.what();
    }
  }
  if (why) *why = reason;
  return context.get();
}

#define FFTSCOPE_REQUIRE_DEVICE(ctx)                         \
  std::string why_no_device;                                 \
  cl::DeviceContext* ctx = testing::sharedDevice(&why_no_device); \
  if (!ctx) GTEST_SKIP() << "no OpenCL device: " << why_no_device

}  // namespace fftscope::testing
