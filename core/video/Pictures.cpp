#include "video/Pictures.h"

extern "C" {
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
}

#include "video/FfmpegErrors.h"

#include <new>
#include <stdexcept>

namespace fftscope::video {

using ffmpeg::fail;

SwsContext* makeConverter(int width, int height, AVPixelFormat from, AVPixelFormat to, int threads) {
  SwsContext* c = sws_alloc_context();
  if (!c) throw std::bad_alloc();
  av_opt_set_int(c, "srcw", width, 0);
  av_opt_set_int(c, "srch", height, 0);
  av_opt_set_int(c, "src_format", from, 0);
  av_opt_set_int(c, "dstw", width, 0);
  av_opt_set_int(c, "dsth", height, 0);
  av_opt_set_int(c, "dst_format", to, 0);
  av_opt_set_int(c, "sws_flags", SWS_BICUBIC, 0);
  av_opt_set_int(c, "threads", threads, 0);
  const int status = sws_init_context(c, nullptr, nullptr);
  if (status < 0) {
    sws_freeContext(c);
    fail("the colour conversion", status);
  }
  return c;
}

void pictureToBgr(SwsContext* converter, const AVFrame* picture, std::uint8_t* bgr, bool direct, AVFrame* padded) {
  const int width = picture->width, height = picture->height;
  if (!direct) {
    const int scaled = sws_scale_frame(converter, padded, picture);
    if (scaled < 0) fail("the colour conversion", scaled);
    av_image_copy_plane(bgr, width * 3, padded->data[0], padded->linesize[0], width * 3, height);
    return;
  }
  // Wrapped, not copied: swscale writes the converted picture straight into the caller's memory.
  FramePtr output(av_frame_alloc());
  if (!output) throw std::bad_alloc();
  output->buf[0] = av_buffer_create(bgr, width * height * 3, [](void*, std::uint8_t*) {}, nullptr, 0);
  if (!output->buf[0]) throw std::bad_alloc();
  output->data[0] = bgr;
  output->linesize[0] = width * 3;
  output->format = AV_PIX_FMT_BGR24;
  output->width = width;
  output->height = height;
  const int scaled = sws_scale_frame(converter, output.get(), picture);
  if (scaled < 0) fail("the colour conversion", scaled);
}

void pictureToPlanes(SwsContext*& converter, const AVFrame* picture, AVPixelFormat format, std::uint8_t* out) {
  const int width = picture->width, height = picture->height;
  if (picture->format == format) {
    const int size = av_image_get_buffer_size(format, width, height, 1);
    const int copied = av_image_copy_to_buffer(out, size, picture->data, picture->linesize, format, width, height, 1);
    if (copied < 0) fail("a frame's planes", copied);
    return;
  }
  converter = sws_getCachedContext(converter, width, height, AVPixelFormat(picture->format), width, height, format,
                                   SWS_BICUBIC, nullptr, nullptr, nullptr);
  if (!converter) throw std::runtime_error("the colour conversion: swscale cannot convert the frames");
  std::uint8_t* planes[4] = {};
  int lines[4] = {};
  const int filled = av_image_fill_arrays(planes, lines, out, format, width, height, 1);
  if (filled < 0) fail("a frame's planes", filled);
  const int scaled = sws_scale(converter, picture->data, picture->linesize, 0, height, planes, lines);
  if (scaled < 0) fail("the colour conversion", scaled);
}

FramePtr newPicture(AVPixelFormat format, int width, int height, int align) {
  FramePtr picture(av_frame_alloc());
  if (!picture) throw std::bad_alloc();
  picture->format = format;
  picture->width = width;
  picture->height = height;
  const int status = av_frame_get_buffer(picture.get(), align);
  if (status < 0) fail("a frame's picture", status);
  return picture;
}

FramePtr paddedPicture(int width, int height) { return newPicture(AV_PIX_FMT_BGR24, width, height, 64); }

void samplesToPicture(SwsContext* converter, const std::uint8_t* samples, AVPixelFormat format, int channels,
                      AVFrame* picture) {
  const int width = picture->width, height = picture->height;
  FramePtr wrapped(av_frame_alloc());
  if (!wrapped) throw std::bad_alloc();
  wrapped->format = format;
  wrapped->width = width;
  wrapped->height = height;
  // Wrapped, not copied: swscale takes a reference to its source and only reads it.
  wrapped->buf[0] = av_buffer_create(const_cast<std::uint8_t*>(samples), width * height * channels,
                                     [](void*, std::uint8_t*) {}, nullptr, AV_BUFFER_FLAG_READONLY);
  if (!wrapped->buf[0]) throw std::bad_alloc();
  wrapped->data[0] = wrapped->buf[0]->data;
  wrapped->linesize[0] = width * channels;
  const int scaled = sws_scale_frame(converter, picture, wrapped.get());
  if (scaled < 0) fail("the colour conversion", scaled);
}

void planesToPicture(const std::uint8_t* planes, AVFrame* picture) {
  const AVPixelFormat format = AVPixelFormat(picture->format);
  const std::uint8_t* source[4] = {};
  int lines[4] = {};
  const int filled = av_image_fill_arrays(const_cast<std::uint8_t**>(source), lines, planes, format, picture->width,
                                          picture->height, 1);
  if (filled < 0) fail("a frame's planes", filled);
  av_image_copy(picture->data, picture->linesize, source, lines, format, picture->width, picture->height);
}

}  // namespace fftscope::video
