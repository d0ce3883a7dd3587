#include "headless/HeadlessCommands.h"

#include "engine/BackendChoice.h"
#include "headless/FilterOptionParsing.h"
#include "headless/VideoCommand.h"
#include "image/ImageSpectrum.h"
#include "imaging/AutoNotch.h"
#include "imaging/BatchFilter.h"
#include "imaging/FilterPipeline.h"
#include "imaging/ImageReader.h"
#include "imaging/ImageWriter.h"
#include "imaging/SpectrumDisplay.h"
#include "io/StagedFiles.h"

#include <cctype>
#include <chrono>
#include <filesystem>
#include <initializer_list>
#include <cstdio>
#include <exception>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace fftscope::gui {
namespace {

using namespace imaging;

struct Options {
  std::string command;
  std::string input;
  std::vector<std::string> inputs;  // every input named (several only with --output-dir)
  std::string output;
  std::string outputDir;  // batch: one output per input, named after it
  FilterSpec spec;
  bool cutoffGiven = false;
  std::string cutoffText;
  bool autoNotch = false;
  bool hardNotches = false;
  PadMode pad = PadMode::None;
  ChannelMode channels = ChannelMode::PerChannel;
  std::string spectrumOut;
  std::string maskOut;
  DisplaySettings display;
  std::string device;
  bool useFftw = false;
  bool quiet = false;
  bool timings = false;  // video: each pipeline stage timed
  std::optional<OutputRange> range;  // the filter's default when not given
};

bool hasExtension(const std::string& path, std::initializer_list<const char*> extensions) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  for (const char* e : extensions)
    if (ext == e) return true;
  return false;
}

Options parse(int argc, char** argv) {
  Options o;
  o.command = argv[1];
  const bool filter = o.command == "filter";
  int i = 2;
  auto value = [&](const std::string& flag) -> std::string {
    if (i + 1 >= argc) throw UsageError(flag + " needs a value");
    return argv[++i];
  };
  for (; i < argc; ++i) {
    const std::string arg = argv[i];
    auto base = [&](FilterKind kind) {
      if (o.spec.base.kind != FilterKind::AllPass) throw UsageError("give one of --lowpass, --highpass, --bandpass, --bandstop");
      o.spec.base.kind = kind;
      o.spec.base.shape = parseShape(value(arg));
    };
    if (arg == "-o" || arg == "--output") o.output = value(arg);
    else if (filter && arg == "--output-dir") o.outputDir = value(arg);
    else if (arg == "--pad") o.pad = parsePad(value(arg));
    else if (arg == "--channels") o.channels = parseChannels(value(arg));
    else if (arg == "--quantity") o.display.quantity = parseQuantity(value(arg));
    else if (arg == "--colour-map" || arg == "--color-map") o.display.colourMap = parseColourMap(value(arg));
    else if (arg == "--device" || arg == "--devices") o.device = value(arg);
    else if (arg == "--fftw") o.useFftw = true;
    else if (arg == "--quiet" || arg == "-q") o.quiet = true;
    else if (filter && arg == "--lowpass") base(FilterKind::LowPass);
    else if (filter && arg == "--highpass") base(FilterKind::HighPass);
    else if (filter && arg == "--bandpass") base(FilterKind::BandPass);
    else if (filter && arg == "--bandstop") base(FilterKind::BandStop);
    else if (filter && arg == "--cutoff") {
      o.cutoffGiven = true;
      o.cutoffText = value(arg);
    } else if (filter && arg == "--order") {
      o.spec.base.order = parseOrder(value(arg));
    } else if (filter && arg == "--notch") {
      o.spec.notches.push_back(parseNotch(value(arg)));
    } else if (filter && arg == "--hard-notches") o.hardNotches = true;
    else if (filter && arg == "--timings") o.timings = true;
    else if (filter && arg == "--auto-notch") o.autoNotch = true;
    else if (filter && arg == "--spectrum") o.spectrumOut = value(arg);
    else if (filter && arg == "--range") o.range = parseOutputRange(value(arg));
    else if (filter && arg == "--mask") o.maskOut = value(arg);
    else if (!arg.empty() && arg[0] == '-') throw UsageError("unknown option '" + arg + "' for " + o.command);
    else o.inputs.push_back(arg);
  }
  if (o.inputs.empty()) throw UsageError(o.command + " needs an input image");
  o.input = o.inputs.front();
  if (!o.outputDir.empty()) {
    if (!o.output.empty()) throw UsageError("give -o OUTPUT for one image or --output-dir DIR for several, not both");
    if (o.autoNotch || !o.spectrumOut.empty() || !o.maskOut.empty())
      throw UsageError("--output-dir filters files with one filter: --auto-notch, --spectrum and --mask work on one image");
    if (!std::filesystem::is_directory(o.outputDir))
      throw UsageError("--output-dir '" + o.outputDir + "' is not an existing folder");
  } else {
    if (o.inputs.size() > 1)
      throw UsageError("one input image only ('" + o.inputs[0] + "' and '" + o.inputs[1] + "'); --output-dir DIR takes several");
    if (o.output.empty()) throw UsageError(o.command + " needs -o OUTPUT");
  }
  const FilterKind kind = o.spec.base.kind;
  if (kind != FilterKind::AllPass && !o.cutoffGiven) throw UsageError("the filter needs --cutoff");
  if (kind == FilterKind::AllPass && o.cutoffGiven) throw UsageError("--cutoff without --lowpass, --highpass, --bandpass or --bandstop");
  if (o.cutoffGiven) {
    const imaging::BaseFilter given = parseBaseFilter(kind, "gaussian", o.cutoffText, o.spec.base.order);
    o.spec.base.cutoff = given.cutoff;
    o.spec.base.upperCutoff = given.upperCutoff;
  }
  if (o.range == OutputRange::Float && o.outputDir.empty() && !hasExtension(o.output, {".tif", ".tiff"}))
    throw UsageError("--range float needs a .tif or .tiff output (32-bit float samples), not '" + o.output + "'");
  if (filter && video::isVideoPath(o.input) && o.outputDir.empty() &&
      (o.autoNotch || !o.spectrumOut.empty() || !o.maskOut.empty()))
    throw UsageError("--auto-notch, --spectrum and --mask work on one image, not on a video");
  if (o.timings && !video::isVideoPath(o.input)) throw UsageError("--timings is for a video input");
  if (o.hardNotches)
    for (Notch& n : o.spec.notches) n.edge = NotchEdge::Hard;
  validateFilterSpec(o.spec);
  return o;
}

