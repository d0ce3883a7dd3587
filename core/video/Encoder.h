// Frames encoded by FFmpeg's libavcodec and written by its libavformat on every core: groups of
// pictures side by side on encoders of their own (lanes), each frame's slices on threads. OpenCV's
// VideoWriter encodes on one thread (its threads option changed nothing): on a 16-core machine it
// encoded 1080p mp4v at 77 frames a second while OpenCV decoded at 730 and the device filtered at
// over 2,000, so a filtered video went at the one encoding thread's pace.
// FFmpeg stays out of this header.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace fftscope::video {

class Encoder {
 public:
  // fourcc: "mp4v" (MPEG-4 part 2), "MJPG" (Motion JPEG) or "FFV1" (lossless); the container is
  // chosen from the file's extension. channels: 1 (grey) or 3 (blue, green, red interleaved).
  // What FFmpeg refuses, here and below, is a std::runtime_error saying what and why (the
  // file's name is the caller's to add); a size, channel count, rate or lane count out of range
  // is a std::invalid_argument.
  // lanes: encoders that take whole groups of pictures side by side (0: chosen from the cores and
  // the frame's size).
  Encoder(const std::filesystem::path& file, const std::string& fourcc, int width, int height, int channels,
          double framesPerSecond, int lanes = 0);
  // An encoder destroyed before finish() closes the file as it stands (its owner removes it).
  ~Encoder();
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;

  // One frame: width * height * channels bytes, rows packed. Without `release` the frame is
  // converted before write() returns; with it, on the encoder's conversion threads, the frames
  // of a few calls at once, and release() is called (on one of those threads) once the samples
  // are no longer needed: the caller keeps them until then. Frames whose conversion had not begun
  // when the encoder stopped on a failure, or was destroyed unfinished, are never released.
  // With `planes`, the frame is Y, U, V in 4:2:0 as the codec stores it (see planesFullRange).
  void write(const std::uint8_t* samples, std::function<void()> release = {}, bool planes = false);
  // Where colour frames are stored as Y, U, V in 4:2:0 (MPEG-4, Motion JPEG), whether in full
  // range (JPEG's, 0-255) or video range (16-235): planes Y of width x height, then U and V of
  // width/2 x height/2 (halves rounded up), packed. Empty for FFV1 and grey frames.
  std::optional<bool> planesFullRange() const;
  // Flushes the encoders' delayed frames and writes the container's index. After it, write()
  // is refused; called again after a failure, it throws that failure again.
  void finish();
  int lanes() const;

  // Milliseconds so far: converting frames to the codec's format (summed over the conversion
  // threads), waiting for a lane to take them (in write()), and the lanes' encoders at work,
  // summed over the lanes (counted after finish()); and the lanes' waits, summed over them: for
  // a frame to be queued (from the first frame written), and for a queued frame's conversion.
  struct Timings {
    double convertMs = 0;
    double waitMs = 0;
    double laneMs = 0;
    double laneIdleMs = 0;
    double laneConversionWaitMs = 0;
  };
  Timings timings() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fftscope::video
