// Which of FFmpeg's encoders and picture formats a FourCC names, and one encoder opened with the
// settings every lane of the encoder shares (Encoder.h). FFmpeg's types: for the encoder's use.
#pragma once

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavutil/pixfmt.h>
}

#include <string>

namespace fftscope::video {

struct Codec {
  AVCodecID id;
  AVPixelFormat colour;
  AVPixelFormat grey;
};

// "mp4v", "MJPG" or "FFV1"; another is a std::runtime_error.
Codec codecFor(const std::string& fourcc);

struct LaneEncoderSettings {
  int width = 0, height = 0;
  AVPixelFormat pixels = AV_PIX_FMT_NONE;
  double framesPerSecond = 0;
  int groupFrames = 0;   // a group of pictures' frames, an I frame first
  int sliceThreads = 1;  // each frame's slices on these threads
  bool globalHeader = false;  // the container wants the stream's header apart (extradata)
};

// The rate as the stream states it: MPEG-4 allows a time base's denominator up to 65535, so
// 29.97 comes out as 30000/1001.
AVRational streamRate(double framesPerSecond);

// An encoder of `chosen` opened with `settings`; a failure is a std::runtime_error naming the
// FourCC and the frame's size.
AVCodecContext* openLaneEncoder(const AVCodec* encoder, const Codec& chosen, const std::string& fourcc,
                                const LaneEncoderSettings& settings);

}  // namespace fftscope::video
