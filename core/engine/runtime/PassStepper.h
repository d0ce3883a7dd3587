// Steps through a baked plan one kernel launch at a time, for the butterfly explorer: two
// device buffers of its own, one pass per step, the result read back after each step, and
// back() to return to the previous state. The plan's routing through input, output and
// scratch buffers only ever makes a pass read what the previous pass wrote, so a ping-pong
// between two buffers runs the same launches; the last pass keeps the inverse's 1/N scale.
// A local_fft launch is one step however many stages it runs inside (its stages between exist
// only in local memory; core/graph's evaluation gives them on the CPU). Like the Plan it steps,
// a PassStepper is for one thread.
#pragma once

#include "engine/runtime/Plan.h"

#include <complex>
#include <cstddef>
#include <vector>

namespace fftscope {

class PassStepper {
 public:
  // The plan must outlive the stepper.
  PassStepper(cl::DeviceContext& context, Plan& plan);

  // Uploads the input (description().elements() values in the plan's precision, or
  // std::invalid_argument) and goes back to position 0.
  void start(const std::vector<std::complex<float>>& input);
  void start(const std::vector<std::complex<double>>& input);

  std::size_t position() const { return states_.empty() ? 0 : states_.size() - 1; }  // passes run
  std::size_t passCount() const { return plan_.passes().size(); }
  bool atEnd() const { return !states_.empty() && position() == passCount(); }

  // Runs pass position() and reads its output back; std::logic_error before start() or at the end.
  TimingRecord step();
  // Returns to the state before the last step (one upload); std::logic_error at position 0.
  void back();

  // The buffer after j passes (0: the input), widened exactly to double whatever the precision.
  const std::vector<std::complex<double>>& state(std::size_t j) const { return states_.at(j); }
  const std::vector<std::complex<double>>& current() const { return states_.at(position()); }
  // The timing of each pass run so far, in order (position() records).
  const std::vector<TimingRecord>& timings() const { return timings_; }

 private:
  template <typename T>
  void startWith(const std::vector<std::complex<T>>& input);
  void upload(const std::vector<std::complex<double>>& values);
  std::vector<std::complex<double>> download(cl_mem buffer) const;

  cl::DeviceContext& context_;
  Plan& plan_;
  cl::Buffer buffers_[2];
  int current_ = 0;  // the buffer that holds state(position())
  std::vector<std::vector<std::complex<double>>> states_;
  std::vector<TimingRecord> timings_;
};

}  // namespace fftscope
