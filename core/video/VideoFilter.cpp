#include "video/VideoFilter.h"

#include "imaging/Mask.h"
#include "video/DeviceVideoFilter.h"
#include "video/FrameQueue.h"
#include "video/FrameSlots.h"
#include "video/Milliseconds.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <exception>
#include <future>
#include <memory>
#include <optional>
#include <stdexcept>
#include <thread>

namespace fftscope::video {
namespace {

// The backend's calls timed: what a frame spends uploading, transforming and downloading.
class TimedBackend : public imaging::FftBackend {
 public:
  explicit TimedBackend(imaging::FftBackend& inner) : inner_(inner) {}
  void forward(std::complex<float>* data, int rows, int cols) override {
    const auto start = Clock::now();
    inner_.forward(data, rows, cols);
    ms += msSince(start);
  }
  void inverse(std::complex<float>* data, int rows, int cols) override {
    const auto start = Clock::now();
    inner_.inverse(data, rows, cols);
    ms += msSince(start);
  }
  double ms = 0;

 private:
  imaging::FftBackend& inner_;
};

// Frames in flight between two stages: two device batches and more where frames are small, so
// that a batch handed over at once does not stall the stage before it; at most queueBytes of
// frames (8-bit for the device's batches: 16 at 1080p, 7 at 4K; float Images for the host's
// filter), and never fewer than 4.
constexpr double queueBytes = 192.0 * 1024 * 1024;
std::size_t queueFrames(const VideoInfo& info, std::size_t bytesPerSample) {
  const double frameBytes = double(info.width) * info.height * info.channels * bytesPerSample;
  return std::clamp<std::size_t>(std::size_t(queueBytes / frameBytes), 4, 16);
}

// A frame between the stages: an Image for the host filter, its samples as the file holds them
// for the batched device filter (no float samples to convert there).
struct Frame {
  imaging::Image image;
  std::uint8_t* slot = nullptr;  // the batched path's frame, in pinned memory
  std::future<void> converted;   // ready once the decoder's conversion has filled the slot
};

// What the frames are filtered and written with: the writer, and the device's filter where it
// takes them. The filter is declared first so that it outlives the writer.
struct Outputs {
  std::unique_ptr<DeviceVideoFilter> batched;
  std::unique_ptr<VideoWriter> writer;
  bool planesIn = false, planesOut = false;
  double writerMs = 0, deviceMs = 0;
};

// planesIn: the reader's planesFullRange().
Outputs openOutputs(const std::filesystem::path& input, const std::filesystem::path& output, const VideoInfo& info,
                    std::optional<bool> planesIn, const VideoFilterSettings& settings, cl::DeviceContext* device) {
  Outputs o;
  const auto start = Clock::now();
  o.writer = std::make_unique<VideoWriter>(output, input, info);
  o.writerMs = msSince(start);
  if (device && DeviceVideoFilter::handles(settings)) {
    // Frames go up as the decoder gives them and come down as the encoder takes them where those
    // are Y, U, V in 4:2:0: the device converts them (the host's cores spent more on these
    // conversions than on decoding), and they cross the bus at half the bytes of blue, green, red.
    FrameLayout in, out;
    if (planesIn) in = FrameLayout::yuv420(*planesIn);
    if (const std::optional<bool> full = o.writer->planesFullRange()) out = FrameLayout::yuv420(*full);
    const auto deviceStart = Clock::now();
    o.batched = std::make_unique<DeviceVideoFilter>(*device, info, settings, settings.deviceBatch, in, out);
    o.deviceMs = msSince(deviceStart);
    o.planesIn = in.kind == FrameLayout::Kind::Yuv420;
    o.planesOut = out.kind == FrameLayout::Kind::Yuv420;
  }
  return o;
}

}  // namespace

// With the colour conversions on the device or on threads of their own, decoding is what holds
// the pipeline: on a 16-core host 1080p went from 380-434 frames a second with 4 threads to
// 429-461 with 8 and 476-481 with 16 (2026-11-29).
int decodeThreads() { return int(std::max(2u, std::thread::hardware_concurrency())); }

bool isVideoPath(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".mp4" || ext == ".m4v" || ext == ".mov" || ext == ".avi" || ext == ".mkv" || ext == ".webm";
}

VideoFilterReport filterVideo(const std::filesystem::path& input, const std::filesystem::path& output,
                              const VideoFilterSettings& settings, imaging::FftBackend& fft,
                              const VideoProgress& progress, cl::DeviceContext* device) {
  if (settings.range == imaging::OutputRange::Float)
    throw std::runtime_error(output.string() + ": cannot write: --range float needs a TIFF; video frames are 8-bit");
  imaging::validateFilterSpec(settings.spec);  // before the files are opened and the device set up
  const auto started = Clock::now();
  VideoFilterReport report;
  // Declared before the reader and the writer, so that they outlive them: their conversion
  // threads fill and empty slots.
  std::unique_ptr<DeviceVideoFilter> batched;
  std::unique_ptr<FrameSlots> inputs, outputs;
  std::unique_ptr<VideoWriter> writer;
  // The writer and the device's filter are opened beside the reader's first frame (at 4K the
  // reader took 260 ms, the writer's encoders 80 and the filter 40, one after the other), for a
  // colour video whose frames come as the stream declares; should the first frame show grey, or
  // come otherwise, they are opened again (the first writer's temporary file goes with it).
  // Should the reader fail after the task began, `opening`, a future of std::async, waits for the
  // task as it goes, and the writer it made removes its temporary file.
  std::future<Outputs> opening;
  std::optional<bool> planesExpected;
  VideoReader reader(input, decodeThreads(), [&](const VideoReader& opened) {
    planesExpected = opened.planesFullRange();
    opening = std::async(std::launch::async, openOutputs, input, output, opened.info(), planesExpected,
                         std::cref(settings), device);
  });
  report.info = reader.info();
  report.openReaderMs = msSince(started);
  Outputs opened = opening.get();
  if (report.info.channels != 3 || reader.planesFullRange() != planesExpected) {
    opened.writer.reset();  // the first pair goes before the second is made: the device holds one
    opened.batched.reset();
    opened = openOutputs(input, output, report.info, reader.planesFullRange(), settings, device);
  }
  batched = std::move(opened.batched);
  writer = std::move(opened.writer);
  report.fourcc = writer->fourcc();
  report.openWriterMs = opened.writerMs;
  report.deviceSetupMs = opened.deviceMs;
  report.planesIn = opened.planesIn;
  report.planesOut = opened.planesOut;
  if (batched) report.batch = batched->batch();
  TimedBackend timed(fft);
  // The host's mask only where frames are filtered on the host (a 4K frame's took 200 ms).
  imaging::Mask mask;
  if (!batched) {
    const imaging::PadGeometry geometry =
      imaging::padGeometry(report.info.width, report.info.height, settings.padMode);
    mask = imaging::buildMask(geometry.paddedHeight, geometry.paddedWidth, settings.spec);
  }

  const std::size_t inFlight = queueFrames(report.info, batched ? 1 : sizeof(float));
  FrameQueue<Frame> decoded(inFlight);
  FrameQueue<Frame> filtered(inFlight);
  // Enough slots that no stage waits for one while the next has work: a queue's worth, a batch
  // being gathered or filtered, and the frame in the stage's hands.
  if (batched) {
    const std::size_t slots = inFlight + batched->batch() + 1;
    inputs = std::make_unique<FrameSlots>(*batched, slots, batched->inputBytes());
    outputs = std::make_unique<FrameSlots>(*batched, slots, batched->outputBytes());
  }
  // Every queue a stage may be waiting on, ended at once where the pipeline stops.
  const auto abortAll = [&] {
    decoded.abort();
    filtered.abort();
    if (inputs) inputs->abort(), outputs->abort();
  };
  std::exception_ptr decodeError;
  std::exception_ptr encodeError;
  report.setupMs = msSince(started);
  std::thread decoder([&] {
    try {
      for (;;) {
        Frame frame;
        const auto waited = Clock::now();
        if (batched && !(frame.slot = inputs->take())) return;  // the pipeline stopped
        report.waits.decoderForSlot += msSince(waited);
        const auto start = Clock::now();
        if (batched) {
          std::optional<std::future<void>> converted = reader.readLater(frame.slot, report.planesIn);
          if (!converted) break;
          frame.converted = std::move(*converted);
        } else if (!reader.read(frame.image)) {
          break;
        }
        report.decodeMs += msSince(start);
        if (report.firstFrameMs == 0) report.firstFrameMs = msSince(started);
        const auto decodedAt = Clock::now();
        if (!decoded.push(std::move(frame))) return;
        report.waits.decoderForFilter += msSince(decodedAt);
      }
    } catch (...) {
      decodeError = std::current_exception();
      abortAll();
    }
    decoded.close();
  });
  std::thread encoder([&] {
    try {
      for (;;) {
        const auto waited = Clock::now();
        std::optional<Frame> frame = filtered.pop();
        report.waits.encoderForFrame += msSince(waited);
        if (!frame) break;
        const auto start = Clock::now();
        if (batched)  // the slot goes back once the encoder's conversion has read it
          writer->write(frame->slot, [&slots = *outputs, slot = frame->slot] { slots.give(slot); }, report.planesOut);
        else
          writer->write(frame->image);
        report.encodeMs += msSince(start);
      }
    } catch (...) {
      encodeError = std::current_exception();
      abortAll();  // a filter thread waiting to hand over a frame stops too
    }
  });

  // A filtered frame to the encoder; false when the pipeline stops (an abort or a cancel).
  Clock::time_point drainFrom = Clock::now();
  const auto deliver = [&](Frame out) {
    const auto waited = Clock::now();
    if (!filtered.push(std::move(out))) return false;
    drainFrom = Clock::now();  // until the last frame's
    report.waits.filterForEncoder += msBetween(waited, drainFrom);
    ++report.frames;
    if (progress && !progress(report.frames, report.info.declaredFrames)) report.cancelled = true;
    return !report.cancelled;
  };
  // The batch's frames filtered on the device into output slots and delivered, their input slots
  // handed back to the decoder; the host's part is what is not the device's.
  double batchHostMs = 0;
  std::vector<const std::uint8_t*> gathered;
  const auto runBatch = [&] {
    if (gathered.empty()) return true;
    std::vector<std::uint8_t*> outs;
    const auto waited = Clock::now();
    for (std::size_t i = 0; i < gathered.size(); ++i) {
      std::uint8_t* slot = outputs->take();
      if (!slot) return false;  // the pipeline stopped
      outs.push_back(slot);
    }
    report.waits.filterForSlots += msSince(waited);
    const auto start = Clock::now();
    batched->run(gathered, outs);
    batchHostMs += msSince(start);
    for (const std::uint8_t* used : gathered) inputs->give(const_cast<std::uint8_t*>(used));
    gathered.clear();
    for (std::uint8_t* slot : outs) {
      Frame out;
      out.slot = slot;
      if (!deliver(std::move(out))) return false;
    }
    return true;
  };

  std::exception_ptr filterError;
  try {
    bool going = true;
    while (going) {
      const auto waited = Clock::now();
      std::optional<Frame> frame = decoded.pop();
      if (frame && batched) frame->converted.get();  // rethrows the conversion's failure
      report.waits.filterForFrame += msSince(waited);  // for a frame decoded and converted
      if (!frame) break;
      const auto start = Clock::now();
      if (batched) {
        gathered.push_back(frame->slot);
        if (gathered.size() == batched->batch()) going = runBatch();
        continue;
      }
      const double fftBefore = timed.ms;
      const imaging::SpectralImage analysed =
          imaging::analyseImage(frame->image, settings.padMode, settings.channelMode, timed);
      Frame out;
      out.image = imaging::mapOutputRange(imaging::synthesiseSamples(analysed, mask, timed), settings.range);
      const double spent = msSince(start);
      report.fftMs += timed.ms - fftBefore;
      report.hostMs += spent - (timed.ms - fftBefore);
      going = deliver(std::move(out));
    }
    if (batched && going) runBatch();
  } catch (...) {
    filterError = std::current_exception();
  }
  if (batched) {
    const FrameBatchTimings& t = batched->timings();
    report.uploadMs = t.uploadMs;
    report.kernelMs = t.kernelMs;
    report.downloadMs = t.downloadMs;
    report.fftMs = t.deviceMs();
    report.hostMs = std::max(0.0, batchHostMs - t.deviceMs());
  }
  if (report.cancelled || filterError) {
    abortAll();
  } else {
    filtered.close();
  }
  decoder.join();
  encoder.join();
  for (const std::exception_ptr& error : {decodeError, filterError, encodeError})
    if (error) std::rethrow_exception(error);
  if (report.cancelled) return report;  // the writer removes its temporary file
  writer->commit();
  report.drainMs = msSince(drainFrom);
  report.fileCommitMs = writer->fileCommitMs();
  report.wallMs = msSince(started);
  report.decoding = reader.timings();
  report.encoding = writer->timings();
  report.lanes = writer->lanes();
  return report;
}

}  // namespace fftscope::video
