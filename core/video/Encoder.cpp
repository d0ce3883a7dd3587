#include "video/Encoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
}

#include "video/ConversionPool.h"
#include "video/EncoderCodecs.h"
#include "video/FfmpegErrors.h"
#include "video/FrameQueue.h"
#include "video/Milliseconds.h"
#include "video/Pictures.h"

#include <algorithm>
#include <deque>
#include <exception>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace fftscope::video {
namespace {

using ffmpeg::fail;

// Frames a group of pictures: an I frame first, the rest predicted within the group only.
constexpr int groupFrames = 12;
// What the frames queued for the lanes may take, at most (a lane is one group ahead).
constexpr double queuedBytes = 512.0 * 1024 * 1024;

// A picture for a lane, and the conversion that fills it (done, or under way on the pool).
struct Pending {
  FramePtr picture;
  std::future<void> converted;
};

// One encoder of its own, on a thread of its own, given whole groups of pictures. Groups need
// nothing from each other, so lanes encode them side by side and the muxer writes their packets
// in frame order. One MPEG-4 encoder spreads a frame over slice threads only so far: with slice
// threads on all 16 cores of the H200's host it took 3.2-3.5 ms a 1080p frame in the filter's
// pipeline while the process used 5.5 of the cores.
struct Lane {
  AVCodecContext* codec = nullptr;
  FrameQueue<Pending> frames{groupFrames};
  std::thread thread;
  double busyMs = 0;  // in the encoder, written by the lane's thread
  double idleMs = 0;  // waiting for a frame, likewise
  double conversionWaitMs = 0;  // waiting for a queued frame's conversion, likewise
  ~Lane() { avcodec_free_context(&codec); }
};

// Frames converted at once on the pool, at most; a lane is a group ahead of it anyway.
constexpr std::size_t queuedConversions = 8;

}  // namespace

struct Encoder::State {
  AVFormatContext* format = nullptr;
  AVStream* stream = nullptr;
  SwsContext* scaler = nullptr;  // write()'s own, for frames converted on the caller's thread
  AVPixelFormat samplesFormat = AV_PIX_FMT_NONE;
  AVPixelFormat pixels = AV_PIX_FMT_NONE;
  std::vector<std::unique_ptr<Lane>> lanes;
  std::unique_ptr<ConversionPool> pool;
  int width = 0;
  int height = 0;
  int channels = 3;
  std::int64_t frames = 0;
  bool closing = false;  // finish() has begun
  bool finished = false;
  double convertMs = 0, waitMs = 0;  // write()'s
  Clock::time_point firstWrite;

  std::mutex mutex;  // guards what follows, and the muxer
  std::map<std::int64_t, AVPacket*> waiting;  // packets by frame, until it is their turn
  std::int64_t next = 0;                       // the frame whose packet is written next
  std::deque<FramePtr> spare;                  // pictures encoded, to be filled again
  std::exception_ptr failure;

  // An unfinished file is closed without its index; its owner removes it.
  ~State() {
    stopLanes();
    for (auto& [frame, packet] : waiting) av_packet_free(&packet);
    if (format && !(format->oformat->flags & AVFMT_NOFILE)) avio_closep(&format->pb);
    sws_freeContext(scaler);
    avformat_free_context(format);
  }

  // The pool first: a lane waiting for a conversion the pool drops is woken by its broken promise.
  void stopLanes() {
    if (pool) pool->abort();
    for (auto& lane : lanes) lane->frames.abort();
    for (auto& lane : lanes)
      if (lane->thread.joinable()) lane->thread.join();
  }

  void rethrowFailure() {
    std::lock_guard lock(mutex);
    if (failure) std::rethrow_exception(failure);
  }

