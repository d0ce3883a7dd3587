// Result files whose numbers make no sense are refused, naming the field, by both readers: dims
// other than 1 or 2, sides and batch of 0 or below, shapes whose product wraps around, points that
// are not rows × cols × batch, negative times. Deep nesting and oversized text are refused before
// anything is built from them.
#include "bench/ResultChecks.h"
#include "bench/ResultCsv.h"
#include "bench/ResultFile.h"
#include "bench/ResultJson.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace fftscope::bench {
namespace {

BenchReport oneResult() {
  BenchResult r;
  r.device = "pthread";
  r.driver = "3.1";
  r.date = "2026-11-27T00:00:00Z";
  r.variant = "r4";
  r.precision = "f32";
  r.cols = 256;
  r.batch = 4;
  r.points = 1024;
  r.verified = true;
  r.relL2 = 1e-7;
  r.l2Gate = 1e-6;
  r.hostMs = r.kernelMs = {0.1, 0.2, 0.3};
  r.gflops = r.gbs = r.copyGbs = r.copyFraction = 1;
  r.passes = {{"stockham r4 p=1", 0.05}};
  BenchReport report;
  report.results = {r};
  return report;
}

std::string refusal(const std::function<void()>& read) {
  try {
    read();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string jsonRefusal(const std::function<void(nlohmann::json&)>& edit) {
  nlohmann::json document = nlohmann::json::parse(toJson(oneResult()));
  edit(document["results"][0]);
  return refusal([&] { reportFromJson(document.dump()); });
}

TEST(ResultRanges, JsonSizesThatWrapOrMeanNothingAreRefusedNamingTheField) {
  using J = nlohmann::json;
  const std::vector<std::pair<std::function<void(J&)>, std::string>> cases{
      {[](J& r) { r["batch"] = -1; }, "field 'batch' is -1"},
      {[](J& r) { r["shape"] = J::array({-5}); }, "field 'cols' is -5"},
      {[](J& r) { r["dims"] = 7; }, "field 'dims' is 7"},
      {[](J& r) { r["dims"] = -1; }, "field 'dims' is -1"},
      {[](J& r) { r["dims"] = 2, r["shape"] = J::array({1ull << 40, 1ull << 40}); }, "field 'rows' is 1099511627776"},
      {[](J& r) { r["batch"] = 1ull << 62; }, "overflows"},
      {[](J& r) { r["points"] = 5; }, "field 'points' is 5, not rows × cols × batch = 1024"},
      {[](J& r) { r["shape"] = J::array({0}); }, "field 'cols' is 0"},
      {[](J& r) { r["shape"] = "256"; }, "field 'shape' is \"256\""},
      {[](J& r) { r["host_ms"]["median"] = -3; }, "field 'host_ms'"},
      {[](J& r) { r["passes"] = 3; }, "field 'passes' is 3"},
  };
  for (const auto& [edit, expected] : cases) {
    const std::string message = jsonRefusal(edit);
    EXPECT_NE(message.find(expected), std::string::npos) << message;
    EXPECT_EQ(message.find("result 0: "), 0u) << message;
  }
}

TEST(ResultRanges, CsvDimsRowsAndColsOutOfRangeAreRefusedNamingTheLine) {
  const std::string good = toCsv(oneResult());
  const std::size_t at = good.find(",1,1,256,4,1024,");
  ASSERT_NE(at, std::string::npos) << good;
  const std::vector<std::pair<std::string, std::string>> cases{
      {",7,1,256,4,1024,", "column 'dims': 7 is not 1 or 2"},
      {",4294967297,1,256,4,1024,", "column 'dims'"},
      {",1,0,256,4,1024,", "field 'rows' is 0"},
      {",1,1,0,4,1024,", "field 'cols' is 0"},
      {",1,1,256,0,1024,", "field 'batch' is 0"},
      {",2,1073741824,1073741824,1073741824,1,", "overflows"},
      {",1,1,256,4,7,", "field 'points' is 7"},
  };
  for (const auto& [fields, expected] : cases) {
    std::string csv = good;
    csv.replace(at, 16, fields);
    const std::string message = refusal([&] { reportFromCsv(csv); });
    EXPECT_NE(message.find(expected), std::string::npos) << fields << ": " << message;
    EXPECT_NE(message.find("line 2"), std::string::npos) << message;
  }
  std::string infinite = good;
  infinite.replace(infinite.find(",0.1,0.2,0.3,"), 4, ",inf");
  const std::string message = refusal([&] { reportFromCsv(infinite); });
  EXPECT_NE(message.find("field 'host_ms' is inf"), std::string::npos) << message;
}

TEST(ResultRanges, DeepNestingAndOversizedTextAreRefusedBeforeAnythingIsBuilt) {
  const std::string deep = "{\"format\": \"fftscope-bench\", \"version\": 1, \"cancelled\": false, \"results\": [{\"device\": " +
                           std::string(500000, '[') + std::string(500000, ']') + "}]}";
  EXPECT_NE(refusal([&] { reportFromJson(deep); }).find("nested more than"), std::string::npos);
  const std::string deepVersion = "{\"format\": \"fftscope-bench\", \"version\": " + std::string(100000, '[') +
                                  std::string(100000, ']') + "}";
  EXPECT_NE(refusal([&] { reportFromJson(deepVersion); }).find("nested more than"), std::string::npos);
  // Found by fuzzing: a number beyond a double is nlohmann's out_of_range, not a parse error.
  EXPECT_NE(refusal([] { reportFromJson("{\"format\": 2.1e2026}"); }).find("not valid JSON"), std::string::npos);
  const std::string huge(kMaxResultFileBytes + 1, ' ');
  EXPECT_NE(refusal([&] { reportFromJson(huge); }).find("more than"), std::string::npos);
  EXPECT_NE(refusal([&] { reportFromCsv(huge); }).find("more than"), std::string::npos);
}

TEST(ResultRanges, FilesBeyondTheBoundOrNotRegularAreNotRead) {
  const auto folder = std::filesystem::temp_directory_path() / ("fftscope-ranges-" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  const auto huge = folder / "huge.json";
  std::ofstream(huge).close();
  std::filesystem::resize_file(huge, kMaxResultFileBytes + 1);  // sparse: nothing is written
  const auto fifo = folder / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  for (const auto& [path, expected] : {std::pair{huge, "larger than"}, std::pair{fifo, "not a regular file"}}) {
    try {
      readTextFile(path);
      ADD_FAILURE() << path << " was read";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(path.string()), std::string::npos) << e.what();
    }
  }
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace fftscope::bench
