// Layout of a .npy file (numpy/lib/format.py):
//   "\x93NUMPY", major, minor, header length (uint16 LE for 1.0, uint32 LE for 2.0 and 3.0),
//   header: a Python dict literal {'descr': ..., 'fortran_order': ..., 'shape': (...), } padded
//   with spaces and ended by '\n' so that the data starts on a 64-byte boundary, then the data.
// Numbers are parsed and printed with std::from_chars / std::to_chars, which ignore the locale.
// Written by hand on purpose: .npy is a file format of our own to parse, so every byte is checked
// here (and the bad-file tests feed it hostile headers) rather than trusted to a general library.
#include "engine/Npy.h"

#include <type_traits>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>

#include <unistd.h>

namespace fftscope {

// Data is copied with memcpy as little-endian; a big-endian host would need byte swaps here.
static_assert(std::endian::native == std::endian::little, "Npy I/O assumes a little-endian host");

namespace {

constexpr std::string_view kMagic{"\x93NUMPY", 6};
constexpr std::size_t kAlignment = 64;  // what numpy writes since 1.14; readers accept any
constexpr std::string_view kAccepted = "'<c8', '<c16', '<f4', '<f8'";
// The header of a rank-1 or rank-2 array is under 200 bytes. NumPy's np.load refuses headers over
// 10,000 bytes by default (max_header_size) as a guard against hostile files; the same cap means
// we read every file NumPy reads by default and never allocate for a header length of 4 GiB.
constexpr std::uint64_t kMaxHeaderBytes = 10000;
// A shape is a tuple (depth 1); structured dtypes, which we refuse with a message, nest a few
// levels more. Anything deeper is hostile and would otherwise recurse until the stack overflows.
constexpr int kMaxNesting = 16;

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

// --- The header: a Python literal, parsed by a small recursive-descent reader. ---

struct PyValue {
  enum class Kind { String, Integer, Bool, None, Sequence };
  Kind kind = Kind::None;
  std::string text;            // String
  std::int64_t integer = 0;    // Integer
  bool flag = false;           // Bool
  std::vector<PyValue> items;  // Sequence (tuple or list)
};

class HeaderParser {
 public:
  HeaderParser(std::string_view text, const std::filesystem::path& path) : text_(text), path_(path) {}

  std::map<std::string, PyValue> parseDict() {
    skipSpace();
    expect('{');
    std::map<std::string, PyValue> dict;
    for (skipSpace(); !peekIs('}'); skipSpace()) {
      PyValue key = parseValue();
      if (key.kind != PyValue::Kind::String) malformed("dictionary key is not a string");
      skipSpace();
      expect(':');
      dict[key.text] = parseValue();
      skipSpace();
      if (peekIs(',')) ++pos_;  // also allows the trailing comma numpy writes
      else if (!peekIs('}')) malformed("expected ',' or '}'");
    }
    ++pos_;
    skipSpace();
    if (pos_ != text_.size()) malformed("unexpected text after the dictionary");
    return dict;
  }

 private:
  PyValue parseValue() {
    skipSpace();
    if (pos_ >= text_.size()) malformed("unexpected end of header");
    const char c = text_[pos_];
    if (c == '\'' || c == '"') return parseString(c);
    if (c == '(' || c == '[') return parseSequence(c == '(' ? ')' : ']');
    if (c == '-' || (c >= '0' && c <= '9')) return parseInteger();
    for (auto [word, kind, flag] : {std::tuple{"True", PyValue::Kind::Bool, true},
                                    std::tuple{"False", PyValue::Kind::Bool, false},
                                    std::tuple{"None", PyValue::Kind::None, false}}) {
      if (text_.substr(pos_).starts_with(word)) {
        pos_ += std::string_view(word).size();
        PyValue value;
        value.kind = kind;
        value.flag = flag;
        return value;
      }
    }
    malformed(std::string("unexpected character '") + c + "'");
  }

