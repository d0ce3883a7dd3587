// Video files frame by frame, as Images (grey or RGB, 8-bit) or as FrameSamples, so that each
// frame goes through the same filter as an image file: read and written through FFmpeg on every
// core (video/Decoder.h, video/Encoder.h). FFmpeg and OpenCV stay out of this header.
//
// A video whose first frame has equal R, G and B everywhere is read as grey (one channel): codecs
// store grey as colour, and a grey video filtered per colour channel would triple the work.
// Every refusal is a std::runtime_error naming the file and what is wrong.
#pragma once

#include "imaging/Image.h"
#include "video/Decoder.h"
#include "video/Encoder.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace fftscope::video {

struct VideoInfo {
  int width = 0;
  int height = 0;
  double framesPerSecond = 0;
  long declaredFrames = 0;  // what the container says; may be 0 or approximate
  int channels = 3;         // 1 when the first frame is grey
};

// A frame's 8-bit samples as the file holds them, rows packed: blue, green and red interleaved,
// or grey (one channel). The batched device filter takes and gives frames so, skipping an
// Image's float samples and their conversions (most of a 1080p frame's host time): each channel
// goes through the same mask there, so their order does not matter.
using FrameSamples = std::vector<std::uint8_t>;

class VideoReader {
 public:
  // Opens the file and decodes its first frame (kept for the first read()); refuses a missing
  // file, one FFmpeg cannot open as video (naming FFmpeg's reason), and one with no frame.
  // decodeThreads: the decoder's and its colour conversion's each (0: every core).
  // `opened` is called once the file is open, before the first frame is decoded (most of the
  // opening at 4K: the decoder's frame threads fill first), with the reader as it then stands:
  // info() with 3 channels (the first frame may yet show grey) and planesFullRange(); what it
  // starts may run beside the rest of the opening.
  explicit VideoReader(const std::filesystem::path& path, int decodeThreads = 0,
                       const std::function<void(const VideoReader&)>& opened = {});
  ~VideoReader();
  VideoReader(const VideoReader&) = delete;
  VideoReader& operator=(const VideoReader&) = delete;

  const VideoInfo& info() const { return info_; }
  // The next frame; false at the end.
  bool read(imaging::Image& frame);
  // The next frame as FrameSamples (width * height * channels bytes); false at the end.
  bool read(FrameSamples& samples);
  // The same into the caller's memory of width * height * channels bytes.
  bool read(std::uint8_t* samples);
  // The same, the frame converted on the decoder's conversion threads (see Decoder::readLater):
  // `samples` holds it once the future is ready; empty at the end. With `planes` (colour videos
  // whose planesFullRange() is set), the frame comes as planes Y, U, V in 4:2:0.
  std::optional<std::future<void>> readLater(std::uint8_t* samples, bool planes = false);
  // For a colour video decoded as Y, U, V in 4:2:0: whether in full range (see Decoder).
  std::optional<bool> planesFullRange() const;
  // The decoder's time so far: its codec, and the conversion to blue, green, red.
  Decoder::Timings timings() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  VideoInfo info_;
};

// The FourCC written for a destination's extension: "mp4v" for .mp4, .m4v and .mov, "MJPG" for
// .avi, "FFV1" for .mkv; empty for any other extension.
std::string fourccForExtension(const std::filesystem::path& destination);

// Frames written through io::StagedFile to a temporary file beside the destination that keeps its
// extension (".NAME.PID.N.part.EXT": FFmpeg picks the container from it) and renamed over it by
// commit(); a writer destroyed uncommitted removes its temporary file, so a failure or a cancel
// leaves the destination as it was.
class VideoWriter {
 public:
  // Refuses a destination that is `input`, a missing or unwritable folder, an extension with no
  // codec, and a codec FFmpeg cannot open here. A failure while writing or committing is a
  // std::runtime_error naming the destination and FFmpeg's reason.
  VideoWriter(const std::filesystem::path& destination, const std::filesystem::path& input, const VideoInfo& format);
  ~VideoWriter();
  VideoWriter(const VideoWriter&) = delete;
  VideoWriter& operator=(const VideoWriter&) = delete;

  // 8-bit samples, rounded and clipped to 0..255; the size and channels given at construction.
  void write(const imaging::Image& frame);
  // FrameSamples of the size and channels given at construction.
  void write(const FrameSamples& samples);
  // The same from the caller's memory of width * height * channels bytes; given `release`, the
  // caller keeps the memory until release() is called (see Encoder::write). With `planes`, the
  // frame is Y, U, V in 4:2:0 in the range planesFullRange() names.
  void write(const std::uint8_t* samples, std::function<void()> release = {}, bool planes = false);
  // Where the codec stores colour frames as Y, U, V in 4:2:0: whether in full range.
  std::optional<bool> planesFullRange() const;
  void commit();
  // The time commit() spent putting the file on disk and in place, after the encoder's end.
  double fileCommitMs() const;
  const std::string& fourcc() const { return fourcc_; }
  // The encoder's time so far (its lanes' after commit()), and its lanes.
  Encoder::Timings timings() const;
  int lanes() const;

 private:
  void encode(const std::uint8_t* samples, std::function<void()> release = {}, bool planes = false);

  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string fourcc_;
};

}  // namespace fftscope::video
