#include "engine/runtime/PassStepper.h"

#include <stdexcept>
#include <string>

namespace fftscope {

PassStepper::PassStepper(cl::DeviceContext& context, Plan& plan) : context_(context), plan_(plan) {
  const std::size_t bytes = plan_.description().bytes();
  buffers_[0] = context_.buffer(bytes);
  buffers_[1] = context_.buffer(bytes);
}

template <typename T>
void PassStepper::startWith(const std::vector<std::complex<T>>& input) {
  const PlanDescription& d = plan_.description();
  if (bytesPerComplex(d.precision) != sizeof(std::complex<T>))
    throw std::invalid_argument("PassStepper: the data's precision differs from the plan's (" +
                                std::string(toString(d.precision)) + ")");
  if (input.size() != d.elements())
    throw std::invalid_argument("PassStepper: " + std::to_string(input.size()) + " values for a plan of " +
                                std::to_string(d.elements()));
  states_.assign(1, std::vector<std::complex<double>>(input.begin(), input.end()));
  timings_.clear();
  current_ = 0;
  upload(states_.front());
}

void PassStepper::start(const std::vector<std::complex<float>>& input) { startWith(input); }
void PassStepper::start(const std::vector<std::complex<double>>& input) { startWith(input); }

TimingRecord PassStepper::step() {
  if (states_.empty()) throw std::logic_error("PassStepper::step before start");
  if (atEnd()) throw std::logic_error("PassStepper::step past the last pass");
  const int next = 1 - current_;
  PendingRun run = plan_.enqueuePass(position(), buffers_[current_].get(), buffers_[next].get());
  // A plan run in chunks launches the pass once a chunk: the step spans them all.
  const std::vector<TimingRecord> launches = run.timings();
  TimingRecord record = launches.front();
  record.endNs = launches.back().endNs;
  for (std::size_t i = 1; i < launches.size(); ++i) record.nanoseconds += launches[i].nanoseconds;
  states_.push_back(download(buffers_[next].get()));
  timings_.push_back(record);
  current_ = next;
  return record;
}

void PassStepper::back() {
  if (position() == 0) throw std::logic_error("PassStepper::back at the input");
  states_.pop_back();
  timings_.pop_back();
  upload(states_.back());  // the other buffer may hold an older state by now
}

void PassStepper::upload(const std::vector<std::complex<double>>& values) {
  const std::size_t bytes = plan_.description().bytes();
  if (plan_.description().precision == Precision::F32) {
    std::vector<std::complex<float>> narrow(values.begin(), values.end());  // exact: they were floats
    context_.write(buffers_[current_].get(), narrow.data(), bytes);
  } else {
    context_.write(buffers_[current_].get(), values.data(), bytes);
  }
}

std::vector<std::complex<double>> PassStepper::download(cl_mem buffer) const {
  const PlanDescription& d = plan_.description();
  if (d.precision == Precision::F32) {
    std::vector<std::complex<float>> narrow(d.elements());
    context_.read(buffer, narrow.data(), d.bytes());
    return {narrow.begin(), narrow.end()};
  }
  std::vector<std::complex<double>> values(d.elements());
  context_.read(buffer, values.data(), d.bytes());
  return values;
}

}  // namespace fftscope
