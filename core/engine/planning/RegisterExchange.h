// Register-held grouped passes (kernels/grouped_fft.cl with EXCHANGE_ROUNDS > 1): a work-group's
// C lanes of F points stay in registers, 16, 32 or 64 values a work-item, and go through local
// memory in X rounds between inner passes, a slice of F/X positions of every lane a round. So a
// row or a block of columns larger than local memory still takes one pass over global memory.
//
// The kernel knows which of a work-item's values belong to a round from the value's butterfly
// round q and point m alone (write_slice, read_slice), never from the work-item's index: that is
// what lets the compiler keep the values in registers, each round freeing as many as it fills.
// That holds for some radix sequences only (a pass writing to a later one needs four butterflies
// a work-item, radix 4 of 16 values, radix 8 of 32 or radix 16 of 64, unless it is near the end),
// so the planner picks one and then checks the kernel's formulas against the real positions for
// every work-item.
//
// An f32 row with an odd factor one component of which fits local memory, in whole runs of 32
// points, goes through it a component at a time instead (GroupedStep::components,
// COMPONENT_EXCHANGE): two rounds, the real parts and then the imaginary parts of every value, so
// no slice formula binds the radices and a work-item holds the fewest values (at most 64) that
// share the row evenly and that its radices divide (6144 points: 256 work-items of 24).
#pragma once

#include "engine/description/FftTypes.h"
#include "engine/planning/GroupedPlanner.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace fftscope {

struct DeviceLimits;

// Local memory a compiler may keep beside a kernel's arrays: NVIDIA's took 4 bytes of every
// grouped kernel on the H200 (24,580 bytes for an array of 24,576).
constexpr std::size_t kCompilerLocalBytes = 16;

// Values a work-item of a register-held pass holds, unless 32 or 64 take fewer inner passes
// (DeviceLimits::registerValues).
constexpr std::size_t kRegisterValues = 16;

// The shape of one register-held pass as the kernel sees it.
struct RegisterExchange {
  std::size_t points = 0;  // F: a power of two, or a whole row with an odd factor
  std::size_t lanes = 1;   // C
  std::size_t group = 0;   // G = C * F / values
  std::size_t rounds = 1;  // X
  std::size_t values = kRegisterValues;  // V = C * F / G
  std::vector<int> radices;
  bool readLaneFast = true;   // the first inner pass's butterflies (READ_LANE_FAST)
  bool writeLaneFast = true;  // the last inner pass's butterflies (WRITE_LANE_FAST)
};

// Whether the kernel's slice formulas give every value's true slice, every work-item writes and
// reads the same number of values each round, and no formula divides by zero.
bool exchangeSlicesExact(const RegisterExchange& exchange);

// The registers a work-item of a register-held group of `groupItems` may take where the build
// caps them (DeviceLimits::registerCap): the register file shared out, within 16..255.
std::size_t registerCapFor(std::size_t groupItems, const DeviceLimits& limits);

// A register-held step of `points` and `lanes` lanes, or none where the device's work-groups or
// local memory are too small or no radix sequence passes the check. Points with an odd factor
// (a whole row, one lane, DeviceLimits::oddRegisterPasses) take the odd radix among the inner
// passes wherever the check finds it a place (12288 as 8 8 24 8 in 96 values a work-item).
std::optional<GroupedStep> registerHeldStep(std::size_t points, std::size_t lanes, bool readLaneFast,
                                            bool writeLaneFast, Precision precision, const DeviceLimits& limits);

}  // namespace fftscope