std::string describe(const Image& image) {
  return std::to_string(image.width) + " x " + std::to_string(image.height) + " " +
         (image.channels == 1 ? "grey" : "RGB") + " " + std::to_string(image.bitDepth) + "-bit";
}

std::string fixed(double value, int digits) {
  std::ostringstream text;
  text.imbue(std::locale::classic());
  text << std::fixed << std::setprecision(digits) << value;
  return text.str();
}

ChosenBackend chooseReportedBackend(const Options& o, std::ostream& err) {
  ChosenBackend chosen = chooseBackend(o.device, o.useFftw);
  if (!chosen.notice.empty() && !o.useFftw) err << "fftscope: " << chosen.notice << "\n";
  if (!chosen.wisdomNotice.empty()) err << "fftscope: warning: " << chosen.wisdomNotice << "\n";
  return chosen;
}

// Every device's FFT, the first's first: the one backend where FFTW computes.
std::vector<FftBackend*> everyFft(const ChosenBackend& chosen) {
  std::vector<FftBackend*> ffts{chosen.backend.get()};
  for (const auto& other : chosen.others) ffts.push_back(other.get());
  return ffts;
}

// Where the work goes, as the summary lines name it: one device by its name, several by their labels.
std::string devicesNamed(const ChosenBackend& chosen) {
  if (chosen.others.empty()) return chosen.deviceName;
  std::string named = std::to_string(chosen.deviceLabels.size()) + " devices (";
  for (std::size_t d = 0; d < chosen.deviceLabels.size(); ++d) named += (d ? ", " : "") + chosen.deviceLabels[d];
  return named + ")";
}

// A device's limits, checked before decoding against the size the file declares padded as it
// will be transformed (checkedBeforeDecoding and filterBatchItem pad it).
TransformCheck deviceCheck(OpenClFftBackend* opencl) {
  if (!opencl) return {};
  return [opencl](const PadGeometry& transformed) { opencl->prepare(transformed.paddedHeight, transformed.paddedWidth); };
}

TransformCheck deviceCheck(const ChosenBackend& chosen) { return deviceCheck(chosen.opencl); }

