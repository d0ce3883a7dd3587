// The wisdom file: what is written is read back; a corrupt, truncated, huge, foreign or newer
// file is refused with a message naming it and the problem, and is never written over; a write
// that fails leaves the old file as it was and no temporary file behind.
#include "engine/planning/Wisdom.h"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace fftscope {
namespace {

namespace fs = std::filesystem;

class WisdomFile : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("fftscope-wisdom-test-" + std::to_string(::getpid()));
    fs::remove_all(folder_);
    fs::create_directories(folder_);
  }
  void TearDown() override { fs::remove_all(folder_); }

  static WisdomEntry entry(std::size_t n, const std::string& candidate, double ms = 0.25) {
    WisdomEntry e;
    e.key = WisdomKey::of(PlanDescription::oneD(n, 2), "Some GPU", "550.1");
    e.candidate = candidate;
    e.milliseconds = ms;
    e.measured = "2024-05-06T07:08:09Z";
    e.timings = {{candidate, ms}, {"r4", 2 * ms}};
    return e;
  }
  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  static void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  // Files in the folder other than `keep`: a temporary file left behind would show here.
  std::vector<std::string> others(const std::string& keep) const {
    std::vector<std::string> names;
    for (const auto& f : fs::directory_iterator(folder_))
      if (f.path().filename() != keep) names.push_back(f.path().filename().string());
    return names;
  }
  fs::path folder_;
};

TEST_F(WisdomFile, WhatIsSavedIsReadBack) {
  Wisdom w = Wisdom::load(folder_ / "cache" / "wisdom.json");  // the folder does not exist yet
  EXPECT_TRUE(w.usable());
  EXPECT_TRUE(w.entries().empty());
  WisdomEntry a = entry(1024, "r16"), b = entry(4096, "local", 1.5);
  b.key.dimensions = 2;
  b.key.rows = 64;
  b.key.precision = Precision::F64;
  b.key.direction = Direction::Inverse;
  b.key.twiddle = TwiddleMode::Sincos;
  b.key.real = true;
  w.remember(a);
  w.remember(b);
  w.save();
  const Wisdom back = Wisdom::load(w.path());
  ASSERT_TRUE(back.usable()) << back.problem();
  ASSERT_EQ(back.entries().size(), 2u);
  ASSERT_NE(back.find(b.key), nullptr);
  EXPECT_EQ(back.find(b.key)->candidate, "local");
  EXPECT_DOUBLE_EQ(back.find(b.key)->milliseconds, 1.5);
  EXPECT_EQ(back.find(a.key)->timings, a.timings);
  EXPECT_EQ(back.find(a.key)->measured, a.measured);
  WisdomKey other = a.key;
  other.driver = "555.0";  // a new driver: measured again
  EXPECT_EQ(back.find(other), nullptr);
  EXPECT_EQ(others("cache"), std::vector<std::string>{});
}

TEST_F(WisdomFile, RememberingAKeyAgainReplacesItsEntryAndTheOldestGoBeyondTheLimit) {
  Wisdom w = Wisdom::load(folder_ / "w.json");
  w.remember(entry(1024, "r16"));
  w.remember(entry(1024, "r8"));
  ASSERT_EQ(w.entries().size(), 1u);
  EXPECT_EQ(w.entries()[0].candidate, "r8");
  for (std::size_t i = 0; i < Wisdom::kMaxEntries + 5; ++i) w.remember(entry((1 << 20) + i, "r2"));
  EXPECT_EQ(w.entries().size(), Wisdom::kMaxEntries);
  EXPECT_EQ(w.find(entry(1024, "").key), nullptr);
  EXPECT_NE(w.find(entry((1 << 20) + Wisdom::kMaxEntries + 4, "").key), nullptr);
}

TEST_F(WisdomFile, RecordKeepsWhatAnotherProcessStoredMeanwhile) {
  const fs::path path = folder_ / "w.json";
  Wisdom mine = Wisdom::load(path);
  Wisdom theirs = Wisdom::load(path);
  theirs.record(entry(256, "local"));
  mine.record(entry(512, "r16"));
  const Wisdom back = Wisdom::load(path);
  EXPECT_EQ(back.entries().size(), 2u);
  EXPECT_NE(back.find(entry(256, "").key), nullptr);
}

struct BadFile {
  const char* name;
  std::string text;
  const char* problem;  // part of the message
};

