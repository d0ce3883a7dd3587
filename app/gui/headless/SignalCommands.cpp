#include "headless/SignalCommands.h"

#include "headless/FilterOptionParsing.h"
#include "headless/SignalOptionParsing.h"
#include "engine/cl/Devices.h"
#include "imaging/ColourMap.h"
#include "imaging/ImageWriter.h"
#include "io/MemoryBudget.h"
#include "io/NumberText.h"
#include "io/SameFile.h"
#include "signal/AudioWriter.h"
#include "signal/FftwBatchBackend.h"
#include "signal/OpenClBatchBackend.h"
#include "signal/Overlap.h"
#include "signal/OverlapAdd.h"
#include "signal/PeakPicking.h"
#include "signal/SignalReader.h"
#include "signal/Spectrogram.h"
#include "signal/SpectrumCsv.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <ostream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace fftscope::gui {
namespace {

using namespace signal;

struct Options {
  std::string command, input, output;
  // reading
  double rate = 0.0;
  int timeColumn = 0;  // 1-based; 0 none
  std::string rawType = "pcm16";
  bool bigEndian = false;
  int rawChannels = 1;
  std::string channel = "mix";
  // analysis
  std::string window = "hann";
  double windowParameter = 0.0;
  std::size_t size = 0;  // 0 until parsed: the command's default
  std::string average = "none";
  double overlapPercent = 0.0;
  bool overlapGiven = false;
  std::string scale = "dbfs";
  std::size_t peaks = 5;
  // spectrogram
  double rangeDb = 120.0;
  std::string colourMap = "inferno";
  std::size_t width = 1600;
  std::string device;
  bool fftw = false;
  // filter
  std::string kinds[4];  // lowpass, highpass, bandpass, bandstop: TYPE
  std::string cutoff;
  int order = 2;
  std::vector<std::string> notches;   // F[,WIDTH]
  double hum = 0.0;
  int harmonics = 0;
  bool humGiven = false, harmonicsGiven = false;
  double humWidth = 2.0;
  std::string gainCurve;              // F:DB,F:DB,...
  std::size_t taps = 0;
};

// Runs a core check of an option's value, naming the option and the text given in its refusal.
template <typename Check>
void checkOption(const std::string& option, const std::string& given, Check check) {
  try {
    check();
  } catch (const std::invalid_argument& e) {
    throw UsageError(option + " " + given + ": " + e.what());
  }
}

std::string text(double value) { return io::numberText(value, 10); }

Encoding parseRawType(const std::string& name) {
  const std::pair<const char*, Encoding> types[] = {{"u8", Encoding::PcmU8},     {"s8", Encoding::PcmS8},
                                                    {"pcm16", Encoding::Pcm16},  {"pcm24", Encoding::Pcm24},
                                                    {"pcm32", Encoding::Pcm32},  {"f32", Encoding::Float32},
                                                    {"f64", Encoding::Float64}};
  for (const auto& [text, encoding] : types)
    if (name == text) return encoding;
  throw UsageError("--raw-type is one of u8, s8, pcm16, pcm24, pcm32, f32, f64");
}

Signal readInput(const Options& o, ReadControl control) {
  SignalReadOptions read;
  read.text.sampleRate = o.rate;
  read.text.timeColumn = o.timeColumn - 1;
  read.npySampleRate = o.rate;
  read.raw = {parseRawType(o.rawType), o.bigEndian, o.rawChannels, o.rate};
  return readSignal(o.input, read, control);
}

// libpng writes at most a million columns.
constexpr std::size_t kWidestSpectrogram = 1000000;

// The values that mean something whatever the input: checked before the input is read.
void checkOptions(const Options& o) {
  if (o.command != "filter") {
    WindowKind kind = WindowKind::Hann;
    checkOption("--window", o.window, [&] { kind = parseWindowKind(o.window); });
    checkOption("--window-parameter", text(o.windowParameter), [&] { validateWindow({kind, o.windowParameter}); });
    if (o.size < 2)
      throw UsageError("--size " + std::to_string(o.size) + ": an FFT size is at least 2");
  }
  if (o.command == "spectrogram") {
    if (!(o.rangeDb > 0.0 && o.rangeDb <= 1000.0))
      throw UsageError("--range " + text(o.rangeDb) + ": the dB shown below the maximum are above 0 and at most 1000");
    if (o.width < 1 || o.width > kWidestSpectrogram)
      throw UsageError("--width " + std::to_string(o.width) + ": a picture of 1 to " +
                       std::to_string(kWidestSpectrogram) + " columns");
  }
  if (signalFileKind(o.input) == SignalFileKind::Raw) {
    const RawOptions raw{parseRawType(o.rawType), o.bigEndian, o.rawChannels, o.rate};
    checkOption("--raw-channels", std::to_string(o.rawChannels), [&] { validateRawOptions({raw.encoding, false, raw.channels, 1.0}); });
    checkOption("--rate", text(o.rate), [&] { validateRawOptions(raw); });
  }
  if (o.command == "filter" && o.harmonicsGiven && !o.humGiven) throw UsageError("--harmonics needs --hum");
}

int channelIndex(const Options& o, const Signal& s) {
  if (o.channel == "mix") return -1;
  const double c = parseNumber(o.channel, "--channel");
  if (c < 1 || c > double(s.channelCount()) || c != std::floor(c))
    throw UsageError("--channel is mix or 1 .. " + std::to_string(s.channelCount()));
  return int(c) - 1;
}

WindowSpec windowOf(const Options& o) { return {parseWindowKind(o.window), o.windowParameter}; }

int runSpectrum(const Options& o, const Signal& s, std::ostream& out) {
  SpectrumSettings settings;
  settings.window = windowOf(o);
  settings.fftSize = o.size;
  settings.scale = parseSpectrumScale(o.scale);
  if (o.average == "welch") {
    settings.averaging = Averaging::Welch;
    settings.overlap = (o.overlapGiven ? o.overlapPercent : 50.0) / 100.0;
    checkOption("--overlap", text(o.overlapPercent), [&] { hopForOverlap(settings.fftSize, settings.overlap); });
  } else if (o.average != "none") {
    throw UsageError("--average is none or welch");
  }
  // One transform over a whole long recording would take gigabytes; Welch segments do not.
  constexpr std::size_t kLongestSingleFft = std::size_t(1) << 24;
  if (settings.averaging == Averaging::None && s.frames() > kLongestSingleFft)
    throw UsageError(std::to_string(s.frames()) + " samples are too many for one transform; use --average welch");
  const std::vector<float> x = channelOrMix(s, channelIndex(o, s));
  const Spectrum spectrum = estimateSpectrum(x, s.sampleRate, settings);
  writeSpectrumCsv(spectrum, o.output, s.sourceName);
  out << "spectrum of " << o.input << " (" << s.format.describe() << ", " << s.sampleRate << " Hz): " << spectrum.bins()
      << " bins, " << spectrum.segments << " segment(s) -> " << o.output << "\n";
  for (const SpectralPeak& p : findPeaks(spectrum, o.peaks))
    out << "  peak " << p.frequencyHz << " Hz, " << p.levelDbfs << " dBFS\n";
  return 0;
}

imaging::RgbImage render(const Spectrogram& s, imaging::ColourMap map, double rangeDb) {
  imaging::RgbImage image;
  image.width = int(s.rows);
  image.height = int(s.bins);
  image.rgb.resize(std::size_t(image.width) * std::size_t(image.height) * 3);
  const float top = *std::max_element(s.db.begin(), s.db.end());
  const auto& table = imaging::colourTable(map);
  for (std::size_t row = 0; row < s.rows; ++row)
    for (std::size_t bin = 0; bin < s.bins; ++bin) {
      const double t = std::clamp(1.0 + (double(s.at(row, bin)) - top) / rangeDb, 0.0, 1.0);
      const auto& colour = table[std::size_t(std::lround(t * 255.0))];
      const std::size_t y = s.bins - 1 - bin;  // low frequencies at the bottom
      std::memcpy(&image.rgb[(y * s.rows + row) * 3], colour.data(), 3);
    }
  return image;
}

int runSpectrogram(const Options& o, const Signal& s, std::ostream& out, std::ostream& err) {
  SpectrogramSettings settings;
  settings.window = windowOf(o);
  settings.fftSize = o.size;
  const double overlap = (o.overlapGiven ? o.overlapPercent : 75.0) / 100.0;
  checkOption("--overlap", text(o.overlapPercent), [&] { settings.hop = hopForOverlap(settings.fftSize, overlap); });
  settings.maxRows = o.width;
  std::unique_ptr<BatchFftBackend> backend;
  if (!o.fftw) {
    try {
      backend = std::make_unique<OpenClBatchBackend>(cl::chooseDevice(o.device));
      if (!isPowerOfTwo(settings.fftSize)) {
        err << "fftscope: the OpenCL engine takes powers of two; computing with FFTW\n";
        backend.reset();
      }
    } catch (const std::exception& e) {
      err << "fftscope: no OpenCL device (" << e.what() << "); computing with FFTW\n";
    }
  }
  if (!backend) backend = std::make_unique<FftwBatchBackend>();
  const std::vector<float> x = channelOrMix(s, channelIndex(o, s));
  const Spectrogram spectrogram = computeSpectrogram(x, s.sampleRate, settings, *backend);
  io::requireMemory(io::bytesOf(io::bytesOf(spectrogram.rows, spectrogram.bins), 3),
                    "a picture of " + std::to_string(spectrogram.rows) + " x " + std::to_string(spectrogram.bins) + " pixels");
  imaging::writeRgbPng(render(spectrogram, parseColourMap(o.colourMap), o.rangeDb), o.output);
  out << "spectrogram of " << o.input << ": " << spectrogram.rows << " x " << spectrogram.bins << " ("
      << spectrogram.framesPerRow << " frame(s) per column) with " << backend->name() << " -> " << o.output << "\n";
  return 0;
}

SignalFilterSpec filterSpecOf(const Options& o, double sampleRate) {
  SignalFilterSpec spec;
  const imaging::FilterKind kinds[4] = {imaging::FilterKind::LowPass, imaging::FilterKind::HighPass,
                                        imaging::FilterKind::BandPass, imaging::FilterKind::BandStop};
  for (int k = 0; k < 4; ++k) {
    if (o.kinds[k].empty()) continue;
    if (spec.base.kind != imaging::FilterKind::AllPass) throw UsageError("give one of --lowpass, --highpass, --bandpass, --bandstop");
    spec.base.kind = kinds[k];
    spec.base.shape = parseShape(o.kinds[k]);
  }
  if (spec.base.kind != imaging::FilterKind::AllPass) {
    const bool band = spec.base.kind == imaging::FilterKind::BandPass || spec.base.kind == imaging::FilterKind::BandStop;
    const auto cutoffs = parseNumbers(o.cutoff, ',', "--cutoff");
    if (o.cutoff.empty() || cutoffs.size() != (band ? 2u : 1u))
      throw UsageError(band ? "a band needs --cutoff F1,F2 (Hz)" : "the filter needs --cutoff F (Hz)");
    spec.base.cutoff = cutoffs[0];
    if (band) spec.base.upperCutoff = cutoffs[1];
    spec.base.order = o.order;
  }
  for (const std::string& notch : o.notches) {
    spec.notches.push_back(parseToneNotch(notch));
    checkOption("--notch", notch, [&] { validateSignalFilter({{}, {spec.notches.back()}, {}, 0}, sampleRate); });
  }
  if (o.humGiven) {
    const std::string given = text(o.hum) + " --harmonics " + std::to_string(o.harmonics) + " --hum-width " + text(o.humWidth);
    checkOption("--hum", given, [&] {
      for (const ToneNotch& n : humNotches(o.hum, o.harmonics, o.humWidth, sampleRate)) spec.notches.push_back(n);
    });
  }
  if (!o.gainCurve.empty()) {
    spec.gainCurve = parseGainCurve(o.gainCurve);
    checkOption("--gain-curve", o.gainCurve, [&] { validateSignalFilter({{}, {}, spec.gainCurve, 0}, sampleRate); });
  }
  spec.taps = o.taps;
  checkOption("--taps", std::to_string(o.taps), [&] { validateSignalFilter({{}, {}, {}, o.taps}, sampleRate); });
  validateSignalFilter(spec, sampleRate);
  return spec;
}

int runFilter(const Options& o, const Signal& s, std::ostream& out, std::ostream& err) {
  const SignalFilterSpec spec = filterSpecOf(o, s.sampleRate);
  const SignalFormat format = formatForPath(o.output, s.format);
  checkAudioOutput(o.output, format, s.sampleRate, s.channelCount());  // before the filtering, not after
  const Signal filtered = filterSignal(s, spec);
  const std::size_t clipped = writeAudio(filtered, o.output, format);
  out << "filtered " << o.input << " (" << chooseTapCount(spec, s.sampleRate) << " taps) -> " << o.output << " ("
      << format.describe() << ")\n";
  if (clipped > 0)
    err << "fftscope filter: " << o.output << ": " << clipped << " of " << filtered.frames() * filtered.channelCount()
        << " samples were beyond full scale and clipped\n";
  return 0;
}

void addOptions(CLI::App& app, Options& o) {
  app.add_option("input", o.input, "signal file")->required();
  app.add_option("-o,--output", o.output, "output file")->required();
  app.add_option("--rate", o.rate, "sample rate in Hz (text without a time column, .npy, raw)");
  app.add_option("--time-column", o.timeColumn, "1-based time column of a text file (gives the rate)");
  app.add_option("--raw-type", o.rawType, "u8, s8, pcm16, pcm24, pcm32, f32, f64");
  app.add_flag("--big-endian", o.bigEndian, "raw samples are big-endian");
  app.add_option("--raw-channels", o.rawChannels, "interleaved channels of a raw file");
  app.add_option("--channel", o.channel, "mix (default) or a 1-based channel");
  if (o.command != "filter") {
    app.add_option("--window", o.window, "rectangular, hann, hamming, blackman, blackman-harris, flat-top, kaiser, gaussian");
    app.add_option("--window-parameter", o.windowParameter, "Kaiser beta or Gaussian sigma");
    app.add_option("--size", o.size, "FFT size");
    app.add_option("--overlap", o.overlapPercent, "overlap in percent");
  }
  if (o.command == "spectrum") {
    app.add_option("--average", o.average, "none or welch");
    app.add_option("--scale", o.scale, "dbfs, linear or psd");
    app.add_option("--peaks", o.peaks, "peaks to print");
  } else if (o.command == "spectrogram") {
    app.add_option("--range", o.rangeDb, "dB below the maximum shown");
    app.add_option("--colour-map,--color-map", o.colourMap, "grey, viridis, magma, inferno");
    app.add_option("--width", o.width, "at most this many columns");
    app.add_option("--device", o.device, "OpenCL device");
    app.add_flag("--fftw", o.fftw, "compute with FFTW");
  } else {
    const char* names[4] = {"--lowpass", "--highpass", "--bandpass", "--bandstop"};
    for (int k = 0; k < 4; ++k) app.add_option(names[k], o.kinds[k], "ideal, gaussian or butterworth");
    app.add_option("--cutoff", o.cutoff, "F or F1,F2 in Hz");
    app.add_option("--order", o.order, "Butterworth order")->check(CLI::Range(1, 64));
    app.add_option("--notch", o.notches, "F[,WIDTH] in Hz; repeatable");
    app.add_option("--hum", o.hum, "mains frequency (50 or 60 Hz) to notch with its harmonics");
    app.add_option("--harmonics", o.harmonics, "harmonics of --hum above the fundamental");
    app.add_option("--hum-width", o.humWidth, "width of each hum notch in Hz");
    app.add_option("--gain-curve", o.gainCurve, "F:DB,F:DB,... piecewise linear");
    app.add_option("--taps", o.taps, "FIR length (odd); default from the narrowest feature");
  }
}

}  // namespace