  PyValue parseString(char quote) {
    PyValue value;
    value.kind = PyValue::Kind::String;
    for (++pos_; pos_ < text_.size() && text_[pos_] != quote; ++pos_) {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
      value.text += text_[pos_];
    }
    if (pos_ >= text_.size()) malformed("unterminated string");
    ++pos_;
    return value;
  }

  PyValue parseSequence(char close) {
    if (++depth_ > kMaxNesting) malformed("nesting deeper than " + number(kMaxNesting) + " levels");
    PyValue value;
    value.kind = PyValue::Kind::Sequence;
    for (++pos_, skipSpace(); !peekIs(close); skipSpace()) {
      value.items.push_back(parseValue());
      skipSpace();
      if (peekIs(',')) ++pos_;
      else if (!peekIs(close)) malformed(std::string("expected ',' or '") + close + "'");
    }
    ++pos_;
    --depth_;
    return value;
  }

  PyValue parseInteger() {
    PyValue value;
    value.kind = PyValue::Kind::Integer;
    const char* begin = text_.data() + pos_;
    const char* end = text_.data() + text_.size();
    auto [ptr, ec] = std::from_chars(begin, end, value.integer);
    if (ec == std::errc::result_out_of_range) malformed("integer out of range");
    if (ec != std::errc()) malformed("bad integer");
    pos_ += static_cast<std::size_t>(ptr - begin);
    if (peekIs('L')) ++pos_;  // Python 2 long suffix, seen in old files
    return value;
  }

  void skipSpace() {
    while (pos_ < text_.size() && std::string_view(" \t\r\n\f\v").find(text_[pos_]) != std::string_view::npos)
      ++pos_;
  }
  bool peekIs(char c) const {
    if (pos_ >= text_.size()) malformed("unexpected end of header");
    return text_[pos_] == c;
  }
  void expect(char c) {
    if (!peekIs(c)) malformed(std::string("expected '") + c + "'");
    ++pos_;
  }
  [[noreturn]] void malformed(const std::string& what) const {
    // Quote the header without numpy's padding, and not at any length: it may be binary junk.
    std::string_view shown = text_.substr(0, text_.find_last_not_of(std::string_view(" \t\r\n\f\v\0", 7)) + 1);
    const bool cut = shown.size() > 200;
    fail(path_, "malformed header: " + what + " at offset " + number(pos_) + " in \"" +
                    std::string(shown.substr(0, 200)) + (cut ? "...\"" : "\""));
  }

