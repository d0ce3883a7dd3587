// A pass's kernel arguments, in the order of its kernels/*.cl signature, as plain data: each
// kernel family says its own (PassArguments.cpp), chosen by the pass's kind. The plan puts in
// its buffers and sets them (Plan::setArguments); `plan_signatures` prints them.
#pragma once

#include "engine/description/FftTypes.h"
#include "engine/description/PassInfo.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace fftscope {

struct KernelArgument {
  // Buffers: what the pass reads and writes, its twiddle table and its hook (Plan::Launch).
  // Numbers: a 32-bit index, a 64-bit element offset, the scale in the plan's precision.
  enum class Kind { Source, Destination, Table, Hook, Index, Offset, Scale };
  Kind kind = Kind::Index;
  std::uint64_t value = 0;  // Index, Offset
};

struct KernelArguments {
  std::array<KernelArgument, 14> items{};
  std::size_t count = 0;
  // The inverse's 1/N (or the pass's scale), rounded once to the plan's precision where set (a
  // float 1/N would limit f64 to float accuracy).
  long double scale = 1.0L;

  KernelArguments& add(KernelArgument::Kind kind, std::uint64_t value = 0);
  KernelArguments& index(std::uint64_t value) { return add(KernelArgument::Kind::Index, value); }
  std::string text() const;  // e.g. "source destination table u32:4 ... scale"
};

// The arguments of the pass's kernel, a chunk's offsets into its source and destination.
KernelArguments passArguments(const PassInfo& pass, Precision precision, std::uint64_t sourceOffset = 0,
                              std::uint64_t destinationOffset = 0);

}  // namespace fftscope