bool isSignalCommand(int argc, char** argv) {
  if (argc < 3) return false;
  const std::string command = argv[1];
  if (command != "spectrum" && command != "spectrogram" && command != "filter") return false;
  if (command == "spectrogram") return true;
  const std::filesystem::path input = argv[2];
  const std::string extension = input.extension().string();
  for (const char* known : {".wav", ".WAV", ".flac", ".aif", ".aiff", ".ogg", ".oga", ".rf64", ".w64"})
    if (extension == known) return true;
  return signalFileKind(input) != SignalFileKind::Audio;
}

int runSignalCommand(int argc, char** argv, std::ostream& out, std::ostream& err) {
  Options o;
  o.command = argv[1];
  CLI::App app{"fftscope " + o.command + ": the Signal workspace from the command line", "fftscope " + o.command};
  addOptions(app, o);
  try {
    app.parse(argc - 1, argv + 1);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      out << app.help();
      return 0;
    }
    err << "fftscope " << o.command << ": " << e.what() << "\n" << app.help();
    return 2;
  }
  if (o.command != "filter" && app.count("--size") == 0) o.size = o.command == "spectrum" ? 4096 : 1024;
  o.overlapGiven = o.command != "filter" && app.count("--overlap") > 0;
  o.humGiven = o.command == "filter" && app.count("--hum") > 0;
  o.harmonicsGiven = o.command == "filter" && app.count("--harmonics") > 0;
  try {
    checkOptions(o);
    const std::filesystem::path input = o.input;
    io::refuseInputAsOutput(o.output, {&input, 1});  // before any work, as the writer would at the end
    const Signal s = readInput(o, {});
    if (o.command == "spectrum") return runSpectrum(o, s, out);
    if (o.command == "spectrogram") return runSpectrogram(o, s, out, err);
    return runFilter(o, s, out, err);
  } catch (const UsageError& e) {
    err << "fftscope " << o.command << ": " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    err << "fftscope " << o.command << ": " << e.what() << "\n";
    return 1;
  }
}

void printSignalUsage(std::ostream& out) {
  out << "Signals (audio: WAV, RF64, FLAC, AIFF, Ogg; text/CSV; .npy; raw):\n"
         "  fftscope spectrum IN -o OUT.csv [--window NAME] [--size N] [--average welch --overlap PCT]\n"
         "                    [--scale dbfs|linear|psd] [--channel mix|N] [--rate HZ] [--time-column N]\n"
         "  fftscope spectrogram IN -o OUT.png [--window NAME] [--size 1024] [--overlap 75] [--range 120]\n"
         "                    [--colour-map MAP] [--width 1600] [--device SEL] [--fftw]\n"
         "  fftscope filter IN -o OUT.wav [--lowpass|--highpass|--bandpass|--bandstop TYPE --cutoff F[,F2]]\n"
         "                    [--order N] [--notch F[,W]]... [--hum 50|60 --harmonics N] [--gain-curve F:DB,...]\n"
         "  A band F1,F2 (Hz) has its edges at -3 dB: butterworth is the magnitude of SciPy's\n"
         "  butter(N, [F1, F2], btype, fs), gaussian the same band transform of a Gaussian, ideal 0 or 1.\n";
}

}  // namespace fftscope::gui
