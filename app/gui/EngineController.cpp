#include "EngineController.h"

namespace fftscope::gui {

EngineController::EngineController(const QString& deviceSelector, bool useFftw, QObject* parent)
    : QObject(parent), gates_(std::make_shared<RequestGates>()) {
  registerEngineTypes();
  clock_.start();
  worker_ = new EngineWorker(gates_, deviceSelector, useFftw);
  worker_->moveToThread(&thread_);
  thread_.setObjectName(QStringLiteral("fftscope-engine"));
  connect(&thread_, &QThread::started, worker_, &EngineWorker::start);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);

  connect(this, &EngineController::postOpen, worker_, &EngineWorker::open, Qt::QueuedConnection);
  connect(this, &EngineController::postFilter, worker_, &EngineWorker::filter, Qt::QueuedConnection);
  connect(this, &EngineController::postSpectrum, worker_, &EngineWorker::renderSpectrum, Qt::QueuedConnection);
  connect(this, &EngineController::postNotches, worker_, &EngineWorker::proposeNotches, Qt::QueuedConnection);

  connect(worker_, &EngineWorker::started, this, &EngineController::onStarted, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::opened, this, &EngineController::imageOpened, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::openRefused, this, &EngineController::openRefused, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::openProgress, this, &EngineController::openProgress, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::openCancelled, this, &EngineController::openCancelled, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::filtered, this, &EngineController::onFiltered, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::spectrumRendered, this, &EngineController::onSpectrum, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::notchesProposed, this, &EngineController::notchesProposed, Qt::QueuedConnection);
  connect(worker_, &EngineWorker::failed, this, &EngineController::failed, Qt::QueuedConnection);
  thread_.start();
}

EngineController::~EngineController() {
  // Pending requests are dropped; the one running finishes, then the thread ends.
  gates_->stopping.store(true);
  thread_.quit();
  thread_.wait();
}

void EngineController::cancelOpen(quint64 ticket) { gates_->cancelledOpen.store(ticket); }

void EngineController::onStarted(const EngineInfo& info) {
  info_ = info;
  ready_ = true;
  emit engineStarted(info_);
}

quint64 EngineController::openFile(const QString& path, imaging::PadMode padMode, imaging::ChannelMode channelMode) {
  OpenRequest request;
  request.ticket = nextTicket_++;
  request.path = path;
  request.padMode = padMode;
  request.channelMode = channelMode;
  emit postOpen(request);
  return request.ticket;
}

quint64 EngineController::openImage(std::shared_ptr<const imaging::Image> image, const QString& name,
                                    imaging::PadMode padMode, imaging::ChannelMode channelMode) {
  OpenRequest request;
  request.ticket = nextTicket_++;
  request.image = std::move(image);
  request.name = name;
  request.padMode = padMode;
  request.channelMode = channelMode;
  emit postOpen(request);
  return request.ticket;
}

quint64 EngineController::requestFilter(quint64 imageId, const imaging::FilterSpec& spec) {
  const quint64 generation = gates_->latestFilter.load() + 1;
  gates_->latestFilter.store(generation);
  postedAtNs_.insert(generation, clock_.nsecsElapsed());
  emit postFilter(FilterRequest{generation, imageId, spec});
  return generation;
}

quint64 EngineController::requestSpectrum(quint64 imageId, const imaging::DisplaySettings& settings) {
  const quint64 generation = gates_->latestSpectrum.load() + 1;
  gates_->latestSpectrum.store(generation);
  emit postSpectrum(SpectrumRequest{generation, imageId, settings});
  return generation;
}

void EngineController::requestNotches(quint64 imageId) { emit postNotches(imageId); }

void EngineController::onFiltered(FilterOutcomePtr outcome) {
  if (outcome->generation <= shownFilter_) return;
  shownFilter_ = outcome->generation;
  const qint64 posted = postedAtNs_.value(outcome->generation, clock_.nsecsElapsed());
  // Requests up to this one are answered or skipped: forget them.
  for (auto it = postedAtNs_.begin(); it != postedAtNs_.end();)
    it = it.key() <= outcome->generation ? postedAtNs_.erase(it) : std::next(it);
  emit filtered(outcome, double(clock_.nsecsElapsed() - posted) / 1e6);
}

void EngineController::onSpectrum(SpectrumRenderingPtr rendering) {
  if (rendering->generation <= shownSpectrum_) return;
  shownSpectrum_ = rendering->generation;
  emit spectrumRendered(rendering);
}

}  // namespace fftscope::gui
