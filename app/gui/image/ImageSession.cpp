#include "image/ImageSession.h"

#include "engine/EngineService.h"

namespace fftscope::gui {

namespace {
const QString kWorkspace = QStringLiteral("image");
}

ImageSession::ImageSession(EngineService* service, QObject* parent)
    : QObject(parent), service_(service), gates_(std::make_shared<RequestGates>()),
      engine_(std::make_shared<ImageEngine>(gates_)) {
  registerImageTypes();
  clock_.start();
  // The engine emits on its thread; these queue the results to this one.
  ImageEngine* e = engine_.get();
  connect(service_, &EngineService::engineStarted, this, &ImageSession::engineStarted);
  connect(e, &ImageEngine::opened, this, &ImageSession::imageOpened, Qt::QueuedConnection);
  connect(e, &ImageEngine::openRefused, this, &ImageSession::openRefused, Qt::QueuedConnection);
  connect(e, &ImageEngine::openProgress, this, &ImageSession::openProgress, Qt::QueuedConnection);
  connect(e, &ImageEngine::openCancelled, this, &ImageSession::openCancelled, Qt::QueuedConnection);
  connect(e, &ImageEngine::filtered, this, &ImageSession::onFiltered, Qt::QueuedConnection);
  connect(e, &ImageEngine::spectrumRendered, this, &ImageSession::onSpectrum, Qt::QueuedConnection);
  connect(e, &ImageEngine::notchesProposed, this, &ImageSession::notchesProposed, Qt::QueuedConnection);
  connect(e, &ImageEngine::failed, this, &ImageSession::failed, Qt::QueuedConnection);
  connect(e, &ImageEngine::batchFileDone, this, &ImageSession::batchFileDone, Qt::QueuedConnection);
  connect(e, &ImageEngine::batchFinished, this, &ImageSession::batchFinished, Qt::QueuedConnection);
}

ImageSession::~ImageSession() {
  // Jobs still queued are skipped; the engine object goes with the last of them.
  gates_->stopping.store(true);
  disconnect(engine_.get(), nullptr, this, nullptr);
}

bool ImageSession::isReady() const { return service_->isReady(); }
const EngineInfo& ImageSession::info() const { return service_->info(); }

void ImageSession::cancelOpen(quint64 ticket) { gates_->cancelledOpen.store(ticket); }

quint64 ImageSession::postOpen(OpenRequest request) {
  request.ticket = nextTicket_++;
  request.displayRange = displayRange_;
  gates_->latestOpen.store(request.ticket);
  service_->post(kWorkspace, request.ticket,
                 [engine = engine_, request](EngineRuntime& runtime) { engine->open(runtime, request); });
  return request.ticket;
}

quint64 ImageSession::openFile(const QString& path, imaging::PadMode padMode, imaging::ChannelMode channelMode) {
  OpenRequest request;
  request.path = path;
  request.padMode = padMode;
  request.channelMode = channelMode;
  return postOpen(std::move(request));
}

quint64 ImageSession::openImage(std::shared_ptr<const imaging::Image> image, const QString& name,
                                imaging::PadMode padMode, imaging::ChannelMode channelMode) {
  OpenRequest request;
  request.image = std::move(image);
  request.name = name;
  request.padMode = padMode;
  request.channelMode = channelMode;
  return postOpen(std::move(request));
}

quint64 ImageSession::requestFilter(quint64 imageId, const imaging::FilterSpec& spec, imaging::OutputRange range) {
  const quint64 generation = gates_->latestFilter.load() + 1;
  gates_->latestFilter.store(generation);
  postedAtNs_.insert(generation, clock_.nsecsElapsed());
  FilterRequest request{generation, imageId, spec, range, displayRange_};
  service_->post(kWorkspace, generation,
                 [engine = engine_, request](EngineRuntime& runtime) { engine->filter(runtime, request); });
  return generation;
}

quint64 ImageSession::requestSpectrum(quint64 imageId, const imaging::DisplaySettings& settings) {
  const quint64 generation = gates_->latestSpectrum.load() + 1;
  gates_->latestSpectrum.store(generation);
  SpectrumRequest request{generation, imageId, settings};
  service_->post(kWorkspace, generation,
                 [engine = engine_, request](EngineRuntime& runtime) { engine->renderSpectrum(runtime, request); });
  return generation;
}

quint64 ImageSession::runBatch(const std::vector<imaging::BatchItem>& items, const imaging::BatchSettings& settings) {
  const quint64 batch = nextBatch_++;
  for (std::size_t i = 0; i < items.size(); ++i) {
    BatchProgress progress{batch, int(i), items[i]};
    const bool last = i + 1 == items.size();
    service_->post(kWorkspace, 0, [engine = engine_, progress, settings, last](EngineRuntime& runtime) {
      engine->filterBatchFile(runtime, progress, settings, last);
    });
  }
  if (items.empty()) QMetaObject::invokeMethod(this, [this, batch] { emit batchFinished(batch, false); }, Qt::QueuedConnection);
  return batch;
}

void ImageSession::requestNotches(quint64 imageId) {
  service_->post(kWorkspace, 0, [engine = engine_, imageId](EngineRuntime&) { engine->proposeNotches(imageId); });
}

void ImageSession::onFiltered(FilterOutcomePtr outcome) {
  if (outcome->generation <= shownFilter_) return;
  shownFilter_ = outcome->generation;
  const qint64 posted = postedAtNs_.value(outcome->generation, clock_.nsecsElapsed());
  // Requests up to this one are answered or skipped: forget them.
  for (auto it = postedAtNs_.begin(); it != postedAtNs_.end();)
    it = it.key() <= outcome->generation ? postedAtNs_.erase(it) : std::next(it);
  emit filtered(outcome, double(clock_.nsecsElapsed() - posted) / 1e6);
}

void ImageSession::onSpectrum(SpectrumRenderingPtr rendering) {
  if (rendering->generation <= shownSpectrum_) return;
  shownSpectrum_ = rendering->generation;
  emit spectrumRendered(rendering);
}

}  // namespace fftscope::gui
