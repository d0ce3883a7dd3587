#include "video/VideoFile.h"

#include "io/SameFile.h"
#include "io/StagedFile.h"
#include "video/Decoder.h"
#include "video/Encoder.h"
#include "video/Milliseconds.h"

#include <opencv2/core.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <span>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace fftscope::video {
namespace {

bool isGrey(const cv::Mat& bgr) {
  for (int y = 0; y < bgr.rows; ++y) {
    const cv::Vec3b* row = bgr.ptr<cv::Vec3b>(y);
    for (int x = 0; x < bgr.cols; ++x)
      if (row[x][0] != row[x][1] || row[x][1] != row[x][2]) return false;
  }
  return true;
}

std::string lowerExtension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

struct VideoReader::Impl {
  std::string name;
  std::unique_ptr<Decoder> decoder;
  std::vector<std::uint8_t> pending;  // the first frame, decoded to learn the video's channels
  std::vector<std::uint8_t> colour;   // a grey video's frame before its green is taken
  bool hasPending = false;

  // The next frame's blue, green and red into `bgr` (the first one kept by the constructor);
  // false at the end.
  bool next(std::uint8_t* bgr) {
    if (hasPending) {
      std::copy(pending.begin(), pending.end(), bgr);
      hasPending = false;
      return true;
    }
    try {
      return decoder->read(bgr);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(name + ": " + e.what());
    }
  }
};

VideoReader::VideoReader(const std::filesystem::path& path, int decodeThreads,
                         const std::function<void(const VideoReader&)>& opened)
    : impl_(std::make_unique<Impl>()) {
  const std::string name = path.string();
  impl_->name = name;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw std::runtime_error(name + ": no such file");
  if (!std::filesystem::is_regular_file(path, ec)) throw std::runtime_error(name + ": not a regular file");
  try {
    impl_->decoder = std::make_unique<Decoder>(path, decodeThreads);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(name + ": not a video file FFmpeg can read: " + e.what());
  }
  const Decoder& decoder = *impl_->decoder;
  info_.width = decoder.width();
  info_.height = decoder.height();
  info_.framesPerSecond = decoder.framesPerSecond() > 0 ? decoder.framesPerSecond() : 25;
  info_.declaredFrames = std::max(0L, decoder.declaredFrames());
  if (opened) opened(*this);
  impl_->pending.resize(std::size_t(info_.width) * info_.height * 3);
  try {
    if (!impl_->decoder->read(impl_->pending.data())) throw std::runtime_error("the video has no frames");
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(name + ": " + e.what());
  }
  impl_->hasPending = true;
  info_.channels = isGrey(cv::Mat(info_.height, info_.width, CV_8UC3, impl_->pending.data())) ? 1 : 3;
}

VideoReader::~VideoReader() = default;

Decoder::Timings VideoReader::timings() const { return impl_->decoder->timings(); }

bool VideoReader::read(FrameSamples& samples) {
  samples.resize(std::size_t(info_.width) * info_.height * info_.channels);
  return read(samples.data());
}

bool VideoReader::read(std::uint8_t* samples) {
  if (info_.channels == 3) return impl_->next(samples);  // converted straight into place
  impl_->colour.resize(std::size_t(info_.width) * info_.height * 3);
  if (!impl_->next(impl_->colour.data())) return false;
  cv::extractChannel(cv::Mat(info_.height, info_.width, CV_8UC3, impl_->colour.data()),
                     cv::Mat(info_.height, info_.width, CV_8UC1, samples), 1);  // green, as read() takes it
  return true;
}

std::optional<bool> VideoReader::planesFullRange() const {
  if (info_.channels != 3) return std::nullopt;
  return impl_->decoder->planesFullRange();
}

std::optional<std::future<void>> VideoReader::readLater(std::uint8_t* samples, bool planes) {
  if (planes && !planesFullRange()) throw std::logic_error("VideoReader::readLater: no Y, U, V planes in this video");
  try {
    if (info_.channels == 3 && !impl_->hasPending) return impl_->decoder->readLater(samples, planes);
    if (planes) {  // the first frame, decoded already
      if (!impl_->decoder->lastAsPlanes(samples)) throw std::logic_error("VideoReader: the first frame is gone");
      impl_->hasPending = false;
      std::promise<void> done;
      done.set_value();
      return done.get_future();
    }
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(impl_->name + ": " + e.what());
  }
  // The first frame (decoded already) and grey frames (their green taken here) at once.
  if (!read(samples)) return std::nullopt;
  std::promise<void> done;
  done.set_value();
  return done.get_future();
}

bool VideoReader::read(imaging::Image& frame) {
  impl_->colour.resize(std::size_t(info_.width) * info_.height * 3);
  if (!impl_->next(impl_->colour.data())) return false;
  const cv::Mat bgr(info_.height, info_.width, CV_8UC3, impl_->colour.data());
  frame.width = info_.width;
  frame.height = info_.height;
  frame.channels = info_.channels;
  frame.bitDepth = 8;
  frame.notices.clear();
  frame.data.resize(std::size_t(info_.width) * info_.height * info_.channels);
  float* out = frame.data.data();
  for (int y = 0; y < bgr.rows; ++y) {
    const cv::Vec3b* row = bgr.ptr<cv::Vec3b>(y);
    if (info_.channels == 1) {
      for (int x = 0; x < bgr.cols; ++x) *out++ = row[x][1];
    } else {
      for (int x = 0; x < bgr.cols; ++x) {
        *out++ = row[x][2];
        *out++ = row[x][1];
        *out++ = row[x][0];
      }
    }
  }
  return true;
}

std::string fourccForExtension(const std::filesystem::path& destination) {
  const std::string ext = lowerExtension(destination);
  if (ext == ".mp4" || ext == ".m4v" || ext == ".mov") return "mp4v";
  if (ext == ".avi") return "MJPG";
  if (ext == ".mkv") return "FFV1";
  return {};
}

struct VideoWriter::Impl {
  // Declared first, so destroyed last: the encoder is closed before an uncommitted file is removed.
  std::unique_ptr<io::StagedFile> staged;
  std::unique_ptr<Encoder> encoder;
  FrameSamples bytes;  // an Image's samples rounded for the encoder
  std::string name;    // the destination's, for messages
  int width = 0;
  int height = 0;
  int channels = 3;
  std::int64_t frames = 0;
  double fileCommitMs = 0;
};

namespace {
// Frames between two write-backs: the disk writes the file while it grows, so that committing a
// 4K video does not wait for hundreds of megabytes to reach it at once.
constexpr std::int64_t writeBackFrames = 16;
}  // namespace

VideoWriter::VideoWriter(const std::filesystem::path& destination, const std::filesystem::path& input,
                         const VideoInfo& format)
    : impl_(std::make_unique<Impl>()) {
  const std::string name = destination.string();
  const std::filesystem::path inputs[] = {input};
  io::refuseInputAsOutput(destination, inputs);
  fourcc_ = fourccForExtension(destination);
  if (fourcc_.empty())
    throw std::runtime_error(name + ": cannot write: give a .mp4, .m4v, .mov (mp4v), .avi (MJPG) or .mkv (FFV1) output");
  std::filesystem::path folder = destination.parent_path();
  if (folder.empty()) folder = ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) throw std::runtime_error(name + ": cannot write: no such folder");
  if (::access(folder.c_str(), W_OK) != 0) throw std::runtime_error(name + ": cannot write: the folder is not writable");
  // (The input is refused above, before the extension and the folder are.)
  impl_->staged = std::make_unique<io::StagedFile>(destination, std::span<const std::filesystem::path>(),
                                                   io::TemporaryName::keepsExtension);
  impl_->width = format.width;
  impl_->height = format.height;
  impl_->channels = format.channels;
  try {
    impl_->encoder = std::make_unique<Encoder>(impl_->staged->path(), fourcc_, format.width, format.height,
                                               format.channels, format.framesPerSecond);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(name + ": cannot write: " + e.what());
  }
  impl_->name = name;
}

