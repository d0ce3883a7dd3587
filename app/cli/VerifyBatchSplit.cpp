#include "VerifyBatchSplit.h"

#include "engine/cl/DeviceSet.h"
#include "engine/multi/BatchSplit.h"
#include "engine/reference/Accuracy.h"
#include "engine/reference/FftwReference.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <type_traits>

namespace fftscope::cli {
namespace {

struct Checked {
  double relL2 = 0, relLinf = 0;
  std::string shares;
};

template <typename T>
Checked check(std::span<cl::DeviceContext* const> devices, const PlanDescription& d) {
  std::vector<std::complex<T>> in;
  if constexpr (std::is_same_v<T, float>)
    in = randomComplexF32(d.elements(), d.elements() + d.batch);
  else
    in = randomComplexF64(d.elements(), d.elements() + d.batch);
  multi::BatchSplit<T> split(devices, d);
  std::vector<std::complex<T>> out(in.size());
  split.run(in, out);
  const auto expected = referenceTransform(in, d.dimensions == 2 ? d.rows : 1, d.cols, d.batch, d.dimensions == 2, d.direction);
  const ErrorMeasures e = measureError(std::span<const std::complex<T>>(out), std::span<const std::complex<long double>>(expected));
  Checked c{e.relL2, e.relLinf, ""};
  for (std::size_t s : split.shares()) c.shares += (c.shares.empty() ? "" : "+") + std::to_string(s);
  return c;
}

}  // namespace

int verifyBatchSplit(const std::vector<PlanDescription>& cases, const std::string& list, const std::string& only, bool json) {
  const cl::DeviceSet set(list, only);
  if (!json) {
    std::printf("verifying the batch split over %zu device(s):", set.size());
    for (std::size_t g = 0; g < set.size(); ++g) std::printf(" %zu: %s;", g, set[g].device().name.c_str());
    std::printf("\n%-8s %-10s %-6s %-12s %5s %-9s %10s %10s %10s %10s  %s\n", "variant", "twid", "prec", "shape", "batch",
                "shares", "L2", "L2 gate", "Linf", "Linf gate", "result");
  }
  int failed = 0;
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const PlanDescription& d : cases) {
    Checked c;
    std::string failure;
    try {
      c = d.precision == Precision::F32 ? check<float>(set.devices(), d) : check<double>(set.devices(), d);
    } catch (const std::exception& e) {
      failure = e.what();
    }
    const double l2 = l2Gate(d.precision, d.points()), linf = linfGate(d.precision, d.points());
    if (failure.empty() && !(c.relL2 <= l2 && c.relLinf <= linf)) failure = "error above the gate";
    failed += failure.empty() ? 0 : 1;
    const std::string shape = d.dimensions == 1 ? std::to_string(d.cols) : std::to_string(d.rows) + "x" + std::to_string(d.cols);
    if (json) {
      rows.push_back({{"variant", toString(d.variant)}, {"twiddle", toString(d.twiddle)}, {"precision", toString(d.precision)},
                      {"shape", shape}, {"batch", d.batch}, {"shares", c.shares}, {"rel_l2", c.relL2}, {"l2_gate", l2},
                      {"rel_linf", c.relLinf}, {"linf_gate", linf}, {"passed", failure.empty()}, {"failure", failure}});
      continue;
    }
    std::printf("%-8s %-10s %-6s %-12s %5zu %-9s %10.3g %10.3g %10.3g %10.3g  %s\n", std::string(toString(d.variant)).c_str(),
                std::string(toString(d.twiddle)).c_str(), std::string(toString(d.precision)).c_str(), shape.c_str(), d.batch,
                c.shares.c_str(), c.relL2, l2, c.relLinf, linf, failure.empty() ? "pass" : ("FAIL: " + failure).c_str());
    std::fflush(stdout);
  }
  if (json) {
    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    for (std::size_t g = 0; g < set.size(); ++g) devices.push_back(set[g].device().name);
    std::printf("%s\n", nlohmann::ordered_json{{"devices", devices}, {"cases", cases.size()}, {"failed", failed}, {"rows", rows}}
                            .dump(2)
                            .c_str());
  } else {
    std::printf("%zu passed, %d failed\n", cases.size() - std::size_t(failed), failed);
  }
  return failed == 0 ? 0 : 1;
}

}  // namespace fftscope::cli
