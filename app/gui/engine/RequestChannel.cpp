#include "engine/RequestChannel.h"

#include "engine/EngineService.h"
#include "engine/JobWatch.h"
#include "engine/RequestClock.h"

#include <QMetaObject>

#include <exception>
#include <mutex>

namespace fftscope::gui {

namespace detail {

// The channel as the engine thread reaches it: null once the channel is gone. Held under the
// mutex while an answer is queued, so the channel cannot go in between.
struct ChannelLink {
  std::mutex mutex;
  RequestChannel* channel = nullptr;
};

struct RequestState {
  explicit RequestState(quint64 g) : generation(g), id(next()) {}
  const quint64 generation;
  const quint64 id;
  std::atomic<bool> stop{false};     // asked to stop: cancelled, superseded or dropped
  std::atomic<bool> dropped{false};  // superseded, abandoned or the channel gone: its jobs are skipped
  void drop() {
    dropped.store(true);
    stop.store(true);
  }
  // Ids grow with time across every channel, so the clock forgets the oldest first.
  static quint64 next() {
    static std::atomic<quint64> last{0};
    return ++last;
  }
};

}  // namespace detail

quint64 RequestTicket::generation() const { return request_ ? request_->generation : 0; }

quint64 RequestTicket::id() const { return request_ ? request_->id : 0; }

bool RequestTicket::stopped() const { return !request_ || request_->stop.load(); }

bool RequestTicket::dropped() const { return !request_ || request_->dropped.load(); }

const std::atomic<bool>* RequestTicket::stopFlag() const { return request_ ? &request_->stop : nullptr; }

void RequestTicket::send(std::function<void(RequestChannel&)> onGui) const {
  if (!request_) return;
  std::lock_guard lock(link_->mutex);
  RequestChannel* channel = link_->channel;
  if (!channel) return;
  // Queued to the channel: if it goes before the call runs, Qt drops the call with it.
  QMetaObject::invokeMethod(channel, [channel, onGui = std::move(onGui)] { onGui(*channel); }, Qt::QueuedConnection);
}

void RequestTicket::deliver(std::function<void()> onGui) const {
  send([generation = generation(), id = id(), sentNs = steadyNowNs(), onGui = std::move(onGui)](RequestChannel& channel) {
    if (!channel.take(generation)) return;
    channel.answered(id, sentNs);
    onGui();
  });
}

void RequestTicket::progress(double fraction, const QString& stage) const {
  send([generation = generation(), fraction, stage](RequestChannel& channel) {
    if (channel.isNewest(generation)) emit channel.progress(generation, fraction, stage);
  });
}

void RequestTicket::fail(const QString& message) const {
  send([generation = generation(), message](RequestChannel& channel) {
    if (channel.take(generation)) emit channel.failed(generation, message);
  });
}

RequestChannel::RequestChannel(EngineService* service, const QString& workspace, Keep keep, QObject* parent)
    : QObject(parent), service_(service), workspace_(workspace), keep_(keep),
      link_(std::make_shared<detail::ChannelLink>()) {
  link_->channel = this;
}

RequestChannel::~RequestChannel() {
  if (current_) current_->drop();
  std::lock_guard lock(link_->mutex);
  link_->channel = nullptr;
}

RequestTicket RequestChannel::begin() {
  if (current_) current_->drop();
  current_ = std::make_shared<detail::RequestState>(++latest_);
  if (service_) service_->requestClock()->made(current_->id, workspace_, kind_, current_->generation);
  return current();
}

RequestTicket RequestChannel::current() const {
  RequestTicket ticket;
  ticket.link_ = link_;
  ticket.request_ = current_;
  return ticket;
}

void RequestChannel::run(const RequestTicket& ticket, Work work) {
  if (!service_ || ticket.dropped()) return;
  RequestClock* clock = service_->requestClock();  // goes with the service, after its thread
  service_->post(workspace_, ticket.generation(), [ticket, clock, work = std::move(work)](EngineRuntime& runtime) {
    if (ticket.dropped()) return;
    const JobWatch watch;
    try {
      work(runtime, ticket);
    } catch (const std::exception& error) {
      if (!ticket.stopped()) ticket.fail(QString::fromStdString(error.what()));
    } catch (...) {
      if (!ticket.stopped()) ticket.fail(QStringLiteral("the engine failed with an error it could not describe"));
    }
    clock->jobFromEngine(ticket.id(), watch.finish(runtime));
  });
}

quint64 RequestChannel::post(Work work) {
  const RequestTicket ticket = begin();
  run(ticket, std::move(work));
  return ticket.generation();
}

void RequestChannel::cancel() {
  if (current_) current_->stop.store(true);
}

void RequestChannel::abandon() {
  if (current_) current_->drop();
  current_.reset();
  shown_ = ++latest_;  // a generation no request holds: every answer on its way is older
}

void RequestChannel::answered(quint64 id, std::int64_t sentNs) {
  if (service_) service_->requestClock()->answered(id, sentNs);
}

bool RequestChannel::take(quint64 generation) {
  if (keep_ == Keep::Latest) return generation == latest_;
  if (generation < shown_) return false;
  shown_ = generation;
  return true;
}

}  // namespace fftscope::gui