  std::string_view text_;
  const std::filesystem::path& path_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

// --- Dtypes. ---

struct Dtype {
  std::string_view code;  // without the byte-order character
  bool isComplex;
  Precision precision;
  std::size_t bytes;
};

constexpr std::array<Dtype, 4> kDtypes{{{"c8", true, Precision::F32, 8},
                                        {"c16", true, Precision::F64, 16},
                                        {"f4", false, Precision::F32, 4},
                                        {"f8", false, Precision::F64, 8}}};

const Dtype& dtypeOf(const PyValue& descr, const std::filesystem::path& path) {
  if (descr.kind != PyValue::Kind::String)
    fail(path, "unsupported dtype: structured or non-string descr (accepted: " + std::string(kAccepted) + ")");
  std::string_view name = descr.text;
  // '=' is native order, which is little-endian here; '|' ("not applicable") is taken likewise.
  const char order = name.empty() ? '\0' : name.front();
  if (order == '<' || order == '>' || order == '=' || order == '|') name.remove_prefix(1);
  for (const Dtype& dtype : kDtypes) {
    if (dtype.code != name) continue;
    if (order == '>')
      fail(path, "big-endian data ('" + descr.text + "') is not supported; save it as '<" +
                     std::string(dtype.code) + "' (e.g. a.astype('<" + std::string(dtype.code) + "'))");
    return dtype;
  }
  fail(path, "unsupported dtype '" + descr.text + "' (accepted: " + std::string(kAccepted) + ")");
}

const Dtype& dtypeOf(bool isComplex, Precision precision) {
  for (const Dtype& dtype : kDtypes)
    if (dtype.isComplex == isComplex && dtype.precision == precision) return dtype;
  throw std::logic_error("no dtype for this precision");
}

const PyValue& require(const std::map<std::string, PyValue>& dict, const std::string& key,
                       const std::filesystem::path& path) {
  auto it = dict.find(key);
  if (it == dict.end()) fail(path, "malformed header: no '" + key + "' key");
  return it->second;
}

std::vector<std::size_t> shapeOf(const PyValue& value, const std::filesystem::path& path) {
  if (value.kind != PyValue::Kind::Sequence) fail(path, "malformed header: 'shape' is not a tuple");
  std::vector<std::size_t> shape;
  for (const PyValue& item : value.items) {
    if (item.kind != PyValue::Kind::Integer) fail(path, "malformed header: 'shape' holds a non-integer");
    if (item.integer < 0) fail(path, "malformed header: negative dimension in 'shape'");
    shape.push_back(static_cast<std::size_t>(item.integer));
  }
  if (shape.size() != 1 && shape.size() != 2)
    fail(path, "rank " + number(shape.size()) + " array (shape " + shapeText(shape) +
                   ") is not supported; expected rank 1 or 2");
  if (std::find(shape.begin(), shape.end(), 0u) != shape.end())
    fail(path, "zero-sized dimension in shape " + shapeText(shape));
  return shape;
}

// Physical memory of this machine, or 0 when it cannot be told.
std::uint64_t hostMemoryBytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && pageSize > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize) : 0;
}

std::uint64_t littleEndian(const unsigned char* bytes, std::size_t count) {
  std::uint64_t value = 0;
  for (std::size_t i = count; i-- > 0;) value = (value << 8) | bytes[i];
  return value;
}

// Converts the stored scalars S to complex<Out>; real data gets a zero imaginary part.
template <typename S, typename Out>
std::vector<std::complex<Out>> convert(const NpyArray& array, bool isComplex) {
  const std::size_t count = array.elementCount();
  const std::size_t scalars = count * (isComplex ? 2 : 1);
  std::vector<S> values(scalars);
  std::memcpy(values.data(), array.bytes.data(), scalars * sizeof(S));
  std::vector<std::complex<Out>> out(count);
  for (std::size_t i = 0; i < count; ++i)
    out[i] = isComplex ? std::complex<Out>(static_cast<Out>(values[2 * i]), static_cast<Out>(values[2 * i + 1]))
                       : std::complex<Out>(static_cast<Out>(values[i]), Out(0));
  return out;
}

template <typename Out>
std::vector<std::complex<Out>> toComplex(const NpyArray& array) {
  const Dtype& dtype = dtypeOf(array.isComplex, array.precision);
  if (array.bytes.size() != array.elementCount() * dtype.bytes)
    throw std::invalid_argument("NpyArray holds " + number(array.bytes.size()) + " bytes, its shape " +
                                shapeText(array.shape) + " needs " + number(array.elementCount() * dtype.bytes));
  return array.precision == Precision::F32 ? convert<float, Out>(array, array.isComplex)
                                           : convert<double, Out>(array, array.isComplex);
}

// V: std::complex<float>, std::complex<double>, float or double.
template <typename V>
void write(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<V>& data) {
  if (shape.size() != 1 && shape.size() != 2)
    throw std::invalid_argument("writeNpy: rank " + number(shape.size()) + " is not supported; expected 1 or 2");
  std::size_t count = 1;
  for (std::size_t d : shape) {
    if (d == 0) throw std::invalid_argument("writeNpy: zero-sized dimension in shape " + shapeText(shape));
    count *= d;
  }
  if (count != data.size())
    throw std::invalid_argument("writeNpy: shape " + shapeText(shape) + " holds " + number(count) +
                                " values but the data has " + number(data.size()));

  const std::string descr = std::is_floating_point_v<V> ? (sizeof(V) == 4 ? "<f4" : "<f8") : (sizeof(V) == 8 ? "<c8" : "<c16");
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
  // Pads with spaces and a final '\n' so that the data starts on a kAlignment boundary.
  auto padded = [&](std::size_t preamble) {
    const std::size_t unpadded = preamble + header.size() + 1;
    return header.size() + (kAlignment - unpadded % kAlignment) % kAlignment + 1;
  };
  // Version 1.0 stores the header length in 16 bits; longer headers need 2.0 and a 32-bit length.
  const bool v1 = padded(10) <= 0xFFFF;
  const std::size_t headerLength = padded(v1 ? 10 : 12);
  header.resize(headerLength - 1, ' ');
  header += '\n';

  std::string prefix(kMagic);
  prefix += static_cast<char>(v1 ? 1 : 2);
  prefix += '\0';
  for (std::size_t i = 0, length = header.size(); i < (v1 ? 2u : 4u); ++i, length >>= 8)
    prefix += static_cast<char>(length & 0xFF);

  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) fail(path, "cannot open for writing");
  out.write(prefix.data(), static_cast<std::streamsize>(prefix.size()));
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size() * sizeof(data[0])));
  out.close();
  if (!out) fail(path, "write failed");
}

}  // namespace

