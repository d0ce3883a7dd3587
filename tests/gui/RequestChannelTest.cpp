// The request channel every workspace uses: a newer request drops the answers of older ones,
// cancel stops a job and still hears it, progress and answers arrive on the GUI thread, an
// exception a job throws comes back as `failed`, and a channel destroyed while its request runs
// hears nothing more. The engine computes with FFTW here: no device is needed.
#include "engine/EngineService.h"
#include "engine/RequestChannel.h"

#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>
#include <thread>

using namespace fftscope::gui;

namespace {

// Holds a job on the engine thread until the test opens it (or ten seconds pass).
struct Gate {
  std::atomic<bool> open{false};
  std::atomic<bool> reached{false};
  void wait() {
    reached.store(true);
    for (int i = 0; i < 10000 && !open.load(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};

// Waits until every job posted so far has run and what they sent has reached this thread.
void drain(EngineService& service) {
  QTRY_VERIFY_WITH_TIMEOUT(service.pendingJobs() == 0, 10000);
  auto done = std::make_shared<std::atomic<bool>>(false);
  service.post(QStringLiteral("test"), 0, [done](EngineRuntime&) { done->store(true); });
  QTRY_VERIFY_WITH_TIMEOUT(done->load(), 10000);
  QTest::qWait(50);
}

}  // namespace

class RequestChannelTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void aNewerRequestDropsTheAnswersOfOlderOnes();
  void keepNewerShowsAnAnswerUntilANewerOneIsShown();
  void cancelStopsTheJobAndItsAnswerStillArrives();
  void progressAndAnswersArriveOnTheGuiThread();
  void anExceptionComesBackAsFailed();
  void destroyingTheChannelWhileARequestRunsIsSafe();

 private:
  std::unique_ptr<EngineService> service_;
};

void RequestChannelTest::initTestCase() {
  service_ = std::make_unique<EngineService>(QString(), true);
  QTRY_VERIFY_WITH_TIMEOUT(service_->isReady(), 60000);
}

void RequestChannelTest::aNewerRequestDropsTheAnswersOfOlderOnes() {
  RequestChannel channel(service_.get(), QStringLiteral("test"));
  QStringList answers;
  Gate running, queued;
  std::atomic<bool> firstSawStop{false}, secondRan{false};
  // The first request is running when the others are posted; the second is still queued.
  channel.post([&](EngineRuntime&, const RequestTicket& ticket) {
    running.wait();
    firstSawStop.store(ticket.stopped());
    ticket.deliver([&answers] { answers << QStringLiteral("first"); });
  });
  QTRY_VERIFY_WITH_TIMEOUT(running.reached.load(), 10000);
  channel.post([&](EngineRuntime&, const RequestTicket& ticket) {
    secondRan.store(true);
    ticket.deliver([&answers] { answers << QStringLiteral("second"); });
  });
  const quint64 third = channel.post([&](EngineRuntime&, const RequestTicket& ticket) {
    ticket.deliver([&answers] { answers << QStringLiteral("third"); });
  });
  running.open.store(true);
  drain(*service_);
  QVERIFY(firstSawStop.load());
  QVERIFY(!secondRan.load());
  QCOMPARE(answers, QStringList{QStringLiteral("third")});
  QCOMPARE(channel.latest(), third);
}

void RequestChannelTest::keepNewerShowsAnAnswerUntilANewerOneIsShown() {
  RequestChannel channel(nullptr, QStringLiteral("test"), RequestChannel::Keep::Newer);
  QStringList answers;
  const RequestTicket first = channel.begin();
  const RequestTicket second = channel.begin();
  const RequestTicket third = channel.begin();
  // An older answer arriving first is shown (the preview moves while a newer one computes)...
  first.deliver([&answers] { answers << QStringLiteral("first"); });
  third.deliver([&answers] { answers << QStringLiteral("third"); });
  // ...but not once a newer answer is on screen.
  second.deliver([&answers] { answers << QStringLiteral("second"); });
  QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 2, 5000);
  QTest::qWait(50);
  QCOMPARE(answers, (QStringList{QStringLiteral("first"), QStringLiteral("third")}));
  // Abandoning drops what is on its way even from the newest request.
  const RequestTicket fourth = channel.begin();
  fourth.deliver([&answers] { answers << QStringLiteral("fourth"); });
  channel.abandon();
  QTest::qWait(50);
  QCOMPARE(answers.size(), 2);
  QVERIFY(fourth.dropped());
}

void RequestChannelTest::cancelStopsTheJobAndItsAnswerStillArrives() {
  RequestChannel channel(service_.get(), QStringLiteral("test"));
  std::atomic<bool> started{false};
  QString answer;
  channel.post([&](EngineRuntime&, const RequestTicket& ticket) {
    started.store(true);
    for (int i = 0; i < 10000 && !ticket.stopFlag()->load(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const QString said = ticket.stopped() ? QStringLiteral("stopped") : QStringLiteral("ran out");
    ticket.deliver([&answer, said] { answer = said; });
  });
  QTRY_VERIFY_WITH_TIMEOUT(started.load(), 10000);
  channel.cancel();
  QVERIFY(!channel.current().dropped());
  QTRY_COMPARE_WITH_TIMEOUT(answer, QStringLiteral("stopped"), 5000);
}

void RequestChannelTest::progressAndAnswersArriveOnTheGuiThread() {
  RequestChannel channel(service_.get(), QStringLiteral("test"));
  QThread* gui = QThread::currentThread();
  std::atomic<QThread*> worker{nullptr};
  QThread* progressThread = nullptr;
  QThread* answerThread = nullptr;
  QList<double> fractions;
  QStringList stages;
  connect(&channel, &RequestChannel::progress, this, [&](quint64, double fraction, const QString& stage) {
    progressThread = QThread::currentThread();
    fractions << fraction;
    stages << stage;
  });
  channel.post([&](EngineRuntime&, const RequestTicket& ticket) {
    worker.store(QThread::currentThread());
    ticket.progress(0.5, QStringLiteral("half"));
    ticket.progress(1.0, QStringLiteral("all"));
    ticket.deliver([&answerThread] { answerThread = QThread::currentThread(); });
  });
  QTRY_VERIFY_WITH_TIMEOUT(answerThread != nullptr, 10000);
  QVERIFY(worker.load() != nullptr);
  QVERIFY(worker.load() != gui);
  QCOMPARE(answerThread, gui);
  QCOMPARE(progressThread, gui);
  QCOMPARE(fractions, (QList<double>{0.5, 1.0}));
  QCOMPARE(stages, (QStringList{QStringLiteral("half"), QStringLiteral("all")}));
}

void RequestChannelTest::anExceptionComesBackAsFailed() {
  RequestChannel channel(service_.get(), QStringLiteral("test"));
  QSignalSpy failed(&channel, &RequestChannel::failed);
  const quint64 generation =
      channel.post([](EngineRuntime&, const RequestTicket&) { throw std::runtime_error("the job broke"); });
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
  QCOMPARE(failed.first().at(0).value<quint64>(), generation);
  QCOMPARE(failed.first().at(1).toString(), QStringLiteral("the job broke"));

  // Not a std::exception: still `failed`, and the engine thread goes on.
  channel.post([](EngineRuntime&, const RequestTicket&) { throw 42; });
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 2, 10000);
  QVERIFY(failed.last().at(1).toString().contains(QStringLiteral("could not describe")));
  failed.clear();

  // A job told to stop that throws (as a cancelled read does) is not a failure.
  Gate gate;
  channel.post([&gate](EngineRuntime&, const RequestTicket&) {
    gate.wait();
    throw std::runtime_error("cancelled");
  });
  QTRY_VERIFY_WITH_TIMEOUT(gate.reached.load(), 10000);
  channel.cancel();
  gate.open.store(true);
  drain(*service_);
  QCOMPARE(failed.count(), 0);
}

void RequestChannelTest::destroyingTheChannelWhileARequestRunsIsSafe() {
  auto channel = std::make_unique<RequestChannel>(service_.get(), QStringLiteral("test"));
  Gate gate;
  std::atomic<bool> sawStop{false}, queuedRan{false};
  bool answered = false;
  const RequestTicket ticket = channel->begin();
  channel->run(ticket, [&](EngineRuntime&, const RequestTicket& t) {
    gate.wait();
    sawStop.store(t.stopped());
    t.progress(1.0);
    t.deliver([&answered] { answered = true; });
    throw std::runtime_error("after the channel went");
  });
  channel->run(ticket, [&](EngineRuntime&, const RequestTicket&) { queuedRan.store(true); });
  QTRY_VERIFY_WITH_TIMEOUT(gate.reached.load(), 10000);
  channel.reset();
  gate.open.store(true);
  drain(*service_);
  QVERIFY(sawStop.load());
  QVERIFY(ticket.dropped());
  QVERIFY(!queuedRan.load());
  QVERIFY(!answered);
}

QTEST_MAIN(RequestChannelTest)
#include "RequestChannelTest.moc"
