// One request's way from the user's action to the picture on screen, on the host's steady clock,
// and its split into parts. The instants are taken where each step happens: the request made on
// the GUI thread, its first job started and its answer sent on the engine thread, the answer taken
// on the GUI thread, and the view that shows it painted. Program builds are the engine's own host
// time for them (cl::programBuildCounts); uploads, kernels and downloads are the durations of the
// job's device timing records (their kinds tell transfers from kernels). The device works on its
// own clock, so its parts are durations placed inside the engine thread's time, not instants.
#pragma once

#include <QMetaType>
#include <QString>

#include <array>
#include <cstdint>

namespace fftscope::gui {

// Nanoseconds on std::chrono::steady_clock, the one clock every instant here is taken on.
std::int64_t steadyNowNs();

// Device timing records' durations, summed by kind.
struct DeviceTime {
  double uploadMs = 0, kernelMs = 0, downloadMs = 0;
  double totalMs() const { return uploadMs + kernelMs + downloadMs; }
  DeviceTime& operator+=(const DeviceTime& other);
};

// What the engine thread measured over a request's jobs.
struct JobTimes {
  std::int64_t startedNs = 0;   // the first job taken off the queue
  double buildMs = 0;           // host time building (or loading) OpenCL programs
  int programsBuilt = 0;
  DeviceTime device;
  bool onDevice = false;        // an OpenCL device served it (false: FFTW on the host)
};

enum class RequestPart { Queue, Build, Upload, Kernels, Download, Host, Delivery, Drawing };
constexpr int kRequestPartCount = 8;
QString requestPartName(RequestPart part);
using RequestParts = std::array<double, kRequestPartCount>;  // ms, by RequestPart

struct RequestTiming {
  quint64 id = 0;  // RequestTicket::id()
  QString workspace;
  QString kind;            // its channel's (RequestChannel::setKind)
  quint64 generation = 0;  // within its channel
  std::int64_t madeNs = 0;
  JobTimes engine;
  bool ran = false;            // a job of it ran (engine holds its times)
  std::int64_t sentNs = 0;     // the answer sent on the engine thread
  std::int64_t arrivedNs = 0;  // and taken on the GUI thread; 0: none taken
  std::int64_t drawnNs = 0;    // the view painted it; 0: not (yet) reported

  // Its answer was taken and its jobs' times are in: a superseded or cancelled request whose
  // answer was never taken is never finished.
  bool finished() const { return ran && arrivedNs != 0; }
  bool drawn() const { return drawnNs != 0; }
  // From the action to the picture drawn, or to the answer's arrival while it is not drawn.
  double totalMs() const;
  // The parts, in order, adding up to totalMs(): queue (made to started), the engine's time
  // (started to sent) as build, upload, kernels, download and the host work left, delivery
  // (sent to arrived) and drawing (arrived to painted). Where the device records add up to more
  // than the engine's time (device work overlapping host work, or several devices at once) they
  // are scaled down to fit it and host is 0.
  RequestParts parts() const;
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::JobTimes)
Q_DECLARE_METATYPE(fftscope::gui::RequestTiming)
