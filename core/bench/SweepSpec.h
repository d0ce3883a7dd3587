// What a benchmark sweep measures (gearshifft's "benchmark description"): the variants and peers,
// the precision, the shapes, the batch or points per case, warm-ups and repetitions. Plain
// values, parsed from the names used everywhere (CLI flags, JSON, GUI) and validated before any
// OpenCL work. Parse errors throw std::invalid_argument naming the text and what is accepted.
#pragma once

#include "engine/description/FftTypes.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace fftscope::bench {

// A variant with its twiddle and transpose, named "r16", "r16/native", "auto/padded",
// "local/sincos/naive": the variant, then the twiddle unless `table`, then (2D only) the
// transpose unless `tiled`.
struct VariantChoice {
  Variant variant = Variant::Auto;
  TwiddleMode twiddle = TwiddleMode::Table;
  TransposeMode transpose = TransposeMode::Tiled;

  std::string name(int dims) const;
  bool operator==(const VariantChoice&) const = default;
};

// "r16", "r16/native", "auto/padded/sincos": the parts after the variant, in any order, set the
// twiddle or the transpose; the others keep `defaults`' values.
VariantChoice parseVariantChoice(std::string_view text, const VariantChoice& defaults = {});
// A comma-separated list of the above, or "all": every variant with the defaults' modes.
std::vector<VariantChoice> parseVariantList(std::string_view text, const VariantChoice& defaults = {});

// The peers timed beside the engine.
inline const std::vector<std::string>& allPeerNames() {
  static const std::vector<std::string> names{"clfft", "vkfft", "fftw"};
  return names;
}
// "clfft,vkfft,fftw", any subset, or "all"; "" is none.
std::vector<std::string> parsePeerList(std::string_view text);

// The shape of one transform.
struct CaseShape {
  int dims = 1;
  std::size_t rows = 1, cols = 0;  // rows = 1 in 1D

  std::size_t points() const { return rows * cols; }
  std::string text() const;  // "4096" or "64x128"
  bool operator==(const CaseShape&) const = default;
};

// The largest side a size list accepts: 2^30 points along one axis.
inline constexpr std::size_t kMaxSide = std::size_t{1} << 30;

// A comma-separated list of sizes: "256", "4096x4096" (2D), "2^8", and inclusive ranges of powers
// of two "2^8..2^24" or "256..65536". Plain sizes and ranges are 1D lengths when dims is 1 and
// square sides when dims is 2. Any side from 1 to kMaxSide; ranges run between powers of two.
std::vector<CaseShape> parseSizes(std::string_view text, int dims);

struct SweepSpec {
  std::vector<VariantChoice> variants;
  std::vector<std::string> peers;  // names from allPeerNames()
  Precision precision = Precision::F32;
  Direction direction = Direction::Forward;
  std::vector<CaseShape> shapes;
  std::size_t batch = 0;   // transforms per case; or, when 0,
  std::size_t points = 0;  // points per case: batch = max(1, points / points of the shape)
  int warmup = 3;          // enqueues before anything is timed
  int repeat = 20;         // timed repetitions, at least 1
};

// Throws std::invalid_argument for a spec that cannot run: no shapes, no variant and no peer,
// repeat < 1, warmup < 0, neither or both of batch and points, an unknown peer.
void validate(const SweepSpec& spec);

// The transforms in one case of the sweep.
std::size_t batchFor(const SweepSpec& spec, const CaseShape& shape);

}  // namespace fftscope::bench
