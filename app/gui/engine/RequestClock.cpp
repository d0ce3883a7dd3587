#include "engine/RequestClock.h"

#include <QMetaObject>

#include <algorithm>

namespace fftscope::gui {

RequestClock::RequestClock(QObject* parent) : QObject(parent) {
  qRegisterMetaType<RequestTiming>();
  qRegisterMetaType<JobTimes>();
}

void RequestClock::made(quint64 id, const QString& workspace, const QString& kind, quint64 generation) {
  RequestTiming& timing = requests_[id];
  timing.id = id;
  timing.workspace = workspace;
  timing.kind = kind;
  timing.generation = generation;
  timing.madeNs = steadyNowNs();
  while (requests_.size() > capacity()) requests_.erase(requests_.begin());
}

void RequestClock::answered(quint64 id, std::int64_t sentNs) {
  const std::int64_t now = steadyNowNs();
  auto found = requests_.find(id);
  if (found == requests_.end()) return;
  found->second.sentNs = sentNs;
  found->second.arrivedNs = now;
  found->second.drawnNs = 0;  // a later answer of the same request waits for its own paint
  announce(found->second);
}

void RequestClock::drawn(quint64 id) {
  const std::int64_t now = steadyNowNs();
  auto found = requests_.find(id);
  if (found == requests_.end() || found->second.arrivedNs == 0 || found->second.drawn()) return;
  found->second.drawnNs = now;
  announce(found->second);
}

void RequestClock::jobFromEngine(quint64 id, const JobTimes& job) {
  // Queued to this object's thread; dropped if the clock is gone by then.
  QMetaObject::invokeMethod(this, [this, id, job] { addJob(id, job); }, Qt::QueuedConnection);
}

void RequestClock::addJob(quint64 id, const JobTimes& job) {
  auto found = requests_.find(id);
  if (found == requests_.end()) return;
  RequestTiming& timing = found->second;
  JobTimes& sum = timing.engine;
  sum.startedNs = timing.ran ? std::min(sum.startedNs, job.startedNs) : job.startedNs;
  sum.buildMs += job.buildMs;
  sum.programsBuilt += job.programsBuilt;
  sum.device += job.device;
  sum.onDevice = sum.onDevice || job.onDevice;
  timing.ran = true;
  announce(timing);
}

const RequestTiming* RequestClock::find(quint64 id) const {
  auto found = requests_.find(id);
  return found == requests_.end() ? nullptr : &found->second;
}

void RequestClock::announce(const RequestTiming& timing) {
  if (timing.finished()) emit changed(timing);
}

}  // namespace fftscope::gui
