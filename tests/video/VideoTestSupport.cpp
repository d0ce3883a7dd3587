#include "VideoTestSupport.h"

#include "video/VideoFile.h"

#include <gtest/gtest.h>
#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>

#include <algorithm>
#include <cmath>

namespace fftscope::video::test {

void makeStripesVideo(const std::filesystem::path& path, const std::string& fourcc, int width, int height,
                      int frames, double fps, bool grey) {
  cv::VideoWriter writer(path.string(), cv::CAP_FFMPEG,
                         cv::VideoWriter::fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]), fps,
                         cv::Size(width, height), !grey);
  ASSERT_TRUE(writer.isOpened()) << "OpenCV cannot write " << fourcc << " to " << path;
  if (fourcc == "MJPG") writer.set(cv::VIDEOWRITER_PROP_QUALITY, 100);
  cv::Mat frame(height, width, grey ? CV_8UC1 : CV_8UC3);
  for (int f = 0; f < frames; ++f) {
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        const double stripes = 60 * std::sin(2 * 3.14159265358979 * (x + 2 * y - 2 * f) / 9.0);
        const auto v = [](double shade) { return cv::saturate_cast<unsigned char>(shade); };
        if (grey) frame.at<unsigned char>(y, x) = v(120 + stripes + x);
        else frame.at<cv::Vec3b>(y, x) = cv::Vec3b(v(120 + stripes), v(90 + 2 * y), v(150 - stripes / 2 + x));
      }
    writer.write(frame);
  }
}

DecodedVideo decodeAll(const std::filesystem::path& path) {
  VideoReader reader(path);
  DecodedVideo video;
  video.width = reader.info().width;
  video.height = reader.info().height;
  video.fps = reader.info().framesPerSecond;
  video.declaredFrames = reader.info().declaredFrames;
  imaging::Image frame;
  while (reader.read(frame)) video.frames.push_back(frame);
  return video;
}

std::vector<bool> keyFrames(const std::filesystem::path& path) {
  cv::VideoCapture capture(path.string(), cv::CAP_FFMPEG, {cv::CAP_PROP_FORMAT, -1});
  std::vector<bool> keys;
  cv::Mat packet;
  while (capture.isOpened() && capture.read(packet))
    keys.push_back(capture.get(cv::CAP_PROP_LRF_HAS_KEY_FRAME) != 0);
  return keys;
}

Difference difference(const imaging::Image& a, const imaging::Image& b) {
  Difference d;
  EXPECT_EQ(a.data.size(), b.data.size());
  const std::size_t n = std::min(a.data.size(), b.data.size());
  for (std::size_t i = 0; i < n; ++i) {
    const double e = std::abs(double(a.data[i]) - double(b.data[i]));
    d.max = std::max(d.max, e);
    d.mean += e;
  }
  if (n) d.mean /= double(n);
  return d;
}

}  // namespace fftscope::video::test
