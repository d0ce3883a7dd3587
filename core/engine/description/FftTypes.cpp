#include "engine/description/FftTypes.h"

#include <array>
#include <stdexcept>
#include <utility>

namespace fftscope {
namespace {

template <typename E, std::size_t N>
using NameTable = std::array<std::pair<E, std::string_view>, N>;

constexpr NameTable<Precision, 2> kPrecisions{{{Precision::F32, "f32"}, {Precision::F64, "f64"}}};
constexpr NameTable<Direction, 2> kDirections{{{Direction::Forward, "forward"}, {Direction::Inverse, "inverse"}}};
constexpr NameTable<Variant, 6> kVariants{{{Variant::R2, "r2"},
                                           {Variant::R4, "r4"},
                                           {Variant::R8, "r8"},
                                           {Variant::R16, "r16"},
                                           {Variant::Local, "local"},
                                           {Variant::Auto, "auto"}}};
constexpr NameTable<TwiddleMode, 4> kTwiddles{{{TwiddleMode::Table, "table"},
                                               {TwiddleMode::Sincos, "sincos"},
                                               {TwiddleMode::Native, "native"},
                                               {TwiddleMode::Recurrence, "recurrence"}}};
constexpr NameTable<TransposeMode, 4> kTransposes{{{TransposeMode::Naive, "naive"},
                                                   {TransposeMode::Tiled, "tiled"},
                                                   {TransposeMode::Padded, "padded"},
                                                   {TransposeMode::None, "none"}}};

template <typename E, std::size_t N>
std::string_view nameOf(const NameTable<E, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value) return name;
  return "?";
}

template <typename E, std::size_t N>
E parse(const NameTable<E, N>& table, std::string_view text, std::string_view what) {
  std::string accepted;
  for (const auto& [e, name] : table) {
    if (name == text) return e;
    accepted += accepted.empty() ? "" : ", ";
    accepted += name;
  }
  throw std::invalid_argument("unknown " + std::string(what) + " '" + std::string(text) +
                              "' (accepted: " + accepted + ")");
}

template <typename E, std::size_t N>
std::vector<E> valuesOf(const NameTable<E, N>& table) {
  std::vector<E> values;
  for (const auto& entry : table) values.push_back(entry.first);
  return values;
}

}  // namespace

std::string_view toString(Precision v) { return nameOf(kPrecisions, v); }
std::string_view toString(Direction v) { return nameOf(kDirections, v); }
std::string_view toString(Variant v) { return nameOf(kVariants, v); }
std::string_view toString(TwiddleMode v) { return nameOf(kTwiddles, v); }
std::string_view toString(TransposeMode v) { return nameOf(kTransposes, v); }

Precision parsePrecision(std::string_view s) { return parse(kPrecisions, s, "precision"); }
Direction parseDirection(std::string_view s) { return parse(kDirections, s, "direction"); }
Variant parseVariant(std::string_view s) { return parse(kVariants, s, "variant"); }
TwiddleMode parseTwiddleMode(std::string_view s) { return parse(kTwiddles, s, "twiddle mode"); }
TransposeMode parseTransposeMode(std::string_view s) { return parse(kTransposes, s, "transpose"); }

const std::vector<Variant>& allVariants() {
  static const auto values = valuesOf(kVariants);
  return values;
}
const std::vector<TwiddleMode>& allTwiddleModes() {
  static const auto values = valuesOf(kTwiddles);
  return values;
}
const std::vector<TransposeMode>& allTransposeModes() {
  static const auto values = valuesOf(kTransposes);
  return values;
}

}  // namespace fftscope
