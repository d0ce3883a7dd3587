#include "io/NpyFormat.h"

#include <charconv>
#include <stdexcept>

namespace fftscope::npy {

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& problem) {
  throw std::runtime_error("npy file '" + path.string() + "': " + problem);
}

std::string number(std::uint64_t value) {
  std::array<char, 24> text{};
  auto result = std::to_chars(text.data(), text.data() + text.size(), value);
  return std::string(text.data(), result.ptr);
}

std::string shapeText(const std::vector<std::size_t>& shape) {
  std::string text = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) text += (i ? ", " : "") + number(shape[i]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

const Dtype& dtypeOf(bool isComplex, Precision precision) {
  for (const Dtype& dtype : kDtypes)
    if (dtype.isComplex == isComplex && dtype.precision == precision) return dtype;
  throw std::logic_error("no dtype for this precision");
}

}  // namespace fftscope::npy
