#include "video/Decoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "video/ConversionPool.h"
#include "video/FfmpegErrors.h"
#include "video/Milliseconds.h"
#include "video/Pictures.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>

namespace fftscope::video {
namespace {

using ffmpeg::fail;

// The largest side a frame may have: a 16K video; a header that declares more is refused before
// any picture is allocated.
constexpr int kLargestSide = 16384;
// The pixels swscale's conversions write at a time, at most (x86 SIMD, FFmpeg 5.1): rows of a
// whole number of them may be converted in place; 854 or 426 wide spilled past a packed row.
constexpr int kBlockPixels = 32;
// Rejected packets in a row before the stream counts as broken.
constexpr int kRejectedInARow = 64;
// Pictures waiting for the conversion threads, at most.
constexpr std::size_t kQueuedConversions = 8;

}  // namespace

struct Decoder::State {
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVPacket* packet = nullptr;
  AVFrame* frame = nullptr;
  FramePtr padded;  // read()'s picture where rows are not converted in place (direct below)
  FramePtr last;    // the picture read() converted last
  AVPixelFormat first = AV_PIX_FMT_NONE;  // the first picture's format
  SwsContext* scaler = nullptr;
  SwsContext* planesScaler = nullptr;  // lastAsPlanes()'s, for a picture of another format
  int stream = -1;
  // swscale's SIMD conversions write rows in blocks of pixels: straight into the caller's packed
  // rows only where a row is a whole number of blocks (1080p, 4K), else into padded rows copied out.
  bool direct = false;
  int threads = 0;
  int width = 0, height = 0;
  AVPixelFormat source = AV_PIX_FMT_NONE;  // the scaler's
  bool draining = false;
  double framesPerSecond = 0;
  long declaredFrames = 0;
  Timings timings;
  std::unique_ptr<ConversionPool> pool;  // made by the first readLater()

