#include "engine/RequestTiming.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>

namespace fftscope::gui {

std::int64_t steadyNowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

DeviceTime& DeviceTime::operator+=(const DeviceTime& other) {
  uploadMs += other.uploadMs;
  kernelMs += other.kernelMs;
  downloadMs += other.downloadMs;
  return *this;
}

QString requestPartName(RequestPart part) {
  switch (part) {
    case RequestPart::Queue: return QCoreApplication::translate("RequestTiming", "queue");
    case RequestPart::Build: return QCoreApplication::translate("RequestTiming", "build");
    case RequestPart::Upload: return QCoreApplication::translate("RequestTiming", "upload");
    case RequestPart::Kernels: return QCoreApplication::translate("RequestTiming", "kernels");
    case RequestPart::Download: return QCoreApplication::translate("RequestTiming", "download");
    case RequestPart::Host: return QCoreApplication::translate("RequestTiming", "host");
    case RequestPart::Delivery: return QCoreApplication::translate("RequestTiming", "delivery");
    case RequestPart::Drawing: return QCoreApplication::translate("RequestTiming", "drawing");
  }
  return {};
}

namespace {
double msBetween(std::int64_t from, std::int64_t to) { return std::max<double>(0.0, double(to - from) / 1e6); }
}  // namespace

double RequestTiming::totalMs() const { return msBetween(madeNs, drawn() ? drawnNs : arrivedNs); }

RequestParts RequestTiming::parts() const {
  RequestParts ms{};
  const auto at = [&ms](RequestPart part) -> double& { return ms[std::size_t(part)]; };
  if (!finished()) return ms;
  // Each instant no earlier than the one before, so the parts are never negative.
  const std::int64_t started = std::max(madeNs, engine.startedNs);
  const std::int64_t sent = std::max(started, sentNs);
  const std::int64_t arrived = std::max(sent, arrivedNs);
  at(RequestPart::Queue) = msBetween(madeNs, started);
  const double engineMs = msBetween(started, sent);
  at(RequestPart::Build) = std::min(engine.buildMs, engineMs);
  const double room = engineMs - at(RequestPart::Build);
  const double device = engine.device.totalMs();
  const double scale = device > room && device > 0 ? room / device : 1.0;
  at(RequestPart::Upload) = engine.device.uploadMs * scale;
  at(RequestPart::Kernels) = engine.device.kernelMs * scale;
  at(RequestPart::Download) = engine.device.downloadMs * scale;
  at(RequestPart::Host) = std::max(0.0, room - device * scale);
  at(RequestPart::Delivery) = msBetween(sent, arrived);
  at(RequestPart::Drawing) = drawn() ? msBetween(arrived, drawnNs) : 0.0;
  return ms;
}

}  // namespace fftscope::gui
