#include "video/Encoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <climits>
#include <mutex>
#include <stdexcept>

namespace fftscope::video {
namespace {

std::string describe(int error) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(error, text, sizeof text);
  return text;
}

struct Codec {
  AVCodecID id;
  AVPixelFormat colour;
  AVPixelFormat grey;
};

Codec codecFor(const std::string& fourcc) {
  // MPEG-4 and Motion JPEG store 4:2:0 (what OpenCV wrote for these FourCCs); FFV1 keeps every
  // sample, so a filtered frame reads back as it was written.
  if (fourcc == "mp4v") return {AV_CODEC_ID_MPEG4, AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV420P};
  if (fourcc == "MJPG") return {AV_CODEC_ID_MJPEG, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ420P};
  if (fourcc == "FFV1") return {AV_CODEC_ID_FFV1, AV_PIX_FMT_BGR0, AV_PIX_FMT_GRAY8};
  throw std::runtime_error("no encoder for FourCC " + fourcc);
}

}  // namespace

struct Encoder::State {
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  SwsContext* scaler = nullptr;
  AVFrame* input = nullptr;   // the caller's samples, wrapped
  AVFrame* picture = nullptr; // in the codec's pixel format
  AVPacket* packet = nullptr;
  int width = 0;
  int height = 0;
  int channels = 3;
  std::int64_t frames = 0;
  bool finished = false;

  // An unfinished file is closed without its index; its owner removes it.
  ~State() {
    if (format && !(format->oformat->flags & AVFMT_NOFILE)) avio_closep(&format->pb);
    av_packet_free(&packet);
    av_frame_free(&picture);
    av_frame_free(&input);
    sws_freeContext(scaler);
    avcodec_free_context(&codec);
    avformat_free_context(format);
  }

  [[noreturn]] void fail(const std::string& what, int error) const {
    throw std::runtime_error(what + " (" + describe(error) + ")");
  }

  // Sends `frame` (null: the end) and writes every packet the encoder hands back.
  void encode(const AVFrame* frame) {
    int status = avcodec_send_frame(codec, frame);
    if (status < 0) fail("the encoder refused a frame", status);
    for (;;) {
      status = avcodec_receive_packet(codec, packet);
      if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return;
      if (status < 0) fail("the encoder failed", status);
      av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      status = av_interleaved_write_frame(format, packet);  // takes the packet's data
      if (status < 0) fail("the muxer failed", status);
    }
  }
};

