// Results written as JSON and CSV read back equal (NaN for what was not measured), and the files
// land whole through a temporary file beside the destination.
#include "bench/ResultCsv.h"
#include "bench/ResultFile.h"
#include "bench/ResultJson.h"
#include "io/AtomicWrite.h"

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace fftscope::bench {
namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();

BenchReport sampleReport() {
  BenchResult timed;
  timed.device = "pthread, \"quoted\" device";  // a comma and quotes, as CSV must carry them
  timed.driver = "3.1+debian";
  timed.date = "2026-11-23T08:30:44Z";
  timed.variant = "r16/native";
  timed.precision = "f32";
  timed.dims = 1;
  timed.cols = 4096;
  timed.batch = 256;
  timed.points = 4096 * 256;
  timed.verified = true;
  timed.relL2 = 1.234567890123e-7;
  timed.l2Gate = 3.0 / 7.0 * 1e-6;
  timed.hostMs = {0.1, 0.1 + 1e-17, 1.0 / 3.0};
  timed.kernelMs = {0.09, 0.095, 0.0999};
  timed.gflops = 123.456;
  timed.gbs = 4268.1;
  timed.copyGbs = 4300.5;
  timed.copyFraction = 4268.1 / 4300.5;
  timed.passes = {{"stockham r16 p=1 n=4096 rows=256", 0.031}, {"stockham r16 p=16 n=4096 rows=256", 1e-5}};

  BenchResult failed = timed;
  failed.variant = "auto/padded";
  failed.dims = 2;
  failed.rows = 64;
  failed.cols = 128;
  failed.points = 64 * 128 * 256;
  failed.verified = false;
  failed.relL2 = 0.5;
  failed.error = "output differs from FFTW,\nsee \"this\"";
  failed.hostMs = failed.kernelMs = {kNan, kNan, kNan};
  failed.gflops = failed.gbs = failed.copyFraction = kNan;
  failed.passes.clear();

  BenchReport report;
  report.results = {timed, failed};
  report.cancelled = true;
  return report;
}

void expectSame(const BenchReport& a, const BenchReport& b) {
  ASSERT_EQ(a.results.size(), b.results.size());
  for (std::size_t i = 0; i < a.results.size(); ++i)
    EXPECT_TRUE(sameRecord(a.results[i], b.results[i])) << "record " << i;
}

TEST(ResultJson, RoundTripIsExact) {
  const BenchReport report = sampleReport();
  const BenchReport back = reportFromJson(toJson(report));
  expectSame(report, back);
  EXPECT_TRUE(back.cancelled);
}

TEST(ResultJson, UnmeasuredNumbersAreNullAndFailuresCarryTheirError) {
  const nlohmann::json document = nlohmann::json::parse(toJson(sampleReport()));
  const nlohmann::json& failed = document["results"][1];
  EXPECT_TRUE(failed["host_ms"]["median"].is_null());
  EXPECT_TRUE(failed["gflops"].is_null());
  EXPECT_EQ(failed["verified"], false);
  EXPECT_EQ(failed["shape"], nlohmann::json::array({64, 128}));
  EXPECT_NE(failed["error"].get<std::string>().find("differs from FFTW"), std::string::npos);
  EXPECT_FALSE(document["results"][0].contains("error"));
}

TEST(ResultJson, ForeignDocumentsAreRefused) {
  EXPECT_THROW(reportFromJson("{\"rows\": []}"), std::invalid_argument);
  EXPECT_THROW(reportFromJson("not json"), std::invalid_argument);
  nlohmann::json document = nlohmann::json::parse(toJson(sampleReport()));
  document["results"][0].erase("variant");
  try {
    reportFromJson(document.dump());
    FAIL() << "no error for a missing field";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("result 0: missing field 'variant'"), std::string::npos) << e.what();
  }
}

TEST(ResultCsv, RoundTripIsExact) {
  const BenchReport report = sampleReport();
  expectSame(report, reportFromCsv(toCsv(report)));
}

TEST(ResultCsv, UnmeasuredNumbersAreEmptyFields) {
  const std::string csv = toCsv(sampleReport());
  EXPECT_EQ(csv.substr(0, csv.find('\n')).find("device,driver,date,variant"), 0u);
  EXPECT_NE(csv.find(",false,0.5,"), std::string::npos) << csv;
  EXPECT_NE(csv.find(",,,,,,,"), std::string::npos) << csv;  // host and kernel quartiles, rates
}

TEST(ResultCsv, BadRowsNameTheirLineAndColumn) {
  std::string csv = toCsv(sampleReport());
  const std::size_t at = csv.find("4096,256,");
  ASSERT_NE(at, std::string::npos);
  csv.replace(at, 4, "40x6");
  try {
    reportFromCsv(csv);
    FAIL() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("line 2, column 'cols'"), std::string::npos) << e.what();
  }
}

TEST(ResultFile, WritesWholeAndReplacesTheOldFile) {
  const auto path = std::filesystem::temp_directory_path() / ("fftscope-bench-" + std::to_string(::getpid()) + ".json");
  io::writeFileAtomically(path, "old");
  io::writeFileAtomically(path, toJson(sampleReport()));
  expectSame(sampleReport(), reportFromJson(readTextFile(path)));
  for (const auto& entry : std::filesystem::directory_iterator(path.parent_path()))
    EXPECT_EQ(entry.path().filename().string().find("." + path.filename().string() + "."), std::string::npos);
  std::filesystem::remove(path);
}

TEST(ResultFile, UnwritableDestinationNamesTheFile) {
  try {
    io::writeFileAtomically("/nonexistent-folder/result.json", "{}");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-folder/result.json"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fftscope::bench
