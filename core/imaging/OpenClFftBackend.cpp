#include "imaging/OpenClFftBackend.h"

#include "engine/planning/PlanChoice.h"

#include <stdexcept>

namespace fftscope::imaging {

OpenClFftBackend::OpenClFftBackend(const cl::DeviceInfo& device)
    : context_(std::make_unique<cl::DeviceContext>(device)) {}

// Plans hold a reference to the context: they go first.
OpenClFftBackend::~OpenClFftBackend() {
  plans_.clear();
  staged_.release();
}

const cl::DeviceInfo& OpenClFftBackend::device() const { return context_->device(); }

Plan& OpenClFftBackend::plan(int rows, int cols, Direction direction) {
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("an FFT of " + std::to_string(rows) + " x " + std::to_string(cols) + " points");
  auto key = std::make_tuple(rows, cols, direction);
  auto found = plans_.find(key);
  if (found != plans_.end()) return *found->second;
  PlanDescription description = PlanDescription::twoD(std::size_t(rows), std::size_t(cols));
  description.direction = direction;
  std::unique_ptr<Plan> baked;
  const PlanChoice choice = policy_ && policy_->wisdom() ? policy_->choose(description) : PlanChoice{};
  if (choice.source == PlanSource::Wisdom)
    baked = std::make_unique<Plan>(*context_, description, choice.chosen.passes);
  else
    baked = std::make_unique<Plan>(*context_, description);
  return *plans_.emplace(key, std::move(baked)).first->second;
}

void OpenClFftBackend::prepare(int rows, int cols) {
  Plan& forwardPlan = plan(rows, cols, Direction::Forward);
  plan(rows, cols, Direction::Inverse);
  // Our own two buffers come on top of the plan's scratch: refuse here rather than mid-run.
  const std::size_t bytes = forwardPlan.description().bytes();
  const std::uint64_t scratch = bytes * std::uint64_t(scratchBuffersUsed(forwardPlan.passes()));
  if (2 * bytes + scratch > device().globalMemBytes)
    throw std::invalid_argument("a " + std::to_string(rows) + " x " + std::to_string(cols) + " transform needs " +
                                std::to_string((2 * bytes + scratch) >> 20) + " MiB of device memory; " +
                                device().name + " has " + std::to_string(device().globalMemBytes >> 20) + " MiB");
}

void OpenClFftBackend::run(std::complex<float>* data, int rows, int cols, Direction direction) {
  Plan& baked = plan(rows, cols, direction);
  std::vector<TimingRecord> records = staged_.run(*context_, baked, data);
  timings_.insert(timings_.end(), records.begin(), records.end());
  lastSummary_ = baked.description().summary();

  if (direction == Direction::Inverse) {
    // The engine's inverse divides by N; FftBackend's is unscaled. N is a power of two, so this
    // multiplication is exact.
    const float n = float(std::size_t(rows) * std::size_t(cols));
    const std::size_t count = std::size_t(rows) * std::size_t(cols);
    for (std::size_t i = 0; i < count; ++i) data[i] *= n;
  }
}

void OpenClFftBackend::forward(std::complex<float>* data, int rows, int cols) {
  run(data, rows, cols, Direction::Forward);
}

void OpenClFftBackend::inverse(std::complex<float>* data, int rows, int cols) {
  run(data, rows, cols, Direction::Inverse);
}

std::vector<TimingRecord> OpenClFftBackend::takeTimings() {
  std::vector<TimingRecord> taken;
  taken.swap(timings_);
  return taken;
}

}  // namespace fftscope::imaging