  // Writes the waiting packets whose turn has come (all of them at the end); under `mutex`.
  void writeInOrder(bool all) {
    while (!waiting.empty() && (all || waiting.begin()->first == next)) {
      AVPacket* packet = waiting.begin()->second;
      next = waiting.begin()->first + 1;
      waiting.erase(waiting.begin());
      av_packet_rescale_ts(packet, lanes.front()->codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      const int status = av_interleaved_write_frame(format, packet);  // takes the packet's data
      av_packet_free(&packet);
      if (status < 0) fail("the muxer failed", status);
    }
  }

  // Sends `frame` (null: the end) to the lane's encoder and queues every packet it hands back.
  void encode(Lane& lane, const AVFrame* frame, AVPacket* packet) {
    int status = avcodec_send_frame(lane.codec, frame);
    if (status < 0) fail("the encoder refused a frame", status);
    for (;;) {
      status = avcodec_receive_packet(lane.codec, packet);
      if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return;
      if (status < 0) fail("the encoder failed", status);
      AVPacket* kept = av_packet_alloc();
      if (!kept) throw std::bad_alloc();
      av_packet_move_ref(kept, packet);
      std::lock_guard lock(mutex);
      waiting.emplace(kept->pts, kept);
      writeInOrder(false);
    }
  }

  void runLane(Lane& lane) {
    AVPacket* packet = av_packet_alloc();
    try {
      if (!packet) throw std::bad_alloc();
      for (;;) {
        const auto waited = Clock::now();
        std::optional<Pending> frame = lane.frames.pop();
        // Until the first frame is written, the lane waits for the pipeline to start, not for a frame
        // (the queue's lock orders the first write before any pop that follows it).
        lane.idleMs += msSince(std::max(waited, firstWrite));
        if (!frame) break;
        const auto popped = Clock::now();
        frame->converted.get();  // rethrows the conversion's failure
        lane.conversionWaitMs += msSince(popped);
        const auto start = Clock::now();
        encode(lane, frame->picture.get(), packet);
        lane.busyMs += msSince(start);
        std::lock_guard lock(mutex);
        // Kept for every frame that can be in flight, so that few frames need a new picture (12 MB
        // of fresh pages at 4K: with two kept a lane, half the frames did).
        spare.push_back(std::move(frame->picture));
        if (spare.size() > lanes.size() * (groupFrames + 1) + queuedConversions) spare.pop_front();
      }
      encode(lane, nullptr, packet);
    } catch (...) {
      {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      // The pool first, so that no conversion still writes into a picture the lanes' queues drop;
      // a write() waiting to queue a conversion stops too.
      pool->abort();
      for (auto& other : lanes) other->frames.abort();
    }
    av_packet_free(&packet);
  }

  // A picture to fill: one the encoders have let go of (the oldest given back first: an MPEG-4
  // encoder keeps the last frame it encoded), else a new one.
  FramePtr takePicture() {
    {
      std::lock_guard lock(mutex);
      for (auto it = spare.begin(); it != spare.end(); ++it)
        if (av_frame_is_writable(it->get())) {
          FramePtr picture = std::move(*it);
          spare.erase(it);
          return picture;
        }
    }
    return newPicture(pixels, width, height, 0);
  }

  static void mark(AVFrame* picture, std::int64_t index) {
    // A group starts with an I frame whatever the encoder would choose, so that it stands alone.
    picture->pict_type = index % groupFrames == 0 ? AV_PICTURE_TYPE_I : AV_PICTURE_TYPE_NONE;
    picture->pts = index;
  }

  // Frame `index`'s samples (width * height * channels, rows packed) into `picture`, marked
  // for its place in its group.
  void convert(SwsContext* converter, const std::uint8_t* samples, AVFrame* picture, std::int64_t index) {
    samplesToPicture(converter, samples, samplesFormat, channels, picture);
    mark(picture, index);
  }
};

Encoder::Encoder(const std::filesystem::path& file, const std::string& fourcc, int width, int height, int channels,
                 double framesPerSecond, int lanes)
    : state_(std::make_unique<State>()) {
  ffmpeg::logErrorsOnly();

  State& s = *state_;
  s.width = width;
  s.height = height;
  s.channels = channels;
  if (width <= 0 || height <= 0 || (channels != 1 && channels != 3) || !(framesPerSecond > 0) || lanes < 0)
    throw std::invalid_argument("Encoder: a frame needs a positive size, 1 or 3 channels and a positive rate");
  const Codec chosen = codecFor(fourcc);
  s.pixels = channels == 3 ? chosen.colour : chosen.grey;

  const std::string name = file.string();
  int status = avformat_alloc_output_context2(&s.format, nullptr, nullptr, name.c_str());
  if (status < 0 || !s.format) fail("no container for " + file.extension().string(), status);
  const AVCodec* encoder = avcodec_find_encoder(chosen.id);
  if (!encoder) fail("FFmpeg has no " + fourcc + " encoder here", AVERROR_ENCODER_NOT_FOUND);
  s.stream = avformat_new_stream(s.format, nullptr);
  if (!s.stream) throw std::bad_alloc();

  // Lanes: half the cores, at most 8, fewer where the groups queued would pass queuedBytes (three
  // lanes at 4K); the cores left over go to each frame's slices.
  const int cores = int(std::max(1u, std::thread::hardware_concurrency()));
  const double groupBytes = groupFrames * double(av_image_get_buffer_size(s.pixels, width, height, 1));
  const int fit = std::max(1, int(queuedBytes / groupBytes));
  if (lanes == 0) lanes = std::clamp(std::min(cores / 2, fit), 1, 8);
  const int sliceThreads = std::max(1, cores / lanes);

  const AVRational rate = streamRate(framesPerSecond);
  const LaneEncoderSettings settings{width, height, s.pixels, framesPerSecond, groupFrames, sliceThreads,
                                     (s.format->oformat->flags & AVFMT_GLOBALHEADER) != 0};
  for (int l = 0; l < lanes; ++l) {
    auto lane = std::make_unique<Lane>();
    lane->codec = openLaneEncoder(encoder, chosen, fourcc, settings);
    s.lanes.push_back(std::move(lane));
  }
  // Every lane's encoder has the same settings, so the same stream header (extradata).
  status = avcodec_parameters_from_context(s.stream->codecpar, s.lanes.front()->codec);
  if (status < 0) fail("the stream's parameters", status);
  s.stream->time_base = s.lanes.front()->codec->time_base;
  s.stream->avg_frame_rate = rate;

  s.samplesFormat = channels == 3 ? AV_PIX_FMT_BGR24 : AV_PIX_FMT_GRAY8;
  // Frames given with a release callback are converted on the pool, a frame a thread; the
  // others on the caller's thread, over swscale's slice threads on every core.
  s.scaler = makeConverter(width, height, s.samplesFormat, s.pixels, 0);
  s.pool = std::make_unique<ConversionPool>(std::max(2, cores / 4), queuedConversions);

  if (!(s.format->oformat->flags & AVFMT_NOFILE)) {
    status = avio_open(&s.format->pb, name.c_str(), AVIO_FLAG_WRITE);
    if (status < 0) fail("the file cannot be opened", status);
  }
  status = avformat_write_header(s.format, nullptr);
  if (status < 0) fail("the container's header", status);
  for (auto& lane : s.lanes) lane->thread = std::thread([&s, &lane = *lane] { s.runLane(lane); });
}

Encoder::~Encoder() = default;

int Encoder::lanes() const { return int(state_->lanes.size()); }

Encoder::Timings Encoder::timings() const {
  Timings t{state_->convertMs + state_->pool->busyMs(), state_->waitMs, 0};
  if (state_->finished)
    for (const auto& lane : state_->lanes) {
      t.laneMs += lane->busyMs;
      t.laneIdleMs += lane->idleMs;
      t.laneConversionWaitMs += lane->conversionWaitMs;
    }
  return t;
}

std::optional<bool> Encoder::planesFullRange() const {
  if (state_->channels != 3) return std::nullopt;
  if (state_->pixels == AV_PIX_FMT_YUV420P) return false;
  if (state_->pixels == AV_PIX_FMT_YUVJ420P) return true;
  return std::nullopt;
}

void Encoder::write(const std::uint8_t* samples, std::function<void()> release, bool planes) {
  State& s = *state_;
  if (s.closing) throw std::logic_error("Encoder::write after finish");
  if (planes && !planesFullRange()) throw std::logic_error("Encoder::write: this codec takes no Y, U, V planes");
  s.rethrowFailure();
  const std::int64_t index = s.frames;
  if (index == 0) s.firstWrite = Clock::now();
  Pending pending{s.takePicture(), {}};
  const auto start = Clock::now();
  if (!release) {
    if (planes) {
      planesToPicture(samples, pending.picture.get());
      s.mark(pending.picture.get(), index);
    } else {
      s.convert(s.scaler, samples, pending.picture.get(), index);
    }
    std::promise<void> done;
    done.set_value();
    pending.converted = done.get_future();
    s.convertMs += msSince(start);
  } else {
    AVFrame* picture = pending.picture.get();  // the lane's queue keeps it until the pool has stopped
    try {
      pending.converted = s.pool->submit(ConversionPool::Task(
        [&s, samples, picture, index, planes, release = std::move(release)](SwsContext*& converter) {
          struct Release {
            const std::function<void()>& release;
            ~Release() { release(); }  // the samples are read, or never will be
          } released{release};
          if (planes) {
            planesToPicture(samples, picture);
            return s.mark(picture, index);
          }
          if (!converter) converter = makeConverter(s.width, s.height, s.samplesFormat, s.pixels, 1);
          s.convert(converter, samples, picture, index);
        }));
    } catch (const std::runtime_error&) {
      s.rethrowFailure();  // the lane's reason, where one stopped the pool
      throw;
    }
  }
  Lane& lane = *s.lanes[std::size_t((index / groupFrames) % std::int64_t(s.lanes.size()))];
  ++s.frames;
  const auto queued = Clock::now();
  const bool taken = lane.frames.push(std::move(pending));
  s.waitMs += msSince(queued);
  if (!taken) {
    s.rethrowFailure();
    throw std::runtime_error("the encoder stopped");
  }
}

void Encoder::finish() {
  State& s = *state_;
  if (s.finished) return;
  if (s.closing) {  // a finish() that failed: the same reason again
    s.rethrowFailure();
    throw std::logic_error("Encoder::finish after a failed finish");
  }
  s.closing = true;
  try {
    s.pool->close();
    for (auto& lane : s.lanes) lane->frames.close();
    for (auto& lane : s.lanes) lane->thread.join();
    s.rethrowFailure();
    {
      std::lock_guard lock(s.mutex);
      s.writeInOrder(true);
    }
    const int status = av_write_trailer(s.format);
    if (status < 0) fail("the container's index", status);
    if (!(s.format->oformat->flags & AVFMT_NOFILE)) {
      const int closed = avio_closep(&s.format->pb);
      if (closed < 0) fail("closing the file", closed);
    }
  } catch (...) {
    std::lock_guard lock(s.mutex);
    if (!s.failure) s.failure = std::current_exception();
    throw;
  }
  s.finished = true;
}

}  // namespace fftscope::video