  ~State() {
    pool.reset();  // the conversions under way end before what they read goes
    sws_freeContext(scaler);
    sws_freeContext(planesScaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
  }

  // The scaler for the decoded picture's format, made again only where the format changes.
  void scalerFor(AVPixelFormat format) {
    if (scaler && format == source) return;
    sws_freeContext(scaler);
    scaler = nullptr;  // not left dangling where the next one cannot be made
    // Bicubic, as OpenCV converts, so that frames read the same; swscale's slice threads (0:
    // every core).
    scaler = makeConverter(width, height, format, AV_PIX_FMT_BGR24, threads);
    source = format;
  }

  bool receive();

  // Sends the stream's next packet to the decoder, or the end; false where there is nothing left.
  bool feed() {
    for (int rejected = 0;;) {
      if (draining) return false;
      int status = av_read_frame(format, packet);
      if (status == AVERROR_EOF) {
        draining = true;
        avcodec_send_packet(codec, nullptr);
        return true;
      }
      if (status < 0) fail("the file cannot be read", status);
      if (packet->stream_index != stream) {
        av_packet_unref(packet);
        continue;
      }
      status = avcodec_send_packet(codec, packet);
      av_packet_unref(packet);
      if (status >= 0) return true;
      if (++rejected == kRejectedInARow) fail("the video stream is broken: 64 packets in a row were rejected", status);
    }
  }
};

Decoder::Decoder(const std::filesystem::path& file, int threads) : state_(std::make_unique<State>()) {
  ffmpeg::logErrorsOnly();

  State& s = *state_;
  int status = avformat_open_input(&s.format, file.string().c_str(), nullptr, nullptr);
  if (status < 0) fail("not a file FFmpeg can open", status);
  status = avformat_find_stream_info(s.format, nullptr);
  if (status < 0) fail("its streams cannot be read", status);
  const AVCodec* decoder = nullptr;
  s.stream = av_find_best_stream(s.format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
  if (s.stream < 0) fail("no video stream", s.stream);
  const AVStream* stream = s.format->streams[s.stream];
  const AVCodecParameters* parameters = stream->codecpar;
  if (parameters->width <= 0 || parameters->height <= 0)
    throw std::runtime_error("the video stream has no frame size");
  if (parameters->width > kLargestSide || parameters->height > kLargestSide)
    throw std::runtime_error("frames of " + std::to_string(parameters->width) + "x" + std::to_string(parameters->height) +
                             " are larger than " + std::to_string(kLargestSide) + " on a side");
  s.codec = avcodec_alloc_context3(decoder);
  s.packet = av_packet_alloc();
  s.frame = av_frame_alloc();
  if (!s.codec || !s.packet || !s.frame) throw std::bad_alloc();
  status = avcodec_parameters_to_context(s.codec, parameters);
  if (status < 0) fail("the stream's parameters", status);
  // No picture inside larger than the largest frame taken (the codec allocates before a frame's
  // size can be checked against the stream's).
  s.codec->max_pixels = std::int64_t(kLargestSide) * kLargestSide;
  s.threads = std::max(0, threads);
  s.codec->thread_count = s.threads;  // 0: as many as the cores
  s.codec->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
  status = avcodec_open2(s.codec, decoder, nullptr);
  if (status < 0) fail("no decoder for its " + std::string(avcodec_get_name(parameters->codec_id)) + " stream", status);
  s.width = parameters->width;
  s.height = parameters->height;
  s.direct = s.width % kBlockPixels == 0;
  if (!s.direct) s.padded = paddedPicture(s.width, s.height);

  // As OpenCV reads them: the average rate, else the codec's; the declared count, else the
  // duration at that rate.
  s.framesPerSecond = av_q2d(stream->avg_frame_rate);
  if (!(s.framesPerSecond > 0) || !std::isfinite(s.framesPerSecond)) s.framesPerSecond = av_q2d(av_inv_q(s.codec->time_base));
  if (!(s.framesPerSecond > 0) || !std::isfinite(s.framesPerSecond)) s.framesPerSecond = 0;
  s.declaredFrames = long(stream->nb_frames);
  if (s.declaredFrames <= 0 && s.format->duration > 0 && s.framesPerSecond > 0)
    s.declaredFrames = long(std::floor(double(s.format->duration) / AV_TIME_BASE * s.framesPerSecond + 0.5));
  if (s.declaredFrames < 0) s.declaredFrames = 0;
}

Decoder::~Decoder() = default;

int Decoder::width() const { return state_->width; }
int Decoder::height() const { return state_->height; }
double Decoder::framesPerSecond() const { return state_->framesPerSecond; }
long Decoder::declaredFrames() const { return state_->declaredFrames; }
Decoder::Timings Decoder::timings() const {
  Timings t = state_->timings;
  if (state_->pool) t.convertMs += state_->pool->busyMs();
  return t;
}

// The codec's next picture into s.frame; false at the end.
bool Decoder::State::receive() {
  const auto start = Clock::now();
  for (;;) {
    const int status = avcodec_receive_frame(codec, frame);
    if (status == AVERROR_EOF) return false;
    if (status == AVERROR(EAGAIN)) {
      if (!feed()) return false;
      continue;
    }
    if (status < 0) fail("a frame cannot be decoded", status);
    break;
  }
  timings.codecMs += msSince(start);
  if (first == AV_PIX_FMT_NONE) first = AVPixelFormat(frame->format);
  if (frame->width != width || frame->height != height) {
    av_frame_unref(frame);
    throw std::runtime_error("a frame of " + std::to_string(frame->width) + "x" + std::to_string(frame->height) +
                             " in a video of " + std::to_string(width) + "x" + std::to_string(height));
  }
  return true;
}

bool Decoder::read(std::uint8_t* bgr) {
  State& s = *state_;
  if (!s.receive()) return false;
  const auto start = Clock::now();
  FramePtr picture(av_frame_alloc());
  if (!picture) throw std::bad_alloc();
  av_frame_move_ref(picture.get(), s.frame);
  s.scalerFor(AVPixelFormat(picture->format));
  pictureToBgr(s.scaler, picture.get(), bgr, s.direct, s.padded.get());
  s.last = std::move(picture);
  s.timings.convertMs += msSince(start);
  return true;
}

std::optional<bool> Decoder::planesFullRange() const {
  // swscale converts 4:2:0 with its own arithmetic (which the device's repeats) only at an even
  // height; at an odd one it interpolates the chroma, so the frames go as blue, green, red.
  if (state_->height % 2 != 0) return std::nullopt;
  const AVPixelFormat format = state_->first != AV_PIX_FMT_NONE ? state_->first : state_->codec->pix_fmt;
  if (format == AV_PIX_FMT_YUV420P) return false;
  if (format == AV_PIX_FMT_YUVJ420P) return true;
  return std::nullopt;
}

bool Decoder::lastAsPlanes(std::uint8_t* out) {
  State& s = *state_;
  const std::optional<bool> full = planesFullRange();
  if (!s.last || !full) return false;
  pictureToPlanes(s.planesScaler, s.last.get(), *full ? AV_PIX_FMT_YUVJ420P : AV_PIX_FMT_YUV420P, out);
  return true;
}

std::optional<std::future<void>> Decoder::readLater(std::uint8_t* out, bool planes) {
  State& s = *state_;
  const std::optional<bool> full = planesFullRange();
  if (planes && !full) throw std::logic_error("Decoder::readLater: this video's frames are not Y, U, V in 4:2:0");
  if (!s.receive()) return std::nullopt;
  FramePtr picture(av_frame_alloc());
  if (!picture) throw std::bad_alloc();
  av_frame_move_ref(picture.get(), s.frame);
  // A frame a thread: swscale's slice threads do not pay for themselves beside the others.
  if (!s.pool) {
    const int cores = int(std::thread::hardware_concurrency());
    s.pool = std::make_unique<ConversionPool>(std::max(2, s.threads > 0 ? s.threads : cores / 4), kQueuedConversions);
  }
  if (planes) {
    const AVPixelFormat format = *full ? AV_PIX_FMT_YUVJ420P : AV_PIX_FMT_YUV420P;
    return s.pool->submit(ConversionPool::Task([picture = std::move(picture), out, format](SwsContext*& converter) {
      pictureToPlanes(converter, picture.get(), format, out);
    }));
  }
  const bool direct = s.direct;
  std::uint8_t* bgr = out;
  return s.pool->submit(ConversionPool::Task([picture = std::move(picture), bgr, direct](SwsContext*& converter) {
    const int width = picture->width, height = picture->height;
    converter = sws_getCachedContext(converter, width, height, AVPixelFormat(picture->format), width, height,
                                     AV_PIX_FMT_BGR24, SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (!converter) throw std::runtime_error("the colour conversion: swscale cannot convert the frames");
    thread_local FramePtr padded;  // the thread's own, where rows are not converted in place
    if (!direct && (!padded || padded->width != width || padded->height != height)) padded = paddedPicture(width, height);
    pictureToBgr(converter, picture.get(), bgr, direct, padded.get());
  }));
}

}  // namespace fftscope::video
