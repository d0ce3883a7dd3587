#include "headless/VideoCommand.h"

#include <iomanip>
#include <sstream>
#include <unistd.h>

namespace fftscope::gui {
namespace {

std::string fixed(double value, int digits) {
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << std::fixed << std::setprecision(digits) << value;
  return text.str();
}

std::string perFrame(double ms, long frames) { return fixed(frames ? ms / double(frames) : 0, 3) + " ms/frame"; }

}  // namespace

int runVideoFilter(const VideoCommandOptions& o, ChosenBackend& chosen, std::ostream& out, std::ostream& err) {
  // A progress line only on a terminal, so that logs and tests see the report alone.
  const bool showProgress = !o.quiet && ::isatty(STDERR_FILENO);
  video::VideoProgress progress = [&](long done, long declared) {
    if (showProgress && done % 10 == 0) {
      err << "\rfftscope: frame " << done;
      if (declared > 0) err << " of " << declared;
      err.flush();
    }
    return true;
  };
  const video::VideoFilterReport r = video::filterVideo(o.input, o.output, o.settings, *chosen.backend, progress,
                                                        chosen.opencl ? &chosen.opencl->context() : nullptr);
  if (showProgress) err << "\n";
  if (!o.quiet) err << "fftscope: " << o.input << ": audio, if any, is not copied: the output holds the video alone\n";
  if (!o.quiet)
    out << "filtered " << r.frames << " frames of " << o.input << " (" << r.info.width << " x " << r.info.height << " "
        << (r.info.channels == 1 ? "grey" : "RGB") << ", " << fixed(r.info.framesPerSecond, 3) << " fps) on "
        << chosen.deviceName << " in " << fixed(r.wallMs, 1) << " ms (" << fixed(r.framesPerSecond(), 1)
        << " frames/s) -> " << o.output << " (" << r.fourcc << ", range "
        << imaging::outputRangeName(o.settings.range) << ")\n";
  if (o.timings) {
    out << "timings (summed over frames; the stages overlap):\n"
        << "  decode               " << fixed(r.decodeMs, 1) << " ms  " << perFrame(r.decodeMs, r.frames) << "\n"
        << "    codec              " << fixed(r.decoding.codecMs, 1) << " ms  " << perFrame(r.decoding.codecMs, r.frames) << "\n"
        << (r.planesIn ? "    planes copied      " : "    to BGR             ") << fixed(r.decoding.convertMs, 1) << " ms  "
        << perFrame(r.decoding.convertMs, r.frames) << "\n"
        << "  upload+fft+download  " << fixed(r.fftMs, 1) << " ms  " << perFrame(r.fftMs, r.frames) << "\n";
    if (r.batch > 0)
      out << "    upload             " << fixed(r.uploadMs, 1) << " ms  " << perFrame(r.uploadMs, r.frames) << "\n"
          << "    kernels            " << fixed(r.kernelMs, 1) << " ms  " << perFrame(r.kernelMs, r.frames) << "\n"
          << "    download           " << fixed(r.downloadMs, 1) << " ms  " << perFrame(r.downloadMs, r.frames)
          << "  (device time, batches of " << r.batch << " frames)\n"
          << "    frames up as       " << (r.planesIn ? "Y, U, V planes (converted on the device)" : "blue, green, red")
          << ", down as " << (r.planesOut ? "Y, U, V planes (converted on the device)" : "blue, green, red") << "\n";
    out << "  host filter work     " << fixed(r.hostMs, 1) << " ms  " << perFrame(r.hostMs, r.frames) << "\n"
        << "  encode               " << fixed(r.encodeMs, 1) << " ms  " << perFrame(r.encodeMs, r.frames) << "\n"
        << (r.planesOut ? "    planes copied      " : "    from BGR           ") << fixed(r.encoding.convertMs, 1) << " ms  "
        << perFrame(r.encoding.convertMs, r.frames) << "\n"
        << "    waiting for a lane " << fixed(r.encoding.waitMs, 1) << " ms  " << perFrame(r.encoding.waitMs, r.frames)
        << "\n"
        << "  lanes encoding       " << fixed(r.encoding.laneMs, 1) << " ms  " << perFrame(r.encoding.laneMs, r.frames)
        << "  (summed over " << r.lanes << " lanes)\n"
        << "    lanes waiting      for a frame " << fixed(r.encoding.laneIdleMs, 1) << " ms, for its conversion "
        << fixed(r.encoding.laneConversionWaitMs, 1) << " ms\n"
        << "  waits (ms)           decoder for a slot " << fixed(r.waits.decoderForSlot, 1) << ", for the filter "
        << fixed(r.waits.decoderForFilter, 1) << "; filter for a frame " << fixed(r.waits.filterForFrame, 1)
        << ", for slots " << fixed(r.waits.filterForSlots, 1) << ", for the encoder "
        << fixed(r.waits.filterForEncoder, 1) << "; encoder for a frame " << fixed(r.waits.encoderForFrame, 1) << "\n"
        << "  start and end        set up " << fixed(r.setupMs, 1) << " ms (reader " << fixed(r.openReaderMs, 1)
        << "; beside it writer " << fixed(r.openWriterMs, 1) << ", device " << fixed(r.deviceSetupMs, 1)
        << "), first frame decoded at "
        << fixed(r.firstFrameMs, 1) << " ms; from the last frame filtered to the file written " << fixed(r.drainMs, 1)
        << " ms (on disk and renamed " << fixed(r.fileCommitMs, 1) << " ms)\n"
        << "  wall                 " << fixed(r.wallMs, 1) << " ms  " << fixed(r.framesPerSecond(), 1)
        << " frames/s; filter alone " << fixed(r.filterFramesPerSecond(), 1) << " frames/s\n";
  }
  return 0;
}

}  // namespace fftscope::gui
