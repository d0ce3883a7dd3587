// 8-bit frames to and from FFmpeg's pictures: a frame's samples (blue, green, red interleaved, or
// grey) or its Y, U, V planes packed (4:2:0, as the codecs store them) into a picture and out of
// one, through swscale where the formats differ. Shared by the decoder and the encoder; a failure
// is a std::runtime_error saying what and why.
#pragma once

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>
#include <libswscale/swscale.h>
}

#include <cstdint>
#include <memory>

namespace fftscope::video {

struct FrameFree {
  void operator()(AVFrame* frame) const { av_frame_free(&frame); }
};
using FramePtr = std::unique_ptr<AVFrame, FrameFree>;

// A converter between pictures of one size; threads: swscale's slice threads (0: every core).
SwsContext* makeConverter(int width, int height, AVPixelFormat from, AVPixelFormat to, int threads);

// The picture converted into `bgr` (rows packed): straight into it where `direct` (a row a whole
// number of swscale's blocks), else into `padded` (paddedPicture's) and copied out.
void pictureToBgr(SwsContext* converter, const AVFrame* picture, std::uint8_t* bgr, bool direct, AVFrame* padded);
// A new picture of `format`, its rows aligned to `align` bytes (0: FFmpeg's choice).
FramePtr newPicture(AVPixelFormat format, int width, int height, int align);
// A picture of width x height in blue, green, red, rows padded for swscale's blocks.
FramePtr paddedPicture(int width, int height);
// The picture as planes of `format` (yuv420p or yuvj420p) packed into `out`: copied where it is
// so already, else converted (`converter` made or replaced as needed).
void pictureToPlanes(SwsContext*& converter, const AVFrame* picture, AVPixelFormat format, std::uint8_t* out);

// Samples of `format` (BGR24 or GRAY8, rows packed) converted into `picture`.
void samplesToPicture(SwsContext* converter, const std::uint8_t* samples, AVPixelFormat format, int channels,
                      AVFrame* picture);
// Planes of the picture's format, packed, copied into it.
void planesToPicture(const std::uint8_t* planes, AVFrame* picture);

}  // namespace fftscope::video
