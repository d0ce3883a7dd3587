// What measuring taught the planner, kept between runs as FFTW keeps its wisdom: for one device
// (name and driver version) and one description (shape, batch, precision, direction, twiddle,
// real or complex), the candidate (PlanCandidates.h) that was fastest. A JSON file under the
// user's cache folder, read with a bound on its size and written whole or not at all.
//
// A file that cannot be read as wisdom (corrupt, truncated, too large, another program's JSON, a
// newer format) is ignored with a warning naming it and the problem, and is never overwritten:
// it may be something the user wants.
#pragma once

#include "engine/description/PlanDescription.h"

#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace fftscope {

struct WisdomKey {
  std::string device;  // the OpenCL device's name
  std::string driver;  // its driver version: a new driver may change what is fastest
  int dimensions = 1;
  std::size_t rows = 1, cols = 0, batch = 1;
  Precision precision = Precision::F32;
  Direction direction = Direction::Forward;
  TwiddleMode twiddle = TwiddleMode::Table;
  bool real = false;  // a transform of real input (RealPlan.h)

  static WisdomKey of(const PlanDescription& d, std::string device, std::string driver, bool real = false);
  std::string text() const;  // "1D 1024 x1 f32 forward table complex"
  bool operator==(const WisdomKey&) const = default;
};

struct WisdomEntry {
  WisdomKey key;
  std::string candidate;     // the fastest candidate's name
  double milliseconds = 0;   // its median per transform, host clock around back-to-back enqueues
  std::string measured;      // when, ISO 8601 UTC
  std::vector<std::pair<std::string, double>> timings;  // every verified candidate's median, ms
};

class Wisdom {
 public:
  static constexpr std::size_t kMaxFileBytes = std::size_t{1} << 20;
  static constexpr std::size_t kMaxEntries = 4096;  // the oldest go first beyond this

  // wisdom.json in the user's cache folder (io/UserCacheFolder.h), e.g.
  // $XDG_CACHE_HOME/fftscope/wisdom.json; empty where there is none (then there is no wisdom).
  static std::filesystem::path defaultPath();

  // Never throws for what the file holds: a missing file is empty wisdom; an unreadable one is
  // empty wisdom with a problem().
  static Wisdom load(const std::filesystem::path& path);
  // The same from text (the file's content), for parsers' tests.
  static Wisdom parse(const std::filesystem::path& path, const std::string& text);

  const std::filesystem::path& path() const { return path_; }
  bool usable() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }  // e.g. "not valid JSON: ..."
  std::string warning() const;  // "ignoring the wisdom file F: PROBLEM"

  const std::vector<WisdomEntry>& entries() const { return entries_; }
  const WisdomEntry* find(const WisdomKey& key) const;
  // Replaces the entry of the same key, or adds one (dropping the oldest beyond kMaxEntries).
  void remember(WisdomEntry entry);

  std::string toJson() const;
  // Writes the file atomically. Throws std::runtime_error naming the file: when it cannot be
  // written (the old file then stays as it was), or when it was not usable wisdom.
  void save() const;
  // Reads the file again, adds `entry` to what it holds now (another process may have added
  // some meanwhile), saves it, and remembers the entry here too. Throws as save().
  void record(const WisdomEntry& entry);

 private:
  std::filesystem::path path_;
  std::string problem_;
  std::vector<WisdomEntry> entries_;
};

}  // namespace fftscope
