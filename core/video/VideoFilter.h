// Every frame of a video file through the Image workspace's filter, written as a new video of the
// input's size and rate. Decoding, filtering and encoding run as a three-stage pipeline (a thread
// each for decode and encode, the filter on the caller's thread), so that they overlap. The output
// is written beside its destination and renamed at the end (VideoWriter); a failure or a cancel
// leaves nothing behind. Audio is not copied: the output holds the video stream alone.
#pragma once

#include "engine/cl/DeviceContext.h"
#include "imaging/FftBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/FilterSpec.h"
#include "imaging/OutputRange.h"
#include "video/VideoFile.h"

#include <filesystem>
#include <functional>
#include <string>

namespace fftscope::video {

struct VideoFilterSettings {
  imaging::FilterSpec spec;
  imaging::PadMode padMode = imaging::PadMode::None;
  imaging::ChannelMode channelMode = imaging::ChannelMode::PerChannel;
  imaging::OutputRange range = imaging::OutputRange::Clip;  // Float is refused: video is 8-bit
  std::size_t deviceBatch = 4;  // frames on the device at a time, where frames are batched there
};

// Milliseconds spent in each stage, summed over the frames (the stages overlap, so their sum may
// exceed wallMs). fftMs is the time inside the FftBackend's calls: on a device that is upload,
// transforms and download; hostMs is the rest of the filter (padding, mask, output range).
// Frames batched on the device (batch > 0): fftMs is the device's time, uploadMs + kernelMs +
// downloadMs from the queue's events, and hostMs the samples' copies into and out of the batch.
struct VideoFilterReport {
  VideoInfo info;
  std::string fourcc;
  long frames = 0;
  bool cancelled = false;
  double decodeMs = 0;
  double fftMs = 0;
  double hostMs = 0;
  double encodeMs = 0;
  // The decoder's codec (inside decodeMs) and its conversions or the planes' copies (summed over
  // the conversion threads, beside decodeMs); the encoder's conversions (likewise, beside
  // encodeMs), its wait for a lane (inside encodeMs) and its lanes' encoders at work (laneMs,
  // summed over `lanes`).
  Decoder::Timings decoding;
  Encoder::Timings encoding;
  int lanes = 0;
  // Each stage's waits on the others, summed over frames: the stage that waits least holds the
  // pipeline. The decoder waits for a free slot and for room in the filter's queue, the filter
  // for a decoded frame, for output slots and for room in the encoder's queue, the encoder for a
  // filtered frame.
  struct Waits {
    double decoderForSlot = 0, decoderForFilter = 0;
    double filterForFrame = 0, filterForSlots = 0, filterForEncoder = 0;
    double encoderForFrame = 0;
  } waits;
  // From the call until the stages start (opening the files and the device's filter), until the
  // first frame is decoded, and from the last frame handed to the encoder until the file is
  // written (the lanes' last groups, the container's index).
  double setupMs = 0, firstFrameMs = 0, drainMs = 0;
  // Of setupMs: opening the reader (its first frame decoded), and beside it the writer and then
  // the device's filter (again after it where the first frame shows grey, or a picture format
  // other than the stream declared).
  double openReaderMs = 0, openWriterMs = 0, deviceSetupMs = 0;
  double fileCommitMs = 0;  // of drainMs: the file flushed to disk and renamed
  double wallMs = 0;
  std::size_t batch = 0;  // frames a batch on the device; 0 when filtered frame by frame
  // Frames sent to the device, and taken from it, as Y, U, V planes in 4:2:0 (converted there).
  bool planesIn = false, planesOut = false;
  double uploadMs = 0, kernelMs = 0, downloadMs = 0;
  double framesPerSecond() const { return wallMs > 0 ? frames * 1000.0 / wallMs : 0; }
  // Frames a second the filter alone would reach (fft + host).
  double filterFramesPerSecond() const { return fftMs + hostMs > 0 ? frames * 1000.0 / (fftMs + hostMs) : 0; }
};

// Called after each frame is filtered with the frames done and the count the container declares
// (0 when unknown); returning false cancels.
using VideoProgress = std::function<bool(long done, long declared)>;

// Throws std::runtime_error naming the file for a bad input or output (see VideoFile.h); a cancel
// returns with cancelled set and no output written. Given a device (the one `fft` runs on, which
// no other caller uses during the call: the call sets up its filter on a thread of its own while
// the caller's waits, then uses it from the caller's) and settings DeviceVideoFilter handles,
// frames go through it settings.deviceBatch at a time instead of through `fft`.
VideoFilterReport filterVideo(const std::filesystem::path& input, const std::filesystem::path& output,
                              const VideoFilterSettings& settings, imaging::FftBackend& fft,
                              const VideoProgress& progress = {}, cl::DeviceContext* device = nullptr);

// The decoder's threads, and its conversion threads', that filterVideo reads with: one a core each.
int decodeThreads();

// The extensions read as video by the filter command: .mp4 .m4v .mov .avi .mkv .webm.
bool isVideoPath(const std::filesystem::path& path);

}  // namespace fftscope::video
