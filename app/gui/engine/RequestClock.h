// Where every request's times meet (RequestTiming.h): the RequestChannel says when a request was
// made and when its answer was taken, each of its jobs sends what the engine thread measured, and
// a workspace says when its view painted an answer. Lives on the GUI thread (the EngineService
// owns it); jobs report through jobFromEngine(), which queues across. A request is announced by
// `changed` once it is finished (its answer taken, its jobs' times in) and again when it is drawn;
// one whose answer is never taken (superseded, cancelled, failed) never is.
#pragma once

#include "engine/RequestTiming.h"

#include <QObject>

#include <map>

namespace fftscope::gui {

class RequestClock : public QObject {
  Q_OBJECT

 public:
  explicit RequestClock(QObject* parent = nullptr);

  // On the GUI thread.
  void made(quint64 id, const QString& workspace, const QString& kind, quint64 generation);
  void answered(quint64 id, std::int64_t sentNs);  // the answer arrives now
  void drawn(quint64 id);                          // the view painted it now
  // Thread-safe: a job of request `id` ended; its times are added to the request's.
  void jobFromEngine(quint64 id, const JobTimes& job);

  // The request as known now (null once forgotten: only the newest few hundred are kept).
  const RequestTiming* find(quint64 id) const;
  static std::size_t capacity() { return 512; }

 signals:
  void changed(const fftscope::gui::RequestTiming& timing);

 private:
  void addJob(quint64 id, const JobTimes& job);
  void announce(const RequestTiming& timing);

  std::map<quint64, RequestTiming> requests_;  // by id, which grows with time
};

}  // namespace fftscope::gui