// Device `device`'s check, as everyFft orders the devices.
TransformCheck deviceCheck(const ChosenBackend& chosen, std::size_t device) {
  return device == 0 ? deviceCheck(chosen) : deviceCheck(chosen.others.at(device - 1).get());
}

// Every file on its own, the files spread over the devices: a failure is reported and the rest
// go on; the outcome of each is one line on stdout ("ok IN -> OUT" or "failed IN: why"), in the
// inputs' order as soon as it and those before it are done; the status is 1 if any failed.
int runBatch(const Options& o, std::ostream& out, std::ostream& err) {
  ChosenBackend chosen = chooseReportedBackend(o, err);
  BatchSettings settings{o.spec, o.pad, o.channels, o.range.value_or(defaultOutputRange(o.spec.base.kind))};
  std::vector<std::filesystem::path> inputs(o.inputs.begin(), o.inputs.end());
  std::vector<BatchItem> items = planBatch(inputs, o.outputDir, settings.range);
  std::vector<bool> finished(items.size(), false);
  std::size_t said = 0, failed = 0;
  const std::vector<std::size_t> files = filterBatch(
      items, settings, everyFft(chosen), [&](std::size_t device) { return deviceCheck(chosen, device); },
      [&](std::size_t i) {
        finished[i] = true;
        for (; said < items.size() && finished[said]; ++said) {
          const BatchItem& item = items[said];
          if (item.ok()) out << "ok " << item.input.string() << " -> " << item.output.string() << "\n";
          else {
            ++failed;
            out << "failed " << item.input.string() << ": " << item.error << "\n";
          }
        }
        out.flush();
      });
  if (!o.quiet) {
    out << items.size() - failed << " of " << items.size() << " written to " << o.outputDir << " on "
        << devicesNamed(chosen) << " (range " << outputRangeName(settings.range) << ")\n";
    if (files.size() > 1) {
      out << "files a device:";
      for (std::size_t d = 0; d < files.size(); ++d) out << (d ? ", " : " ") << chosen.deviceLabels[d] << " " << files[d];
      out << "\n";
    }
  }
  return failed ? 1 : 0;
}

int run(const Options& o, std::ostream& out, std::ostream& err) {
  if (!o.outputDir.empty()) return runBatch(o, out, err);
  const auto started = std::chrono::steady_clock::now();
  ChosenBackend chosen = chooseReportedBackend(o, err);
  if (o.command == "filter" && video::isVideoPath(o.input)) {
    const VideoCommandOptions video{o.input, o.output, {o.spec, o.pad, o.channels, o.range.value_or(defaultOutputRange(o.spec.base.kind))},
                                    o.quiet, o.timings};
    return runVideoFilter(video, chosen, out, err);
  }
  Image image = readImage(o.input, checkedBeforeDecoding(o.pad, deviceCheck(chosen)));
  for (const std::string& notice : image.notices) err << "fftscope: " << o.input << ": " << notice << "\n";
  const PadGeometry geometry = padGeometry(image.width, image.height, o.pad);
  // The planes of a colour image spread over the devices where several are named.
  const std::vector<FftBackend*> ffts = everyFft(chosen);
  for (std::size_t d = 0; d < ffts.size(); ++d)
    if (const TransformCheck check = deviceCheck(chosen, d)) check(geometry);
  // Every output is written beside its destination and renamed into place only once all are
  // complete: a failure leaves every existing file (the input too) as it was; none may be the input.
  io::StagedFiles outputs({o.input});

  SpectralImage analysed = analyseImage(image, o.pad, o.channels, ffts);
  const Spectrum shown = displaySpectrum(analysed);

  if (o.command == "spectrum") {
    outputs.stage(o.output, encodeRgbPng(renderSpectrum(shown, o.display), o.output));
    outputs.commit();
    if (!o.quiet)
      out << "spectrum of " << o.input << " (" << describe(image) << ", padded to " << geometry.paddedWidth << " x "
          << geometry.paddedHeight << ") -> " << o.output << "\n";
    return 0;
  }

  FilterSpec spec = o.spec;
  if (o.autoNotch) {
    const auto suggestions = suggestNotches(shown);
    for (const NotchSuggestion& s : suggestions) {
      spec.notches.push_back(s.notch);
      if (!o.quiet)
        out << "auto notch at (" << fixed(s.notch.fx, 4) << ", " << fixed(s.notch.fy, 4) << ") radius "
            << fixed(s.notch.radius, 4) << ", " << fixed(s.prominenceDb, 1) << " dB above its surroundings\n";
    }
    if (suggestions.empty() && !o.quiet) out << "auto notch found no isolated peak\n";
  }
  const Mask mask = buildMask(geometry.paddedHeight, geometry.paddedWidth, spec);
  const OutputRange range = o.range.value_or(defaultOutputRange(spec.base.kind));
  outputs.stage(o.output, encodeFilteredImage(synthesiseSamples(analysed, mask, ffts), range, o.output));
  if (!o.spectrumOut.empty()) {
    Spectrum masked = shown;
    for (std::size_t i = 0; i < masked.bins.size(); ++i) masked.bins[i] *= mask.values[i];
    outputs.stage(o.spectrumOut, encodeRgbPng(renderSpectrum(masked, o.display), o.spectrumOut));
  }
  if (!o.maskOut.empty()) outputs.stage(o.maskOut, encodeMaskPng(mask, o.maskOut));
  outputs.commit();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  if (!o.quiet)
    out << "filtered " << o.input << " (" << describe(image) << ") on " << devicesNamed(chosen) << " in "
        << fixed(ms, 1) << " ms -> " << o.output << " (range " << outputRangeName(range) << ")\n";
  return 0;
}

}  // namespace