std::size_t NpyArray::elementCount() const {
  std::size_t count = 1;
  for (std::size_t d : shape) count *= d;
  return count;
}

std::size_t NpyHeader::elementCount() const {
  std::size_t count = 1;
  for (std::size_t d : shape) count *= d;
  return count;
}

NpyHeader readNpyHeader(const std::filesystem::path& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) fail(path, "file does not exist");
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, not a file");
  const std::uintmax_t fileSize = std::filesystem::file_size(path, ec);
  std::ifstream in(path, std::ios::binary);
  if (ec || !in) fail(path, "cannot open for reading");

  // Preamble: magic, version, header length.
  std::array<unsigned char, 12> preamble{};
  const std::size_t available = static_cast<std::size_t>(std::min<std::uintmax_t>(fileSize, preamble.size()));
  in.read(reinterpret_cast<char*>(preamble.data()), static_cast<std::streamsize>(available));
  const std::size_t magicBytes = std::min(available, kMagic.size());
  if (std::memcmp(preamble.data(), kMagic.data(), magicBytes) != 0)
    fail(path, "bad magic: not a NumPy .npy file (it must start with \\x93NUMPY)");
  if (available < 10)
    fail(path, "truncated header: the file has " + number(fileSize) + " bytes, the .npy preamble needs at least 10");
  const unsigned major = preamble[6], minor = preamble[7];
  if (minor != 0 || major < 1 || major > 3)
    fail(path, "unsupported format version " + number(major) + "." + number(minor) + " (accepted: 1.0, 2.0, 3.0)");
  const std::size_t lengthBytes = major == 1 ? 2 : 4;
  const std::size_t headerStart = 8 + lengthBytes;
  if (fileSize < headerStart)
    fail(path, "truncated header: the file has " + number(fileSize) + " bytes, the version " + number(major) +
                   ".0 preamble needs " + number(headerStart));
  const std::uint64_t headerLength = littleEndian(preamble.data() + 8, lengthBytes);
  if (headerLength > kMaxHeaderBytes)
    fail(path, "header of " + number(headerLength) + " bytes is too long (at most " + number(kMaxHeaderBytes) +
                   ", as NumPy's np.load accepts by default)");
  if (fileSize - headerStart < headerLength)
    fail(path, "truncated header: the header length is " + number(headerLength) + " bytes but only " +
                   number(fileSize - headerStart) + " follow the preamble");

  // Header (latin-1 for 1.0/2.0, UTF-8 for 3.0: only ASCII matters to the parser).
  std::string header(static_cast<std::size_t>(headerLength), '\0');
  in.seekg(static_cast<std::streamoff>(headerStart));
  in.read(header.data(), static_cast<std::streamsize>(header.size()));
  if (!in) fail(path, "read failed in the header");
  const auto dict = HeaderParser(header, path).parseDict();

  const PyValue& descr = require(dict, "descr", path);
  const Dtype& dtype = dtypeOf(descr, path);
  const PyValue& fortran = require(dict, "fortran_order", path);
  if (fortran.kind != PyValue::Kind::Bool) fail(path, "malformed header: 'fortran_order' is not True or False");
  if (fortran.flag)
    fail(path, "fortran_order is True (column-major data), which is not supported; save a C-order array "
               "(np.ascontiguousarray)");
  NpyHeader result;
  result.path = path;
  result.shape = shapeOf(require(dict, "shape", path), path);
  result.isComplex = dtype.isComplex;
  result.precision = dtype.precision;
  result.dataOffset = headerStart + headerLength;

  // The data's size: checked against overflow, this machine's memory and the file, in that order,
  // all before a byte of it is read.
  std::uint64_t expected = dtype.bytes;
  for (std::size_t d : result.shape) {
    if (expected > std::numeric_limits<std::uint64_t>::max() / d)
      fail(path, "shape " + shapeText(result.shape) + " is too large");
    expected *= d;
  }
  const std::uint64_t memory = hostMemoryBytes();
  if (expected > std::numeric_limits<std::size_t>::max() || (memory && expected > memory))
    fail(path, "shape " + shapeText(result.shape) + " is too large for this machine: its data needs " +
                   number(expected) + " bytes, the machine has " + number(memory) + " bytes of memory");
  const std::uint64_t present = fileSize - result.dataOffset;
  if (present < expected)
    fail(path, "truncated data: expected " + number(expected) + " bytes for shape " + shapeText(result.shape) +
                   " of '" + descr.text + "' but " + number(present) + " present");
  result.dataBytes = expected;
  return result;
}

