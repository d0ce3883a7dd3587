// What FFmpeg's calls say when they fail, for the decoder and the encoder: its reason for an
// error code, a std::runtime_error of what failed and why, and its own log kept to errors (its
// warnings would land among a command's output; its errors come back as codes). Included only by
// sources that include FFmpeg's headers.
#pragma once

extern "C" {
#include <libavutil/error.h>
#include <libavutil/log.h>
}

#include <mutex>
#include <stdexcept>
#include <string>

namespace fftscope::video::ffmpeg {

inline std::string describe(int error) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(error, text, sizeof text);
  return text;
}

[[noreturn]] inline void fail(const std::string& what, int error) {
  throw std::runtime_error(what + " (" + describe(error) + ")");
}

inline void logErrorsOnly() {
  static std::once_flag quiet;
  std::call_once(quiet, [] { av_log_set_level(AV_LOG_ERROR); });
}

}  // namespace fftscope::video::ffmpeg
