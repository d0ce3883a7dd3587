// The engine as the Python module sees it: one transform of contiguous host arrays, planned once
// and run many times, on an OpenCL device or with FFTW when none is asked for or there is none.
// Layout: `batch` transforms of cols values (1D) or rows x cols values (2D), one after another;
// real transforms read or write rows x (cols/2 + 1) complex bins. Forward is unscaled, inverse
// scaled by 1/N (NumPy's "backward"). No engine type appears here, so the bindings see none.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <memory>
#include <string>
#include <vector>

namespace fftscope::python {

class DeviceBuffer;
struct ChunkBuffers;

enum class Kind { Complex, RealForward, RealInverse };

struct TransformSpec {
  Kind kind = Kind::Complex;
  bool doublePrecision = false;
  bool twoD = false;
  bool inverse = false;  // Complex only; the real kinds carry their direction
  std::size_t rows = 1;
  std::size_t cols = 0;
  std::size_t batch = 1;
  std::string device;    // "" default device, "fftw" the host, else an index or a name part
  // Complex plans as fftscope-cli's `--plan measure|estimate` with `--wisdom` (PlanPicking.h):
  // measure times the candidates once and stores the fastest; wisdom "" is the CLI's default file.
  bool measure = false;
  std::string wisdom;
};

// Thrown when a transform does not fit the device's memory (MemoryError in Python).
struct DoesNotFit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Transform {
 public:
  explicit Transform(const TransformSpec& spec);  // std::invalid_argument for bad sizes
  ~Transform();
  Transform(const Transform&) = delete;
  Transform& operator=(const Transform&) = delete;

  const TransformSpec& spec() const { return spec_; }
  std::size_t inputBytes() const;
  std::size_t outputBytes() const;
  std::string deviceName() const;  // "FFTW" on the host
  // `in` (inputBytes) is only read; `out` holds outputBytes. Safe to call from several threads.
  // The batch runs in chunks of about chunkBytes(); `betweenChunks` is called after each but the
  // last, and what it throws (an interrupt) ends the run.
  void run(const void* in, void* out, const std::function<void()>& betweenChunks = {});
  std::size_t chunkTransforms() const { return chunk_; }
  // Memory for a host run's result (outputBytes), pinned (PinnedResults.h) once this plan has run
  // from the host before and its result is copied through staging; null: NumPy's own memory.
  std::shared_ptr<void> resultMemory();
  // The whole batch from `in` into `out` (inputBytes and outputBytes), both on this plan's device:
  // queued there, not waited for, with no host copy. std::invalid_argument for an array on
  // another device, freed, or of another size, and for a plan run by FFTW.
  void runDevice(const DeviceBuffer& in, const DeviceBuffer& out);
  int deviceIndex() const;  // -1 for FFTW
  // How the complex plan was chosen: "estimate", "wisdom" or "measured" ("" for FFTW and real
  // plans), and what kept a wisdom file from being used or written ("" when nothing did).
  const std::string& planSource() const { return planSource_; }
  const std::string& wisdomWarning() const { return wisdomWarning_; }

 private:
  struct Engine;
  struct Device;
  void runChunk(const void* in, void* out, std::size_t count, ChunkBuffers* buffers);
  Engine& wholeBatch();  // with the device's lock held
  TransformSpec spec_;
  std::size_t chunk_ = 1;  // transforms a chunk
  std::string planSource_, wisdomWarning_;
  std::unique_ptr<Device> device_;
  std::atomic<bool> ranFromHost_{false};
};

// The input bytes a chunk of a batch holds (at least one transform), for plans made after it is set.
void setChunkBytes(std::size_t bytes);
std::size_t chunkBytes();

struct DeviceEntry {
  int index = 0;
  std::string name, platform, type;
  std::uint64_t globalMemBytes = 0;
  bool fp64 = false;
};
// The OpenCL devices, or none when there is no platform.
std::vector<DeviceEntry> listDevices();

}  // namespace fftscope::python
