#include "video/EncoderCodecs.h"

#include "video/FfmpegErrors.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <new>
#include <stdexcept>

namespace fftscope::video {

Codec codecFor(const std::string& fourcc) {
  // MPEG-4 and Motion JPEG store 4:2:0 (what OpenCV wrote for these FourCCs); FFV1 keeps every
  // sample, so a filtered frame reads back as it was written.
  if (fourcc == "mp4v") return {AV_CODEC_ID_MPEG4, AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV420P};
  if (fourcc == "MJPG") return {AV_CODEC_ID_MJPEG, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ420P};
  if (fourcc == "FFV1") return {AV_CODEC_ID_FFV1, AV_PIX_FMT_BGR0, AV_PIX_FMT_GRAY8};
  throw std::runtime_error("no encoder for FourCC " + fourcc);
}

AVRational streamRate(double framesPerSecond) { return av_d2q(framesPerSecond, 65535); }

AVCodecContext* openLaneEncoder(const AVCodec* encoder, const Codec& chosen, const std::string& fourcc,
                                const LaneEncoderSettings& s) {
  AVCodecContext* c = avcodec_alloc_context3(encoder);
  if (!c) throw std::bad_alloc();
  const AVRational rate = streamRate(s.framesPerSecond);
  c->width = s.width;
  c->height = s.height;
  c->time_base = av_inv_q(rate);
  c->framerate = rate;
  c->pix_fmt = s.pixels;
  c->gop_size = s.groupFrames;
  // OpenCV's rate control for these codecs (1.5 bits a pixel at most, quantiser 3 at finest),
  // so files keep the size and quality they had.
  c->bit_rate = std::int64_t(std::min(1.5 * s.framesPerSecond * s.width * s.height, double(INT_MAX)));
  c->qmin = 3;
  if (chosen.id == AV_CODEC_ID_FFV1) c->level = 3;  // FFV1 version 3 has slices, so it can thread
  c->thread_count = s.sliceThreads;
  c->thread_type = FF_THREAD_SLICE;
  if (s.globalHeader) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  const int status = avcodec_open2(c, encoder, nullptr);
  if (status < 0) {
    avcodec_free_context(&c);
    ffmpeg::fail("FFmpeg cannot open its " + fourcc + " encoder for " + std::to_string(s.width) + " x " +
                     std::to_string(s.height),
                 status);
  }
  return c;
}

}  // namespace fftscope::video
