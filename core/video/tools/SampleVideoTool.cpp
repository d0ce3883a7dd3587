// Writes a test video of moving stripes (a diagonal grating drifting one pixel a frame over a
// slow gradient), for the tests and the GPU experiments:
//   fftscope-sample-video OUT WIDTH HEIGHT FRAMES FPS [grey] [fourcc=XXXX]
//   fftscope-sample-video --probe | --decode IN | --encode IN OUT | --transcode IN OUT
// The codec is chosen by OUT's extension as the filter command chooses it, unless fourcc= names
// one. With --probe it lists which FourCCs OpenCV can open for writing here and exits; with
// --decode IN it times decoding every frame of IN twice, by OpenCV alone and by VideoReader as
// the filter command reads (OpenCV and a copy into FrameSamples), for the pipeline's bound. With
// --encode IN OUT it decodes IN into memory, then times writing it to OUT as the filter command
// writes; with --transcode IN OUT it times decoding and writing at once (a thread each, as in the
// filter command, with no filter between), the stages' parts printed apart.
#include "video/FrameQueue.h"
#include "video/Milliseconds.h"
#include "video/VideoFile.h"
#include "video/VideoFilter.h"

#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <filesystem>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace {

using fftscope::video::Clock;
using fftscope::video::decodeThreads;
using fftscope::video::msSince;

int probe() {
  const char* pairs[][2] = {{".mp4", "mp4v"}, {".mp4", "avc1"}, {".avi", "MJPG"}, {".avi", "FFV1"},
                            {".mkv", "FFV1"}, {".avi", "HFYU"}, {".avi", "XVID"}, {".mkv", "HFYU"}};
  const std::filesystem::path folder = std::filesystem::temp_directory_path();
  for (const auto& [ext, code] : pairs) {
    const std::filesystem::path path = folder / (std::string("fftscope-probe") + ext);
    cv::VideoWriter writer(path.string(), cv::CAP_FFMPEG, cv::VideoWriter::fourcc(code[0], code[1], code[2], code[3]),
                           25, cv::Size(64, 48), true);
    std::printf("%s %s %s\n", ext, code, writer.isOpened() ? "opens" : "does not open");
    writer.release();
    std::filesystem::remove(path);
  }
  return 0;
}

int decodeRate(const std::string& in) {
  cv::VideoCapture capture(in, cv::CAP_FFMPEG);
  if (!capture.isOpened()) {
    std::fprintf(stderr, "fftscope-sample-video: OpenCV cannot read %s\n", in.c_str());
    return 1;
  }
  auto start = Clock::now();
  cv::Mat bgr;
  long frames = 0;
  while (capture.read(bgr)) ++frames;
  const double opencvMs = msSince(start);
  start = Clock::now();
  fftscope::video::VideoReader reader(in);
  fftscope::video::FrameSamples samples;
  long read = 0;
  while (reader.read(samples)) ++read;
  const double readerMs = msSince(start);
  // As the filter command reads: the conversions on the reader's threads, 16 frames in flight.
  start = Clock::now();
  fftscope::video::VideoReader later(in, decodeThreads());
  std::vector<fftscope::video::FrameSamples> ring(16);
  std::vector<std::future<void>> pending(ring.size());
  long laterRead = 0;
  for (;; ++laterRead) {
    const std::size_t slot = std::size_t(laterRead) % ring.size();
    if (pending[slot].valid()) pending[slot].get();
    ring[slot].resize(std::size_t(later.info().width) * later.info().height * later.info().channels);
    auto converted = later.readLater(ring[slot].data());
    if (!converted) break;
    pending[slot] = std::move(*converted);
  }
  for (auto& p : pending)
    if (p.valid()) p.get();
  const double laterMs = msSince(start);
  std::printf("OpenCV decode       %ld frames in %.1f ms: %.1f frames/s\n", frames, opencvMs, 1000.0 * frames / opencvMs);
  std::printf("VideoReader samples %ld frames in %.1f ms: %.1f frames/s\n", read, readerMs, 1000.0 * read / readerMs);
  std::printf("VideoReader, converting on threads %ld frames in %.1f ms: %.1f frames/s\n", laterRead, laterMs,
              1000.0 * laterRead / laterMs);
  return 0;
}

void printCoding(const fftscope::video::VideoReader* reader, const fftscope::video::VideoWriter& writer, long frames) {
  const auto perFrame = [frames](double ms) { return frames ? ms / double(frames) : 0.0; };
  if (reader) {
    const auto d = reader->timings();
    std::printf("  decode: codec %.3f, to BGR %.3f ms/frame\n", perFrame(d.codecMs), perFrame(d.convertMs));
  }
  const auto e = writer.timings();
  std::printf("  encode: from BGR %.3f, waiting for a lane %.3f ms/frame; lanes encoding %.3f ms/frame summed over %d\n",
              perFrame(e.convertMs), perFrame(e.waitMs), perFrame(e.laneMs), writer.lanes());
}