bool isHeadlessCommand(std::string_view word) { return word == "filter" || word == "spectrum"; }

void printHeadlessUsage(std::ostream& out) {
  out << "Headless commands (no display needed):\n"
         "  fftscope filter IN -o OUT [--lowpass|--highpass TYPE --cutoff FC]\n"
         "                  [--bandpass|--bandstop TYPE --cutoff F1,F2] [--order N]\n"
         "                  [--notch FX,FY,RADIUS]... [--hard-notches] [--auto-notch]\n"
         "                  [--pad none|zero|mean|mirror] [--channels each|luminance]\n"
         "                  [--range offset|stretch|clip|float]\n"
         "                  [--spectrum S.png] [--mask M.png] [--device SEL] [--fftw]\n"
         "  fftscope filter IN1 IN2 ... --output-dir DIR [filter options as above]\n"
         "                  each INn -> DIR/NAME-filtered.png (.tif for float); one line per file\n"
         "  --devices LIST (0,1 | all | 0/2) spreads the files, or one image's colour planes, over\n"
         "                  the devices, each taking the next as it comes free (--device takes a list too)\n"
         "  fftscope filter IN.mp4 -o OUT.mp4 [filter options as above] [--timings]\n"
         "                  every frame filtered; .mp4/.m4v/.mov (mp4v), .avi (MJPG), .mkv (FFV1);\n"
         "                  the input's size and rate; audio is not copied\n"
         "  fftscope spectrum IN -o S.png [--quantity log|magnitude|power|phase]\n"
         "                  [--colour-map grey|viridis|magma|inferno] [--pad ...] [--device SEL] [--fftw]\n"
         "TYPE is ideal, gaussian or butterworth; frequencies are in cycles per pixel: cutoffs in\n"
         "(0, 0.5], notch centres in [-0.5, 0.5], notch radii in (0, 1]; N is a whole number 1..64.\n"
         "A band F1,F2 is Gonzalez & Woods' band-reject (--bandpass: 1 minus it) of centre\n"
         "D0 = (F1 + F2) / 2 and width W = F2 - F1.\n"
         "OUT is PNG or TIFF (by extension), in the input's size, channels and bit depth.\n"
         "--range maps the filtered values: offset adds mid-grey (the default for high-pass and\n"
         "band-pass), stretch maps min..max to the full range, clip keeps the input's range (the\n"
         "default for the others), float writes the exact values as a 32-bit float TIFF.\n";
}

int runHeadlessCommand(int argc, char** argv, std::ostream& out, std::ostream& err) {
  Options options;
  try {
    options = parse(argc, argv);
  } catch (const std::invalid_argument& error) {
    err << "fftscope " << argv[1] << ": " << error.what() << "\n\n";
    printHeadlessUsage(err);
    return 2;
  }
  try {
    return run(options, out, err);
  } catch (const std::exception& error) {
    err << "fftscope " << options.command << ": " << error.what() << "\n";
    return 1;
  }
}

}  // namespace fftscope::gui
