// The settings: each type's values, ranges and powers of two, bad values keeping the default with
// a report, unknown FFTSCOPE_ names, and where each value came from. No environment is touched:
// readSettings takes the variables as a list.
#include "settings/SettingsReader.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace fftscope {
namespace {

using Variables = std::vector<std::pair<std::string, std::string>>;

Settings read(const Variables& variables) { return readSettings(variables); }

TEST(SettingTable, EveryEntryIsNamedOnceAndDescribed) {
  std::set<std::string_view> names;
  for (const SettingEntry& e : settingTable()) {
    EXPECT_TRUE(e.name.starts_with("FFTSCOPE_")) << e.name;
    EXPECT_TRUE(names.insert(e.name).second) << e.name << " twice";
    EXPECT_GT(e.description.size(), 20u) << e.name;
    // A default is a value the entry takes, or empty where the engine decides.
    EXPECT_TRUE(e.defaultValue.empty() || validSettingValue(e, e.defaultValue)) << e.name << "=" << e.defaultValue;
    EXPECT_EQ(e.type == SettingType::Choice, !e.choices.empty()) << e.name;
    if (e.type == SettingType::Whole || e.type == SettingType::Bytes) {
      EXPECT_LE(e.least, e.most) << e.name;
    }
  }
  EXPECT_EQ(findSetting("FFTSCOPE_INNER_ON_STORES"), nullptr);  // no code reads it
}

TEST(Settings, StartAtTheDefaults) {
  const Settings s;
  for (const SettingEntry& e : settingTable()) {
    EXPECT_EQ(s.source(e.name), SettingSource::Default) << e.name;
    EXPECT_EQ(s.text(e.name), e.defaultValue) << e.name;
  }
  EXPECT_TRUE(s.flag("FFTSCOPE_WIDE_RADICES"));
  EXPECT_FALSE(s.flag("FFTSCOPE_PRINT_KERNELS"));
  EXPECT_EQ(s.number("FFTSCOPE_RUN_BYTES"), 128u);
  EXPECT_TRUE(s.warnings().empty());
  EXPECT_THROW((void)s.text("FFTSCOPE_NO_SUCH"), std::logic_error);
  EXPECT_THROW((void)s.flag("FFTSCOPE_RUN_BYTES"), std::logic_error);
  EXPECT_THROW((void)s.number("FFTSCOPE_WIDE_RADICES"), std::logic_error);
}

TEST(Settings, ReadEachTypeAndRecordTheSource) {
  const Settings s = read({{"FFTSCOPE_WIDE_RADICES", "0"},
                           {"FFTSCOPE_FILTER_PREFETCH", "1"},
                           {"FFTSCOPE_RADER", "prefer"},
                           {"FFTSCOPE_SPLIT_COLUMN_TWIDDLES", "first-column"},
                           {"FFTSCOPE_ODD_INNER_PASSES", "3"},
                           {"FFTSCOPE_CACHE_CHUNK", "16777216"},
                           {"FFTSCOPE_KERNEL_DIR", "/tmp/kernels"},
                           {"HOME", "/root"}});
  EXPECT_TRUE(s.warnings().empty());
  EXPECT_FALSE(s.flag("FFTSCOPE_WIDE_RADICES"));
  EXPECT_TRUE(s.flag("FFTSCOPE_FILTER_PREFETCH"));
  EXPECT_EQ(s.text("FFTSCOPE_RADER"), "prefer");
  EXPECT_EQ(s.text("FFTSCOPE_SPLIT_COLUMN_TWIDDLES"), "first-column");
  EXPECT_EQ(s.number("FFTSCOPE_ODD_INNER_PASSES"), 3u);  // a whole number, not a power of two
  EXPECT_EQ(s.number("FFTSCOPE_CACHE_CHUNK"), 16777216u);
  EXPECT_EQ(s.text("FFTSCOPE_KERNEL_DIR"), "/tmp/kernels");
  EXPECT_EQ(s.source("FFTSCOPE_WIDE_RADICES"), SettingSource::Environment);
  EXPECT_EQ(s.source("FFTSCOPE_KERNEL_DIR"), SettingSource::Environment);
  EXPECT_EQ(s.source("FFTSCOPE_RUN_BYTES"), SettingSource::Default);
  EXPECT_TRUE(s.isSet("FFTSCOPE_RADER"));
  EXPECT_FALSE(s.isSet("FFTSCOPE_DEVICE"));

  Settings given;
  EXPECT_EQ(given.set("FFTSCOPE_MAX_GROUP", "512"), "");
  EXPECT_EQ(given.source("FFTSCOPE_MAX_GROUP"), SettingSource::Given);
  EXPECT_EQ(given.set("FFTSCOPE_MAX_GROUP", ""), "");  // empty: back to the default
  EXPECT_EQ(given.source("FFTSCOPE_MAX_GROUP"), SettingSource::Default);
  EXPECT_EQ(given.number("FFTSCOPE_MAX_GROUP"), 256u);
}

TEST(Settings, RangesAndPowersOfTwo) {
  const SettingEntry& runBytes = *findSetting("FFTSCOPE_RUN_BYTES");  // a power of two, 32..1024
  for (const char* good : {"32", "64", "1024"}) EXPECT_TRUE(validSettingValue(runBytes, good)) << good;
  for (const char* bad : {"16", "2048", "48", "100", "", "64x", "-64", " 64", "0x40", "99999999999999999999999"})
    EXPECT_FALSE(validSettingValue(runBytes, bad)) << "'" << bad << "'";
  const SettingEntry& odd = *findSetting("FFTSCOPE_ODD_INNER_PASSES");  // any whole number 2..6
  EXPECT_TRUE(validSettingValue(odd, "5"));
  EXPECT_FALSE(validSettingValue(odd, "7"));
  EXPECT_FALSE(validSettingValue(odd, "1"));
  const SettingEntry& cap = *findSetting("FFTSCOPE_REGISTER_CAP");  // 0 or 16..255
  for (const char* good : {"0", "16", "56", "255"}) EXPECT_TRUE(validSettingValue(cap, good)) << good;
  for (const char* bad : {"5", "300", "abc"}) EXPECT_FALSE(validSettingValue(cap, bad)) << bad;
  const SettingEntry& flag = *findSetting("FFTSCOPE_OUTER_STEPS");
  EXPECT_TRUE(validSettingValue(flag, "0") && validSettingValue(flag, "1"));
  EXPECT_FALSE(validSettingValue(flag, "yes"));
  const SettingEntry& choice = *findSetting("FFTSCOPE_INNER_STEPS");
  for (const char* good : {"0", "1", "all"}) EXPECT_TRUE(validSettingValue(choice, good)) << good;
  for (const char* bad : {"al", "prefer", "all "}) EXPECT_FALSE(validSettingValue(choice, bad)) << bad;
  const SettingEntry& chunk = *findSetting("FFTSCOPE_CACHE_CHUNK");
  EXPECT_TRUE(validSettingValue(chunk, "0"));
  EXPECT_TRUE(validSettingValue(chunk, "1099511627776"));
  EXPECT_FALSE(validSettingValue(chunk, "1099511627777"));
  EXPECT_FALSE(validSettingValue(chunk, "16MiB"));
}

TEST(Settings, BadValuesKeepTheDefaultAndAreReported) {
  const Settings s = read({{"FFTSCOPE_RUN_BYTES", "100"},
                           {"FFTSCOPE_WIDE_RADICES", "no"},
                           {"FFTSCOPE_RADER", "sometimes"},
                           {"FFTSCOPE_REGISTER_CAP", "5"},
                           {"FFTSCOPE_CACHE_CHUNK", "16MiB"}});
  for (const char* name : {"FFTSCOPE_RUN_BYTES", "FFTSCOPE_WIDE_RADICES", "FFTSCOPE_RADER", "FFTSCOPE_REGISTER_CAP",
                           "FFTSCOPE_CACHE_CHUNK"}) {
    EXPECT_EQ(s.source(name), SettingSource::Default) << name;
    EXPECT_EQ(s.text(name), findSetting(name)->defaultValue) << name;
  }
  ASSERT_EQ(s.warnings().size(), 5u);
  EXPECT_EQ(s.warnings()[0], "FFTSCOPE_RUN_BYTES=100: expected a power of two from 32 to 1024 (bytes); ignored");
  EXPECT_EQ(s.warnings()[1], "FFTSCOPE_WIDE_RADICES=no: expected 0 or 1; ignored");
  EXPECT_EQ(s.warnings()[2], "FFTSCOPE_RADER=sometimes: expected one of 0,1,prefer; ignored");
  EXPECT_EQ(s.warnings()[3], "FFTSCOPE_REGISTER_CAP=5: expected 0 or a whole number from 16 to 255; ignored");
  EXPECT_NE(s.warnings()[4].find("FFTSCOPE_CACHE_CHUNK=16MiB: expected"), std::string::npos) << s.warnings()[4];
}

TEST(Settings, AnUnknownVariableIsNamedWithTheNearestKnownOne) {
  const Settings s = read({{"FFTSCOPE_WIDE_RADIX", "0"}, {"FFTSCOPE_REGISTERCAP", "56"}, {"OTHER_THING", "1"}});
  ASSERT_EQ(s.warnings().size(), 2u);
  EXPECT_NE(s.warnings()[0].find("FFTSCOPE_WIDE_RADIX is not a setting (did you mean FFTSCOPE_WIDE_RADICES?"),
            std::string::npos)
      << s.warnings()[0];
  EXPECT_NE(s.warnings()[1].find("did you mean FFTSCOPE_REGISTER_CAP?"), std::string::npos) << s.warnings()[1];
  EXPECT_TRUE(s.flag("FFTSCOPE_WIDE_RADICES"));  // the misspelt one changed nothing
  EXPECT_EQ(nearestSettingName("FFTSCOPE_DEVCE"), "FFTSCOPE_DEVICE");
}

}  // namespace
}  // namespace fftscope
