// One kind of request a workspace makes of the EngineService (a filter, a spectrum, a load, a
// sweep). Each request gets the next generation and supersedes the one before: that one's jobs
// are skipped if they have not started and told to stop if they have. cancel() asks the newest
// request to stop (its jobs still run, to say so) and still hears its answer; abandon() drops it
// like a superseded one.
// A job sees its request through a RequestTicket on the engine thread and sends progress and
// answers through it to the GUI thread, where an answer is taken only while its request is the
// newest (or, with Keep::Newer, while no newer answer has been taken: a preview that keeps moving
// while a slider is dragged). An exception that leaves a job is answered with `failed` unless
// the request was told to stop. Destroying the channel stops its requests: queued jobs are
// skipped and answers on their way are dropped.
// Every request is timed on the service's RequestClock: made at begin(), each job measured on the
// engine thread (JobWatch), its answer sent by deliver() and taken here.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>

namespace fftscope::gui {

class EngineRuntime;
class EngineService;
class RequestChannel;

namespace detail {
struct ChannelLink;
struct RequestState;
}  // namespace detail

// A request as its jobs see it; copied freely, used from any thread.
class RequestTicket {
 public:
  quint64 generation() const;
  // The request's number across the application, which names it on the RequestClock (0: none).
  quint64 id() const;
  // Cancelled, or dropped: the job should stop.
  bool stopped() const;
  // Superseded, abandoned or the channel gone: no answer of it will be taken.
  bool dropped() const;
  // For loops that stop on their own when it is set (ReadControl::cancel, runSweep).
  const std::atomic<bool>* stopFlag() const;
  // Runs `onGui` on the GUI thread if the channel takes this answer there.
  void deliver(std::function<void()> onGui) const;
  // The channel's `progress`, on the GUI thread, while this is the newest request.
  void progress(double fraction, const QString& stage = {}) const;
  // The channel's `failed`, on the GUI thread, if the channel takes this answer there.
  void fail(const QString& message) const;

 private:
  friend class RequestChannel;
  void send(std::function<void(RequestChannel&)> onGui) const;

  std::shared_ptr<detail::ChannelLink> link_;
  std::shared_ptr<detail::RequestState> request_;
};

class RequestChannel : public QObject {
  Q_OBJECT

 public:
  enum class Keep { Latest, Newer };
  // `workspace` stamps the jobs' device work on the TimingFeed.
  RequestChannel(EngineService* service, const QString& workspace, Keep keep = Keep::Latest,
                 QObject* parent = nullptr);
  ~RequestChannel() override;

  using Work = std::function<void(EngineRuntime&, const RequestTicket&)>;
  // A new request, superseding the one before; its jobs are posted with run().
  RequestTicket begin();
  // Posts a job of `ticket`'s request; it is skipped if the request has stopped by then.
  void run(const RequestTicket& ticket, Work work);
  // begin() and run(): a request of one job. Returns its generation.
  quint64 post(Work work);

  RequestTicket current() const;  // the newest request (stopped when there is none)
  quint64 latest() const { return latest_; }
  // What its requests are called where they are timed ("filter", "spectrum"); empty by default.
  void setKind(const QString& kind) { kind_ = kind; }
  void cancel();
  void abandon();

  // On the GUI thread: whether an answer of `generation` is to be shown now (the rule every
  // delivery passes; with Keep::Newer it also becomes the newest shown).
  bool take(quint64 generation);
  bool isNewest(quint64 generation) const { return generation == latest_; }
  // On the GUI thread: an answer of request `id`, sent at `sentNs` (steadyNowNs), was taken now.
  void answered(quint64 id, std::int64_t sentNs);

 signals:
  void progress(quint64 generation, double fraction, const QString& stage);
  void failed(quint64 generation, const QString& message);

 private:
  QPointer<EngineService> service_;
  QString workspace_;
  QString kind_;
  Keep keep_;
  std::shared_ptr<detail::ChannelLink> link_;
  std::shared_ptr<detail::RequestState> current_;
  quint64 latest_ = 0;
  quint64 shown_ = 0;  // Keep::Newer: the newest generation taken
};

}  // namespace fftscope::gui