NpyArray readNpyData(const NpyHeader& header) {
  std::ifstream in(header.path, std::ios::binary);
  if (!in) fail(header.path, "cannot open for reading");
  NpyArray array;
  array.shape = header.shape;
  array.isComplex = header.isComplex;
  array.precision = header.precision;
  array.bytes.resize(static_cast<std::size_t>(header.dataBytes));
  in.seekg(static_cast<std::streamoff>(header.dataOffset));
  in.read(reinterpret_cast<char*>(array.bytes.data()), static_cast<std::streamsize>(header.dataBytes));
  if (static_cast<std::uint64_t>(in.gcount()) != header.dataBytes)
    fail(header.path, "truncated data: expected " + number(header.dataBytes) + " bytes for shape " +
                          shapeText(header.shape) + " but " + number(static_cast<std::uint64_t>(in.gcount())) +
                          " present");
  return array;
}

NpyArray readNpy(const std::filesystem::path& path) { return readNpyData(readNpyHeader(path)); }

std::vector<std::complex<float>> toComplexF32(const NpyArray& array) { return toComplex<float>(array); }
std::vector<std::complex<double>> toComplexF64(const NpyArray& array) { return toComplex<double>(array); }

void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<float>>& data) {
  write(path, shape, data);
}
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape,
              const std::vector<std::complex<double>>& data) {
  write(path, shape, data);
}
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<float>& data) {
  write(path, shape, data);
}
void writeNpy(const std::filesystem::path& path, const std::vector<std::size_t>& shape, const std::vector<double>& data) {
  write(path, shape, data);
}

template <typename Out>
std::vector<Out> toReal(const NpyArray& array) {
  if (array.isComplex)
    throw std::invalid_argument("a real transform needs float32 or float64 data; this array is complex");
  std::vector<std::complex<Out>> widened = toComplex<Out>(array);
  std::vector<Out> real(widened.size());
  for (std::size_t i = 0; i < real.size(); ++i) real[i] = widened[i].real();
  return real;
}
std::vector<float> toRealF32(const NpyArray& array) { return toReal<float>(array); }
std::vector<double> toRealF64(const NpyArray& array) { return toReal<double>(array); }

}  // namespace fftscope