TEST_F(WisdomFile, BadFilesAreRefusedWithTheFileAndTheProblemNamedAndNeverWrittenOver) {
  Wisdom good = Wisdom::load(folder_ / "good.json");
  good.remember(entry(1024, "r16"));
  const std::string valid = good.toJson();
  const std::vector<BadFile> files{
      {"garbage", "\x01\x02 not json at all", "not valid JSON"},
      {"truncated", valid.substr(0, valid.size() / 2), "not valid JSON"},
      {"empty", "", "not valid JSON"},
      {"foreign object", R"({"name": "my settings", "entries": []})", "not a wisdom file"},
      {"foreign list", "[1, 2, 3]", "not a wisdom file"},
      {"newer", R"({"format": "fftscope-wisdom", "version": 2, "entries": []})", "version 2"},
      {"entries not a list", R"({"format": "fftscope-wisdom", "version": 1, "entries": {}})", "not a list"},
      {"bad field", std::string(valid).replace(valid.find("\"cols\": 1024"), 12, "\"cols\": -4"), "'cols'"},
      {"bad precision", std::string(valid).replace(valid.find("\"f32\""), 5, "\"f16\""), "'precision'"},
      {"missing field", std::string(valid).replace(valid.find("\"candidate\""), 11, "\"candidatX\""),
       "'candidate' is missing"},
      // Described, never printed: printing a value is recursive, and this one would overflow the stack.
      {"version nested 100,000 deep",
       R"({"format": "fftscope-wisdom", "version": )" + std::string(100000, '[') + std::string(100000, ']') +
           R"(, "entries": []})",
       "nested more than"},
      {"version an array", R"({"format": "fftscope-wisdom", "version": [[1]], "entries": []})",
       "version an array of 1 values"},
      {"negative timing", std::string(valid).replace(valid.find("\"timings\": "), 11, "\"timings\": {\"x\": -1}, \"unread\": "),
       "'timings'"},
  };
  for (const BadFile& f : files) {
    const fs::path path = folder_ / "wisdom.json";
    write(path, f.text);
    Wisdom w = Wisdom::load(path);
    EXPECT_FALSE(w.usable()) << f.name;
    EXPECT_TRUE(w.entries().empty()) << f.name;
    EXPECT_NE(w.problem().find(f.problem), std::string::npos) << f.name << ": " << w.problem();
    EXPECT_NE(w.warning().find(path.string()), std::string::npos) << w.warning();
    EXPECT_THROW(w.record(entry(64, "r4")), std::runtime_error) << f.name;
    EXPECT_EQ(read(path), f.text) << f.name << " was written over";
  }
}

TEST_F(WisdomFile, AHugeFileOrAFolderIsRefusedWithoutReadingIt) {
  const fs::path huge = folder_ / "huge.json";
  { std::ofstream(huge) << "{"; }
  fs::resize_file(huge, std::uintmax_t{4} << 30);  // sparse: 4 GiB of nothing
  Wisdom w = Wisdom::load(huge);
  EXPECT_FALSE(w.usable());
  EXPECT_NE(w.problem().find("larger than " + std::to_string(Wisdom::kMaxFileBytes)), std::string::npos) << w.problem();

  Wisdom folder = Wisdom::load(folder_);
  EXPECT_FALSE(folder.usable());
  EXPECT_NE(folder.problem().find("not a regular file"), std::string::npos) << folder.problem();
}

TEST_F(WisdomFile, AFailedWriteLeavesTheOldFileAndNoTemporaryFile) {
  const fs::path path = folder_ / "wisdom.json";
  Wisdom w = Wisdom::load(path);
  w.remember(entry(1024, "r16"));
  w.save();
  const std::string before = read(path);

  // The file system refuses more than 100 bytes a file: the write fails part way.
  std::signal(SIGXFSZ, SIG_IGN);
  rlimit old{};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
  rlimit small = old;
  small.rlim_cur = 100;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  w.remember(entry(2048, "r8"));
  bool threw = false;
  try {
    w.save();
  } catch (const std::runtime_error& e) {
    threw = true;
    EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
  }
  setrlimit(RLIMIT_FSIZE, &old);
  EXPECT_TRUE(threw);
  EXPECT_EQ(read(path), before);
  EXPECT_EQ(others("wisdom.json"), std::vector<std::string>{});

  // A destination that is a folder, or under a regular file: refused, nothing left behind.
  fs::create_directories(folder_ / "taken");
  Wisdom onFolder = Wisdom::load(folder_ / "missing.json");
  onFolder.remember(entry(8, "r8"));
  std::string problem;
  EXPECT_THROW(Wisdom::parse(folder_ / "taken", onFolder.toJson()).save(), std::runtime_error);
  EXPECT_THROW(Wisdom::parse(path / "under-a-file.json", onFolder.toJson()).save(), std::runtime_error);
  EXPECT_EQ(read(path), before);
  EXPECT_TRUE(fs::is_empty(folder_ / "taken"));
  EXPECT_EQ(others("wisdom.json"), std::vector<std::string>{"taken"});
}

TEST(WisdomPath, IsUnderTheUsersCacheFolder) {
  const char* oldCache = std::getenv("XDG_CACHE_HOME");
  const std::string keep = oldCache ? oldCache : "";
  setenv("XDG_CACHE_HOME", "/some/cache", 1);
  EXPECT_EQ(Wisdom::defaultPath(), fs::path("/some/cache/fftscope/wisdom.json"));
  setenv("XDG_CACHE_HOME", "relative/cache", 1);  // not absolute: ignored, as XDG says
  if (const char* home = std::getenv("HOME")) {
    EXPECT_EQ(Wisdom::defaultPath(), fs::path(home) / ".cache/fftscope/wisdom.json");
  }
  if (oldCache)
    setenv("XDG_CACHE_HOME", keep.c_str(), 1);
  else
    unsetenv("XDG_CACHE_HOME");
}

}  // namespace
}  // namespace fftscope