Encoder::Encoder(const std::filesystem::path& file, const std::string& fourcc, int width, int height, int channels,
                 double framesPerSecond)
    : state_(std::make_unique<State>()) {
  // FFmpeg's own warnings would land among the command's output; its errors come back as codes.
  static std::once_flag quiet;
  std::call_once(quiet, [] { av_log_set_level(AV_LOG_ERROR); });

  State& s = *state_;
  s.width = width;
  s.height = height;
  s.channels = channels;
  if (width <= 0 || height <= 0 || (channels != 1 && channels != 3) || !(framesPerSecond > 0))
    throw std::invalid_argument("Encoder: a frame needs a positive size, 1 or 3 channels and a positive rate");
  const Codec chosen = codecFor(fourcc);

  const std::string name = file.string();
  int status = avformat_alloc_output_context2(&s.format, nullptr, nullptr, name.c_str());
  if (status < 0 || !s.format) s.fail("no container for " + file.extension().string(), status);
  const AVCodec* encoder = avcodec_find_encoder(chosen.id);
  if (!encoder) s.fail("FFmpeg has no " + fourcc + " encoder here", AVERROR_ENCODER_NOT_FOUND);
  s.stream = avformat_new_stream(s.format, nullptr);
  s.codec = avcodec_alloc_context3(encoder);
  s.input = av_frame_alloc();
  s.picture = av_frame_alloc();
  s.packet = av_packet_alloc();
  if (!s.stream || !s.codec || !s.input || !s.picture || !s.packet) throw std::bad_alloc();

  // MPEG-4 allows a time base's denominator up to 65535; 29.97 comes out as 30000/1001.
  const AVRational rate = av_d2q(framesPerSecond, 65535);
  AVCodecContext* c = s.codec;
  c->width = width;
  c->height = height;
  c->time_base = av_inv_q(rate);
  c->framerate = rate;
  c->pix_fmt = channels == 3 ? chosen.colour : chosen.grey;
  c->gop_size = 12;
  // OpenCV's rate control for these codecs (1.5 bits a pixel at most, quantiser 3 at finest), so
  // files keep the size and quality they had.
  c->bit_rate = std::int64_t(std::min(1.5 * framesPerSecond * width * height, double(INT_MAX)));
  c->qmin = 3;
  if (chosen.id == AV_CODEC_ID_FFV1) c->level = 3;  // FFV1 version 3 has slices, so it can thread
  c->thread_count = 0;                             // as many as the machine has cores
  c->thread_type = FF_THREAD_SLICE;
  if (s.format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  status = avcodec_open2(c, encoder, nullptr);
  if (status < 0) s.fail("FFmpeg cannot open its " + fourcc + " encoder for " + std::to_string(width) + " x " +
                             std::to_string(height),
                         status);
  status = avcodec_parameters_from_context(s.stream->codecpar, c);
  if (status < 0) s.fail("the stream's parameters", status);
  s.stream->time_base = c->time_base;
  s.stream->avg_frame_rate = rate;

  s.picture->format = c->pix_fmt;
  s.picture->width = width;
  s.picture->height = height;
  status = av_frame_get_buffer(s.picture, 0);
  if (status < 0) s.fail("a frame buffer", status);
  s.input->format = channels == 3 ? AV_PIX_FMT_BGR24 : AV_PIX_FMT_GRAY8;
  s.input->width = width;
  s.input->height = height;

  // The colour conversion on every core too (swscale's slice threads, FFmpeg 5.0 on).
  s.scaler = sws_alloc_context();
  if (!s.scaler) throw std::bad_alloc();
  av_opt_set_int(s.scaler, "srcw", width, 0);
  av_opt_set_int(s.scaler, "srch", height, 0);
  av_opt_set_int(s.scaler, "src_format", s.input->format, 0);
  av_opt_set_int(s.scaler, "dstw", width, 0);
  av_opt_set_int(s.scaler, "dsth", height, 0);
  av_opt_set_int(s.scaler, "dst_format", c->pix_fmt, 0);
  av_opt_set_int(s.scaler, "sws_flags", SWS_BICUBIC, 0);
  av_opt_set_int(s.scaler, "threads", 0, 0);
  status = sws_init_context(s.scaler, nullptr, nullptr);
  if (status < 0) s.fail("the colour conversion", status);

  if (!(s.format->oformat->flags & AVFMT_NOFILE)) {
    status = avio_open(&s.format->pb, name.c_str(), AVIO_FLAG_WRITE);
    if (status < 0) s.fail("the file cannot be opened", status);
  }
  status = avformat_write_header(s.format, nullptr);
  if (status < 0) s.fail("the container's header", status);
}

Encoder::~Encoder() = default;

void Encoder::write(const std::uint8_t* samples) {
  State& s = *state_;
  if (s.finished) throw std::logic_error("Encoder::write after finish");
  const int status = av_frame_make_writable(s.picture);
  if (status < 0) s.fail("a frame buffer", status);
  // Wrapped, not copied: swscale takes a reference to its source and only reads it.
  const int bytes = s.width * s.height * s.channels;
  s.input->buf[0] = av_buffer_create(const_cast<std::uint8_t*>(samples), bytes, [](void*, std::uint8_t*) {}, nullptr,
                                     AV_BUFFER_FLAG_READONLY);
  if (!s.input->buf[0]) throw std::bad_alloc();
  s.input->data[0] = s.input->buf[0]->data;
  s.input->linesize[0] = s.width * s.channels;
  const int scaled = sws_scale_frame(s.scaler, s.picture, s.input);
  av_buffer_unref(&s.input->buf[0]);
  s.input->data[0] = nullptr;
  if (scaled < 0) s.fail("the colour conversion", scaled);
  s.picture->pts = s.frames++;
  s.encode(s.picture);
}

void Encoder::finish() {
  State& s = *state_;
  if (s.finished) return;
  s.encode(nullptr);
  const int status = av_write_trailer(s.format);
  if (status < 0) s.fail("the container's index", status);
  s.finished = true;
  if (!(s.format->oformat->flags & AVFMT_NOFILE)) {
    const int closed = avio_closep(&s.format->pb);
    if (closed < 0) s.fail("closing the file", closed);
  }
}

}  // namespace fftscope::video
