// fftscope-signal-bench: the spectrogram of a long signal (by default one hour of 48 kHz stereo,
// generated) with FFTW and with the OpenCL engine, printing wall times and peak memory
// (getrusage ru_maxrss). Links no Qt and no OpenCV, so it can be carried to a bare GPU machine.
//   fftscope-signal-bench [--seconds 3600] [--file IN.wav] [--save OUT.wav] [--fft 1024] [--hop 256] [--device SEL]
//                         [--skip-opencl] [--devices all|0,1]
// --devices: also the chunks spread over those devices (Spectrogram.h), beside the one device.
// --save writes the generated signal as 16-bit audio (RF64 for .rf64), so that --file can time reading it.
#include "engine/cl/DeviceSet.h"
#include "engine/cl/Devices.h"
#include "signal/AudioReader.h"
#include "signal/AudioWriter.h"
#include "signal/FftwBatchBackend.h"
#include "signal/Generators.h"
#include "signal/OpenClBatchBackend.h"
#include "signal/Spectrogram.h"

#include <CLI/CLI.hpp>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <span>
#include <vector>
#include <string>

namespace {

using namespace fftscope;
using namespace fftscope::signal;
using Clock = std::chrono::steady_clock;

double peakMiB() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_maxrss) / 1024.0;  // kilobytes on Linux
}

// User plus system CPU seconds of this process: on a shared machine, wall time alone misleads.
double cpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// One hour of stereo: a 1 kHz tone and a slow chirp over quiet noise; channels made one at a time.
Signal makeLongSignal(double seconds) {
  const Timebase timebase{48000.0, seconds};
  Signal signal = sumOfSines(timebase, {{1000.0, 0.5, 0.0}});
  Signal right = chirp(timebase, 100.0, 20000.0, ChirpSweep::Linear, 0.25);
  signal.channels.push_back(std::move(right.channels.front()));
  signal.sourceName = "generated stereo";
  return signal;
}

// Spectrogram of every channel, pooled to 2000 rows each (what a view shows); returns seconds.
double run(const Signal& signal, const SpectrogramSettings& settings, std::span<BatchFftBackend* const> backends,
           std::size_t& frames) {
  const auto start = Clock::now();
  frames = 0;
  for (const auto& channel : signal.channels) {
    const Spectrogram s = computeSpectrogram(channel, signal.sampleRate, settings, backends);
    frames += s.rows * s.framesPerRow;
  }
  return secondsSince(start);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Spectrogram of a long signal with FFTW and the OpenCL engine: times and peak memory"};
  double seconds = 3600.0;
  std::string file, save, device, devices;
  std::size_t fftSize = 1024, hop = 256;
  bool skipOpenCl = false;
  app.add_option("--seconds", seconds, "length of the generated signal")->check(CLI::PositiveNumber);
  app.add_option("--file", file, "an audio file instead of the generated signal")->check(CLI::ExistingFile);
  app.add_option("--save", save, "write the generated signal to this audio file, then stop");
  app.add_option("--fft", fftSize, "FFT size (any size)");
  app.add_option("--hop", hop, "samples between frames");
  app.add_option("--device", device, "OpenCL device: index or name substring");
  app.add_flag("--skip-opencl", skipOpenCl, "FFTW only");
  app.add_option("--devices", devices, "also the chunks spread over these devices: all, or a list as --device takes them");
  CLI11_PARSE(app, argc, argv);

  try {
    std::printf("peak memory at start: %.0f MiB\n", peakMiB());
    auto start = Clock::now();
    const Signal signal = file.empty() ? makeLongSignal(seconds) : readAudio(file);
    const double signalMiB = double(signal.frames() * signal.channelCount() * sizeof(float)) / (1 << 20);
    std::printf("%s: %zu channels x %zu frames at %.0f Hz (%.1f s), %.0f MiB of samples, %s in %.2f s\n",
                signal.sourceName.c_str(), signal.channelCount(), signal.frames(), signal.sampleRate, signal.seconds(),
                signalMiB, file.empty() ? "generated" : "read", secondsSince(start));
    std::printf("peak memory after loading: %.0f MiB\n", peakMiB());
    if (!save.empty()) {
      start = Clock::now();
      writeAudio(signal, save, formatForPath(save, SignalFormat{Container::Wav, Encoding::Pcm16}));
      std::printf("written to %s in %.2f s; peak memory %.0f MiB\n", save.c_str(), secondsSince(start), peakMiB());
      return 0;
    }

    SpectrogramSettings settings;
    settings.fftSize = fftSize;
    settings.hop = hop;
    settings.maxRows = 2000;
    std::size_t frames = 0;

    FftwBatchBackend fftw;
    double cpuStart = cpuSeconds();
    BatchFftBackend* const host[] = {&fftw};
    const double fftwSeconds = run(signal, settings, host, frames);
    std::printf("FFTW:   %zu frames of %zu points (hop %zu) in %.2f s (CPU %.2f s), %.0f frames/s; peak memory %.0f MiB\n",
                frames, fftSize, hop, fftwSeconds, cpuSeconds() - cpuStart, double(frames) / fftwSeconds, peakMiB());

    if (!skipOpenCl) {
      std::unique_ptr<OpenClBatchBackend> opencl;
      try {
        opencl = std::make_unique<OpenClBatchBackend>(cl::chooseDevice(device));
      } catch (const cl::NoPlatformError& e) {
        std::printf("OpenCL: no platform (%s)\n", e.what());
      }
      if (opencl) {
        cpuStart = cpuSeconds();
        BatchFftBackend* const one[] = {opencl.get()};
        const double clSeconds = run(signal, settings, one, frames);
        const double clCpu = cpuSeconds() - cpuStart;
        double kernelSeconds = 0.0;
        for (const auto& record : opencl->takeTimings()) kernelSeconds += double(record.nanoseconds) * 1e-9;
        std::printf("OpenCL: %zu frames in %.2f s (CPU %.2f s), %.0f frames/s (kernels %.3f s) on %s; peak memory %.0f MiB\n",
                    frames, clSeconds, clCpu, double(frames) / clSeconds, kernelSeconds, opencl->name().c_str(), peakMiB());
        if (!devices.empty()) {
          std::vector<std::unique_ptr<OpenClBatchBackend>> engines;
          std::vector<BatchFftBackend*> spread;
          for (const cl::DeviceInfo& d : cl::selectDevices(devices, cl::listDevices())) {
            engines.push_back(std::make_unique<OpenClBatchBackend>(d));
            spread.push_back(engines.back().get());
          }
          const double spreadSeconds = run(signal, settings, spread, frames);
          std::printf("OpenCL over %zu devices: %zu frames in %.2f s, %.0f frames/s, %.2fx the one device; peak memory %.0f MiB\n",
                      spread.size(), frames, spreadSeconds, double(frames) / spreadSeconds, clSeconds / spreadSeconds,
                      peakMiB());
        }
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fftscope-signal-bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
