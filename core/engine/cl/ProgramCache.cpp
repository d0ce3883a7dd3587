#include "engine/cl/ProgramCache.h"

#include "io/AtomicWrite.h"
#include "io/BoundedFile.h"
#include "io/UserCacheFolder.h"
#include "settings/ProcessSettings.h"

#include <algorithm>
#include <cstdio>
#include <mutex>
#include <set>

namespace fftscope::cl {
namespace fs = std::filesystem;
namespace {

std::mutex& warnedMutex() {
  static std::mutex m;
  return m;
}

std::set<fs::path>& warnedFolders() {
  static std::set<fs::path> folders;
  return folders;
}

}  // namespace

ProgramCache ProgramCache::fromSettings() {
  const Settings& s = processSettings();
  if (s.text("FFTSCOPE_KEEP_PROGRAMS") == "0") return {{}, 0};
  fs::path folder = s.text("FFTSCOPE_PROGRAM_CACHE");
  if (folder.empty()) {
    const fs::path user = io::userCacheFolder();
    if (!user.empty()) folder = user / "programs";
  }
  return {folder, s.number("FFTSCOPE_PROGRAM_CACHE_BYTES")};
}

ProgramCache::ProgramCache(fs::path folder, std::uint64_t capBytes) : folder_(std::move(folder)), capBytes_(capBytes) {}

std::optional<std::vector<std::uint8_t>> ProgramCache::load(const ProgramFileKey& key) const {
  if (!on()) return std::nullopt;
  const fs::path path = pathOf(key);
  try {
    const std::optional<std::string> text = io::readBoundedFile(path, std::size_t(capBytes_));
    if (!text) return std::nullopt;
    auto binary = decodeProgramFile({reinterpret_cast<const std::uint8_t*>(text->data()), text->size()}, key);
    if (binary) {
      // Used now: the last to be evicted.
      std::error_code ignored;
      fs::last_write_time(path, fs::file_time_type::clock::now(), ignored);
    }
    return binary;
  } catch (const std::exception&) {
    return std::nullopt;  // unreadable or too large: built from source and written again
  }
}

void ProgramCache::store(const ProgramFileKey& key, std::span<const std::uint8_t> binary) const {
  if (!on() || binary.empty()) return;
  const fs::path path = pathOf(key);
  try {
    std::error_code error;
    fs::create_directories(folder_, error);
    if (error) throw std::runtime_error(folder_.string() + ": cannot be made: " + error.message());
    io::writeFileAtomically(path, encodeProgramFile(key, binary));
    evictBeyondCap(path);
  } catch (const std::exception& e) {
    warnOnce(e.what());
  }
}

void ProgramCache::evictBeyondCap(const fs::path& kept) const {
  struct Entry {
    fs::path path;
    std::uint64_t bytes;
    fs::file_time_type time;
  };
  std::vector<Entry> entries;
  std::uint64_t total = 0;
  std::error_code error;
  for (const fs::directory_entry& e : fs::directory_iterator(folder_, error)) {
    std::error_code ignored;
    if (e.path().extension() != ".clbin" || !e.is_regular_file(ignored)) continue;
    const std::uint64_t bytes = e.file_size(ignored);
    entries.push_back({e.path(), bytes, e.last_write_time(ignored)});
    total += bytes;
  }
  if (total <= capBytes_) return;
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.time < b.time; });
  for (const Entry& e : entries) {
    if (total <= capBytes_) break;
    if (e.path == kept) continue;
    std::error_code ignored;
    if (fs::remove(e.path, ignored)) total -= e.bytes;  // another process may have taken it first
  }
}

void ProgramCache::warnOnce(const std::string& problem) const {
  {
    std::lock_guard lock(warnedMutex());
    if (!warnedFolders().insert(folder_).second) return;
  }
  std::fprintf(stderr, "warning: compiled OpenCL programs are not kept, so each start builds them again: %s\n",
               problem.c_str());
}

std::size_t ProgramCache::warningCount() {
  std::lock_guard lock(warnedMutex());
  return warnedFolders().size();
}

}  // namespace fftscope::cl