VideoWriter::~VideoWriter() = default;

Encoder::Timings VideoWriter::timings() const { return impl_->encoder->timings(); }
int VideoWriter::lanes() const { return impl_->encoder->lanes(); }

void VideoWriter::write(const imaging::Image& frame) {
  if (frame.width != impl_->width || frame.height != impl_->height || frame.channels != impl_->channels)
    throw std::invalid_argument("VideoWriter::write: the frame's size or channels differ from the video's");
  // An Image holds red, green, blue; the encoder takes the file's blue, green, red.
  FrameSamples& out = impl_->bytes;
  out.resize(frame.data.size());
  auto byte = [](float v) { return std::uint8_t(std::clamp(std::lround(v), 0L, 255L)); };
  const float* in = frame.data.data();
  if (frame.channels == 1) {
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = byte(in[i]);
  } else {
    for (std::size_t i = 0; i < out.size(); i += 3) {
      out[i] = byte(in[i + 2]);
      out[i + 1] = byte(in[i + 1]);
      out[i + 2] = byte(in[i]);
    }
  }
  encode(out.data());
}

void VideoWriter::write(const FrameSamples& samples) {
  if (samples.size() != std::size_t(impl_->width) * impl_->height * impl_->channels)
    throw std::invalid_argument("VideoWriter::write: the samples' count differs from the video's frame");
  encode(samples.data());
}

void VideoWriter::write(const std::uint8_t* samples, std::function<void()> release, bool planes) {
  encode(samples, std::move(release), planes);
}

std::optional<bool> VideoWriter::planesFullRange() const { return impl_->encoder->planesFullRange(); }

void VideoWriter::encode(const std::uint8_t* samples, std::function<void()> release, bool planes) {
  try {
    impl_->encoder->write(samples, std::move(release), planes);
    if (++impl_->frames % writeBackFrames == 0) impl_->staged->startWriteBack();
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(impl_->name + ": cannot write: " + e.what());
  }
}

void VideoWriter::commit() {
  try {
    impl_->encoder->finish();
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(impl_->name + ": cannot write: " + e.what());
  }
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(impl_->staged->path(), ec);
  if (ec || size == 0) impl_->staged->fail("the encoder wrote nothing");
  const auto start = Clock::now();
  impl_->staged->commit();
  impl_->fileCommitMs = msSince(start);
}

double VideoWriter::fileCommitMs() const { return impl_->fileCommitMs; }

}  // namespace fftscope::video
