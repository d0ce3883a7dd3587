#include "engine/runtime/PassArguments.h"

#include "engine/algorithms/Rader.h"

#include <stdexcept>

namespace fftscope {
namespace {

using Kind = KernelArgument::Kind;

std::uint32_t log2u(std::size_t n) {
  std::uint32_t l = 0;
  while ((std::size_t{1} << l) < n) ++l;
  return l;
}

KernelArguments buffers(const PassInfo& pass) {
  KernelArguments a;
  a.scale = pass.scaleDivisor > 1 ? 1.0L / static_cast<long double>(pass.scaleDivisor) : pass.scale;
  a.add(Kind::Source).add(Kind::Destination);
  return a;
}

// kernels/stockham.cl: stockham_pass.
KernelArguments stockhamArguments(const PassInfo& pass) {
  const std::size_t butterflies = pass.length / pass.radix;
  KernelArguments a = buffers(pass);
  a.add(Kind::Table).index(pass.p).index(butterflies).index(log2u(butterflies)).index(pass.rows);
  a.index(pass.batchFastest ? 1 : 0).index(pass.stride).index(pass.dist).index(pass.stride).index(pass.dist);
  return a.add(Kind::Scale);
}

// kernels/local_fft.cl.
KernelArguments localArguments(const PassInfo& pass) {
  const std::size_t subs = pass.length / pass.span;
  KernelArguments a = buffers(pass);
  a.add(Kind::Table).index(subs).index(pass.rows * subs).index(pass.stride).index(pass.dist).index(pass.stride);
  return a.index(pass.dist).add(Kind::Scale);
}

// kernels/grouped_fft.cl: the chunk's offsets too (CacheChunks.h).
KernelArguments groupedArguments(const PassInfo& pass, std::uint64_t sourceOffset, std::uint64_t destinationOffset) {
  KernelArguments a = buffers(pass);
  a.add(Kind::Table).index(pass.rows * (pass.length / pass.span)).add(Kind::Scale).add(Kind::Hook);
  return a.add(Kind::Offset, sourceOffset).add(Kind::Offset, destinationOffset);
}

// kernels/transpose.cl.
KernelArguments transposeArguments(const PassInfo& pass) { return buffers(pass).index(pass.span).index(pass.length); }

// kernels/copy.cl.
KernelArguments copyArguments(const PassInfo& pass) { return buffers(pass).index(pass.rows); }

// kernels/bluestein.cl: chirp_pad and chirp_unpad (which scales).
KernelArguments chirpArguments(const PassInfo& pass, bool scaled) {
  KernelArguments a = buffers(pass);
  a.add(Kind::Table).index(pass.length).index(pass.padded).index(pass.rows).index(pass.stride).index(pass.dist);
  return scaled ? a.add(Kind::Scale) : a;
}

// kernels/bluestein.cl: spectrum_product.
KernelArguments spectrumProductArguments(const PassInfo& pass) {
  return buffers(pass).add(Kind::Table).index(pass.padded).index(pass.rows);
}

// kernels/rader.cl: rader_permute, its table the filter's side slots and its hook the logarithms.
KernelArguments raderPermuteArguments(const PassInfo& pass, Precision precision) {
  KernelArguments a = buffers(pass);
  a.add(Kind::Table).add(Kind::Hook).index(pass.length).index(pass.padded).index(pass.rows).index(pass.stride);
  return a.index(pass.dist).index(raderSideAt(pass.padded, bytesPerComplex(precision))).add(Kind::Scale);
}

KernelArguments elementwiseArguments(const PassInfo& pass, Precision precision) {
  switch (pass.elementwise.kernel) {
    case ElementwiseKernel::ChirpPad: return chirpArguments(pass, false);
    case ElementwiseKernel::SpectrumProduct: return spectrumProductArguments(pass);
    case ElementwiseKernel::ChirpUnpad: return chirpArguments(pass, true);
    case ElementwiseKernel::RaderPermute: return raderPermuteArguments(pass, precision);
    case ElementwiseKernel::Other: break;
  }
  throw std::logic_error("a plan has no element-wise pass " + pass.kernelName());
}

}  // namespace

KernelArguments& KernelArguments::add(KernelArgument::Kind kind, std::uint64_t value) {
  if (count == items.size()) throw std::logic_error("KernelArguments: more arguments than a kernel of kernels/ takes");
  items[count++] = {kind, value};
  return *this;
}

std::string KernelArguments::text() const {
  std::string out;
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out += ' ';
    switch (items[i].kind) {
      case Kind::Source: out += "source"; break;
      case Kind::Destination: out += "destination"; break;
      case Kind::Table: out += "table"; break;
      case Kind::Hook: out += "hook"; break;
      case Kind::Index: out += "u32:" + std::to_string(items[i].value); break;
      case Kind::Offset: out += "u64:" + std::to_string(items[i].value); break;
      case Kind::Scale: out += "scale"; break;
    }
  }
  return out;
}

KernelArguments passArguments(const PassInfo& pass, Precision precision, std::uint64_t sourceOffset,
                              std::uint64_t destinationOffset) {
  switch (pass.kind) {
    case PassKind::Stockham: return stockhamArguments(pass);
    case PassKind::Local: return localArguments(pass);
    case PassKind::Grouped: return groupedArguments(pass, sourceOffset, destinationOffset);
    case PassKind::Transpose: return transposeArguments(pass);
    case PassKind::Copy: return copyArguments(pass);
    case PassKind::Elementwise: return elementwiseArguments(pass, precision);
    case PassKind::Upload:
    case PassKind::Download: break;
  }
  throw std::logic_error("a plan has no transfer passes");
}

}  // namespace fftscope
