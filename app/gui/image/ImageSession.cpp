#include "image/ImageSession.h"

#include "engine/EngineService.h"
#include "engine/RequestClock.h"

#include <algorithm>

namespace fftscope::gui {

namespace {
const QString kWorkspace = QStringLiteral("image");
}

ImageSession::ImageSession(EngineService* service, QObject* parent)
    : QObject(parent),
      service_(service),
      engine_(std::make_shared<ImageEngine>()),
      // An open answered replaced the engine's image, so it is shown even when a newer open was
      // posted since: only an answer older than one already taken is dropped.
      opens_(service, kWorkspace, RequestChannel::Keep::Newer),
      filters_(service, kWorkspace, RequestChannel::Keep::Newer),
      spectra_(service, kWorkspace, RequestChannel::Keep::Newer),
      batches_(service, kWorkspace),
      notches_(service, kWorkspace) {
  registerImageTypes();
  opens_.setKind(QStringLiteral("open"));
  filters_.setKind(QStringLiteral("filter"));
  spectra_.setKind(QStringLiteral("spectrum"));
  batches_.setKind(QStringLiteral("files"));
  notches_.setKind(QStringLiteral("auto notch"));
  connect(service_, &EngineService::engineStarted, this, &ImageSession::engineStarted);
  connect(&opens_, &RequestChannel::progress, this,
          [this](quint64 ticket, double, const QString& stage) { emit openProgress(ticket, stage); });
  auto fail = [this](quint64, const QString& message) {
    qWarning("engine request failed: %s", qPrintable(message));
    emit failed(message);
  };
  connect(&filters_, &RequestChannel::failed, this, fail);
  connect(&spectra_, &RequestChannel::failed, this, fail);
}

ImageSession::~ImageSession() = default;  // jobs still queued are skipped as the channels go

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
  opens_.run(ticket, [this, engine = engine_, request](EngineRuntime& runtime, const RequestTicket& ticket) {
    const OpenOutcome outcome = engine->open(runtime, request, ticket);
    ticket.deliver([this, outcome, id = request.ticket] {
      if (outcome.image) emit imageOpened(outcome.image);
      else if (outcome.cancelled) emit openCancelled(id);
      else emit openRefused(id, outcome.refusal);
    });
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
  FilterRequest request{ticket.generation(), imageId, spec, range, displayRange_, ticket.id()};
  filters_.run(ticket, [this, engine = engine_, request](EngineRuntime& runtime, const RequestTicket& ticket) {
    if (FilterOutcomePtr outcome = engine->filter(runtime, request, ticket))
      ticket.deliver([this, outcome] { onFiltered(outcome); });
  });
  return ticket.generation();
}

quint64 ImageSession::requestSpectrum(quint64 imageId, const imaging::DisplaySettings& settings) {
  const RequestTicket ticket = spectra_.begin();
  SpectrumRequest request{ticket.generation(), imageId, settings};
  spectra_.run(ticket, [this, engine = engine_, request](EngineRuntime& runtime, const RequestTicket& ticket) {
    if (SpectrumRenderingPtr rendering = engine->renderSpectrum(runtime, request))
      ticket.deliver([this, rendering] { emit spectrumRendered(rendering); });
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
    batches_.run(ticket, [this, engine = engine_, files = std::move(files), settings, last, batch](
                             EngineRuntime& runtime, const RequestTicket& ticket) {
      const bool cancelled = ticket.stopped();
      engine->filterBatchFiles(runtime, files, settings, ticket, [this, &ticket](const BatchProgress& file) {
        ticket.deliver([this, file] { emit batchFileDone(file); });
      });
      if (last) ticket.deliver([this, batch, cancelled] { emit batchFinished(batch, cancelled); });
    });
  }
  if (items.empty()) QMetaObject::invokeMethod(this, [this, batch] { emit batchFinished(batch, false); }, Qt::QueuedConnection);
  return batch;
}

void ImageSession::requestNotches(quint64 imageId) {
  notches_.post([this, engine = engine_, imageId](EngineRuntime&, const RequestTicket& ticket) {
    if (std::optional<NotchProposal> proposal = engine->proposeNotches(imageId))
      ticket.deliver([this, proposal = *proposal] { emit notchesProposed(proposal); });
  });
}

void ImageSession::onFiltered(FilterOutcomePtr outcome) {
  // The answer is being taken now: the clock has its arrival.
  const RequestTiming* timing = service_->requestClock()->find(outcome->requestId);
  emit filtered(outcome, timing ? double(timing->arrivedNs - timing->madeNs) / 1e6 : 0.0);
}

}  // namespace fftscope::gui
