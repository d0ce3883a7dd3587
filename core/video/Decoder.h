// Frames of a file's first video stream decoded by FFmpeg's libavcodec on several threads (frame
// and slice threads where the codec has them) and converted to 8-bit blue, green, red by
// swscale, straight into the caller's memory where its rows allow: on the calling thread over
// swscale's threads (read), or a frame a thread on conversion threads while the next frames are
// decoded (readLater), which can also hand the codec's Y, U, V planes over as they are. OpenCV's
// reader converts each decoded picture on one thread: on a 16-core host it read 1080p mp4v at
// about half this reader's rate in the same runs (442-618 against 995-1,199 frames a second). The
// conversion is OpenCV's (bicubic, the source's own range), so frames read the same through
// either. FFmpeg stays out of this header.
#pragma once

#include <cstdint>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>

namespace fftscope::video {

class Decoder {
 public:
  // Opens the file and its first video stream. What FFmpeg refuses is a std::runtime_error saying
  // what and why (the file's name is the caller's to add): no such stream, no decoder for it, a
  // frame size past 16384 on a side. threads: the decoder's and the conversion's each (0: every core).
  explicit Decoder(const std::filesystem::path& file, int threads = 0);
  ~Decoder();
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  int width() const;
  int height() const;
  // The stream's average rate (0 where the container gives none) and its frame count as the
  // container declares it (0 where unknown; may be approximate).
  double framesPerSecond() const;
  long declaredFrames() const;

  // Decodes the next frame into `bgr` (width() * height() * 3 bytes, rows packed); false at the
  // end. A packet the decoder rejects is skipped, as a player would; a run of 64 is a
  // std::runtime_error, as is a frame of another size than the first.
  bool read(std::uint8_t* bgr);
  // The same, the conversion on the decoder's conversion threads (the frames of a few calls at
  // once): the next frame is decoded now and the future is ready once `out` holds it (it
  // rethrows the conversion's failure); the caller keeps `out` until then. Empty at the end.
  // With `planes`, the frame comes as planes Y, U, V in 4:2:0 (width x height, then two of
  // width/2 x height/2, halves rounded up) in the range planesFullRange() names.
  std::optional<std::future<void>> readLater(std::uint8_t* out, bool planes = false);
  // Where the first frame read came as Y, U, V in 4:2:0 (MPEG-4, Motion JPEG and most cameras'
  // files) and the height is even: whether in full range (JPEG's, 0-255) or video range
  // (16-235); else empty. Before the first frame, what the stream declares.
  std::optional<bool> planesFullRange() const;
  // The frame the last read() gave, again, as planes (see readLater); false before any.
  bool lastAsPlanes(std::uint8_t* out);

  // Milliseconds so far: waiting for the codec's next picture (reading packets included), and
  // converting pictures to blue, green, red (summed over the conversion threads).
  struct Timings {
    double codecMs = 0;
    double convertMs = 0;
  };
  Timings timings() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fftscope::video
