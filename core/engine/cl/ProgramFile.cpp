#include "engine/cl/ProgramFile.h"

#include <charconv>
#include <cstdio>
#include <cstring>

namespace fftscope::cl {
namespace {

constexpr std::string_view kMagic = "fftscope-program 1\n";

std::uint64_t fnv1a(std::span<const std::uint8_t> bytes, std::uint64_t hash = 0xcbf29ce484222325ull) {
  for (std::uint8_t b : bytes) hash = (hash ^ b) * 0x100000001b3ull;
  return hash;
}

std::span<const std::uint8_t> bytesOf(std::string_view text) {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

std::string hex16(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// Reads a decimal number ending at `end` from bytes[at...]; advances `at` past the ending.
std::optional<std::size_t> number(std::span<const std::uint8_t> bytes, std::size_t& at, char end) {
  const char* first = reinterpret_cast<const char*>(bytes.data()) + at;
  const char* last = reinterpret_cast<const char*>(bytes.data()) + bytes.size();
  const char* stop = static_cast<const char*>(std::memchr(first, end, std::size_t(last - first)));
  if (!stop || stop == first) return std::nullopt;
  std::size_t value = 0;
  const auto [ptr, error] = std::from_chars(first, stop, value);
  if (error != std::errc{} || ptr != stop) return std::nullopt;
  at += std::size_t(stop - first) + 1;
  return value;
}

}  // namespace

std::size_t ProgramKeyHash::operator()(const ProgramKey& key) const {
  return std::size_t(fnv1a(bytesOf(key.options), fnv1a(bytesOf(key.family))));
}

std::string ProgramFileKey::text() const {
  // Lengths first, so that no field's text can pass for another's.
  std::string t;
  for (const std::string* field : {&device, &vendor, &driver, &program.family, &program.options, &source})
    t += std::to_string(field->size()) + ":" + *field + "\n";
  return t;
}

std::string ProgramFileKey::fileName() const { return program.family + "-" + hex16(fnv1a(bytesOf(text()))) + ".clbin"; }

std::vector<std::uint8_t> encodeProgramFile(const ProgramFileKey& key, std::span<const std::uint8_t> binary) {
  const std::string keyText = key.text();
  const std::string head = std::string(kMagic) + std::to_string(keyText.size()) + " " + std::to_string(binary.size()) + "\n";
  std::vector<std::uint8_t> bytes;
  bytes.reserve(head.size() + keyText.size() + binary.size() + 17);
  bytes.insert(bytes.end(), head.begin(), head.end());
  bytes.insert(bytes.end(), keyText.begin(), keyText.end());
  bytes.insert(bytes.end(), binary.begin(), binary.end());
  const std::string tail = hex16(fnv1a(binary, fnv1a(bytesOf(keyText)))) + "\n";
  bytes.insert(bytes.end(), tail.begin(), tail.end());
  return bytes;
}

std::optional<std::vector<std::uint8_t>> decodeProgramFile(std::span<const std::uint8_t> bytes, const ProgramFileKey& key) {
  if (bytes.size() < kMagic.size() || std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) return std::nullopt;
  std::size_t at = kMagic.size();
  const auto keyLength = number(bytes, at, ' ');
  if (!keyLength) return std::nullopt;
  const auto binaryLength = number(bytes, at, '\n');
  if (!binaryLength) return std::nullopt;
  // Exactly the lengths said and the 17 bytes of the hash line: nothing missing, nothing more.
  if (bytes.size() - at < *keyLength || bytes.size() - at - *keyLength < *binaryLength ||
      bytes.size() - at - *keyLength - *binaryLength != 17)
    return std::nullopt;
  const std::span<const std::uint8_t> keyBytes = bytes.subspan(at, *keyLength);
  const std::span<const std::uint8_t> binary = bytes.subspan(at + *keyLength, *binaryLength);
  const std::string keyText = key.text();
  if (keyBytes.size() != keyText.size() || std::memcmp(keyBytes.data(), keyText.data(), keyText.size()) != 0)
    return std::nullopt;
  const std::string tail = hex16(fnv1a(binary, fnv1a(keyBytes))) + "\n";
  if (std::memcmp(bytes.data() + bytes.size() - 17, tail.data(), 17) != 0) return std::nullopt;
  return std::vector<std::uint8_t>(binary.begin(), binary.end());
}

}  // namespace fftscope::cl