// Every frame of `in` decoded into memory, then written to `out` against the clock.
int encodeRate(const std::string& in, const std::string& out) {
  fftscope::video::VideoReader reader(in);
  std::vector<fftscope::video::FrameSamples> frames;
  for (fftscope::video::FrameSamples samples; reader.read(samples);) frames.push_back(samples);
  const auto start = Clock::now();
  fftscope::video::VideoWriter writer(out, in, reader.info());
  for (const auto& frame : frames) writer.write(frame.data(), [] {});  // kept in memory throughout
  writer.commit();
  const double ms = msSince(start);
  std::printf("encode alone        %zu frames in %.1f ms: %.1f frames/s\n", frames.size(), ms, 1000.0 * double(frames.size()) / ms);
  printCoding(nullptr, writer, long(frames.size()));
  return 0;
}

// Decoding and encoding at once, each on a thread, frames handed over through a queue of 16.
int transcodeRate(const std::string& in, const std::string& out) {
  const auto start = Clock::now();
  fftscope::video::VideoReader reader(in, decodeThreads());
  fftscope::video::VideoWriter writer(out, in, reader.info());
  const fftscope::video::VideoInfo& info = reader.info();
  struct Decoded {
    std::shared_ptr<fftscope::video::FrameSamples> samples;
    std::future<void> converted;
  };
  fftscope::video::FrameQueue<Decoded> queue(16);
  std::thread decoder([&] {
    for (;;) {
      auto samples = std::make_shared<fftscope::video::FrameSamples>(std::size_t(info.width) * info.height * info.channels);
      auto converted = reader.readLater(samples->data());
      if (!converted) break;
      if (!queue.push({std::move(samples), std::move(*converted)})) return;
    }
    queue.close();
  });
  long frames = 0;
  while (auto decoded = queue.pop()) {
    decoded->converted.get();
    const std::uint8_t* data = decoded->samples->data();
    writer.write(data, [kept = std::move(decoded->samples)] {});  // freed once the encoder has converted it
    ++frames;
  }
  decoder.join();
  writer.commit();
  const double ms = msSince(start);
  std::printf("decode and encode   %ld frames in %.1f ms: %.1f frames/s\n", frames, ms, 1000.0 * double(frames) / ms);
  printCoding(&reader, writer, frames);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--probe") return probe();
  if (argc == 3 && std::string(argv[1]) == "--decode") return decodeRate(argv[2]);
  if (argc == 4 && std::string(argv[1]) == "--encode") return encodeRate(argv[2], argv[3]);
  if (argc == 4 && std::string(argv[1]) == "--transcode") return transcodeRate(argv[2], argv[3]);
  if (argc < 6) {
    std::fprintf(stderr, "usage: fftscope-sample-video OUT WIDTH HEIGHT FRAMES FPS [grey] [fourcc=XXXX] | --probe | --decode IN | --encode IN OUT | --transcode IN OUT\n");
    return 2;
  }
  const std::string out = argv[1];
  const int width = std::atoi(argv[2]);
  const int height = std::atoi(argv[3]);
  const int frames = std::atoi(argv[4]);
  const double fps = std::atof(argv[5]);
  bool grey = false;
  std::string fourcc = fftscope::video::fourccForExtension(out);
  for (int i = 6; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "grey") grey = true;
    else if (arg.rfind("fourcc=", 0) == 0 && arg.size() == 11) fourcc = arg.substr(7);
    else {
      std::fprintf(stderr, "fftscope-sample-video: unknown argument '%s'\n", argv[i]);
      return 2;
    }
  }
  if (width < 2 || height < 2 || frames < 0 || !(fps > 0) || fourcc.size() != 4) {
    std::fprintf(stderr, "fftscope-sample-video: bad size, frame count, rate or extension\n");
    return 2;
  }
  cv::VideoWriter writer(out, cv::CAP_FFMPEG, cv::VideoWriter::fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]),
                         fps, cv::Size(width, height), !grey);
  if (!writer.isOpened()) {
    std::fprintf(stderr, "fftscope-sample-video: OpenCV cannot write %s with %s\n", out.c_str(), fourcc.c_str());
    return 1;
  }
  if (fourcc == "MJPG") writer.set(cv::VIDEOWRITER_PROP_QUALITY, 100);
  const double pi = 3.14159265358979;
  cv::Mat frame(height, width, grey ? CV_8UC1 : CV_8UC3);
  for (int f = 0; f < frames; ++f) {
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        const double base = 60 + 100.0 * x / width;
        const double stripes = 50 * std::sin(2 * pi * (x + y - f) / 8.0);
        const auto v = [&](double shade) { return cv::saturate_cast<unsigned char>(shade); };
        if (grey) frame.at<unsigned char>(y, x) = v(base + stripes);
        else frame.at<cv::Vec3b>(y, x) = cv::Vec3b(v(base + stripes), v(200 - base * 0.5), v(base * 0.8 + stripes * 0.6));
      }
    writer.write(frame);
  }
  return 0;
}
