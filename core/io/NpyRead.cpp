// Reading .npy files: the header checked whole (dtype, order, shape, the data's size against the
// file and this machine's memory) before a byte of data is read.
#include "io/Npy.h"

#include "io/NpyFormat.h"
#include "io/NpyHeaderParser.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>

namespace fftscope {
namespace {

using namespace npy;

// The header of a rank-1 or rank-2 array is under 200 bytes. NumPy's np.load refuses headers over
// 10,000 bytes by default (max_header_size) as a guard against hostile files; the same cap means
// we read every file NumPy reads by default and never allocate for a header length of 4 GiB.
constexpr std::uint64_t kMaxHeaderBytes = 10000;

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

void readNpyBytes(const NpyHeader& header, std::uint64_t from, std::span<std::uint8_t> into) {
  if (from > header.dataBytes || into.size() > header.dataBytes - from)
    throw std::invalid_argument("readNpyBytes: bytes " + number(from) + " to " + number(from + into.size()) +
                                " lie outside the data's " + number(header.dataBytes));
  const int fd = ::open(header.path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(header.path, "cannot open for reading");
  std::uint64_t got = 0;
  int error = 0;
  while (got < into.size()) {
    const ssize_t n = ::pread(fd, into.data() + got, into.size() - got, static_cast<off_t>(header.dataOffset + from + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = n < 0 ? errno : 0;
      break;
    }
    got += static_cast<std::uint64_t>(n);
  }
  ::close(fd);
  if (error != 0) fail(header.path, "read failed in the data: " + std::string(std::strerror(error)));
  // A file cut short since its header was read.
  if (got != into.size())
    fail(header.path, "truncated data: expected " + number(header.dataBytes) + " bytes for shape " +
                          shapeText(header.shape) + " but " + number(from + got) + " present");
}

NpyArray readNpyData(const NpyHeader& header) {
  NpyArray array;
  array.shape = header.shape;
  array.isComplex = header.isComplex;
  array.precision = header.precision;
  array.bytes.resize(static_cast<std::size_t>(header.dataBytes));
  readNpyBytes(header, 0, array.bytes);
  return array;
}

NpyArray readNpy(const std::filesystem::path& path) { return readNpyData(readNpyHeader(path)); }

}  // namespace fftscope
