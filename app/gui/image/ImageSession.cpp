#include "image/ImageSession.h"

#include "engine/EngineService.h"

#include <algorithm>

namespace fftscope::gui {

namespace {
const QString kWorkspace = QStringLiteral("image");
}

ImageSession::ImageSession(EngineService* service, QObject* parent)
    : QObject(parent),
      service_(service),
      engine_(std::make_shared<ImageEngine>()),
      opens_(service, kWorkspace),
      filters_(service, kWorkspace, RequestChannel::Keep::Newer),
      spectra_(service, kWorkspace, RequestChannel::Keep::Newer),
      batches_(service, kWorkspace),
      notches_(service, kWorkspace) {
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
  // Jobs still queued are skipped as the channels go; the engine object goes with the last of them.
  disconnect(engine_.get(), nullptr, this, nullptr);
}

bool ImageSession::isReady() const { return service_->isReady(); }
const EngineInfo& ImageSession::info() const { return service_->info(); }

// Only the newest open can still be cancelled: the ones before it are superseded already.
void ImageSession::cancelOpen(quint64 ticket) {
  if (ticket == opens_.latest()) opens_.cancel();
}

void ImageSession::cancelBatch(quint64 batch) {
  if (batch == batches_.latest()) batches_.cancel();
}

quint64 ImageSession::postOpen(OpenRequest request) {
  const RequestTicket ticket = opens_.begin();
  request.ticket = ticket.generation();
  request.displayRange = displayRange_;
  opens_.run(ticket, [engine = engine_, request](EngineRuntime& runtime, const RequestTicket& ticket) {
    engine->open(runtime, request, ticket);
  });
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
  const RequestTicket ticket = filters_.begin();
  postedAtNs_.insert(ticket.generation(), clock_.nsecsElapsed());
  FilterRequest request{ticket.generation(), imageId, spec, range, displayRange_};
  filters_.run(ticket, [engine = engine_, request](EngineRuntime& runtime, const RequestTicket& ticket) {
    engine->filter(runtime, request, ticket);
  });
  return ticket.generation();
}

quint64 ImageSession::requestSpectrum(quint64 imageId, const imaging::DisplaySettings& settings) {
  const RequestTicket ticket = spectra_.begin();
  SpectrumRequest request{ticket.generation(), imageId, settings};
  spectra_.run(ticket, [engine = engine_, request](EngineRuntime& runtime, const RequestTicket& ticket) {
    engine->renderSpectrum(runtime, request, ticket);
  });
  return ticket.generation();
}

quint64 ImageSession::runBatch(const std::vector<imaging::BatchItem>& items, const imaging::BatchSettings& settings) {
  const RequestTicket ticket = batches_.begin();
  const quint64 batch = ticket.generation();
  // A job a device's worth of files at a time: the devices share each job's files, and the
  // window's own requests still interleave between jobs.
  const std::size_t perJob = std::max<std::size_t>(1, std::size_t(service_->info().devices.size()));
  for (std::size_t first = 0; first < items.size(); first += perJob) {
    std::vector<BatchProgress> files;
    for (std::size_t i = first; i < std::min(items.size(), first + perJob); ++i) files.push_back({batch, int(i), items[i]});
    const bool last = first + perJob >= items.size();
    batches_.run(ticket, [engine = engine_, files = std::move(files), settings, last](EngineRuntime& runtime,
                                                                                      const RequestTicket& ticket) {
      engine->filterBatchFiles(runtime, files, settings, last, ticket);
    });
  }
  if (items.empty()) QMetaObject::invokeMethod(this, [this, batch] { emit batchFinished(batch, false); }, Qt::QueuedConnection);
  return batch;
}

void ImageSession::requestNotches(quint64 imageId) {
  notches_.post([engine = engine_, imageId](EngineRuntime&, const RequestTicket&) { engine->proposeNotches(imageId); });
}

void ImageSession::onFiltered(FilterOutcomePtr outcome) {
  if (!filters_.take(outcome->generation)) return;
  const qint64 posted = postedAtNs_.value(outcome->generation, clock_.nsecsElapsed());
  // Requests up to this one are answered or skipped: forget them.
  for (auto it = postedAtNs_.begin(); it != postedAtNs_.end();)
    it = it.key() <= outcome->generation ? postedAtNs_.erase(it) : std::next(it);
  emit filtered(outcome, double(clock_.nsecsElapsed() - posted) / 1e6);
}

void ImageSession::onSpectrum(SpectrumRenderingPtr rendering) {
  if (!spectra_.take(rendering->generation)) return;
  emit spectrumRendered(rendering);
}

}  // namespace fftscope::gui
