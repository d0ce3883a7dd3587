#include "image/ImageEngine.h"

#include "engine/EngineRuntime.h"
#include "image/ImageConversion.h"
#include "image/ImageSpectrum.h"
#include "imaging/ImageReader.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <exception>
#include <stdexcept>

namespace fftscope::gui {

ImageEngine::ImageEngine() = default;

ImageEngine::~ImageEngine() = default;

OpenOutcome ImageEngine::open(EngineRuntime& runtime, const OpenRequest& request, const RequestTicket& ticket) {
  // Cancelled, or superseded: a newer open decides what the window shows, so this one must not
  // replace the image the window keeps meanwhile (if that open fails, both go on with the current
  // image). Cancelling is honoured up to the point where the new image replaces the current one.
  const OpenOutcome cancelled{nullptr, {}, true};
  if (ticket.stopped()) return cancelled;
  try {
    QElapsedTimer clock;
    clock.start();
    auto result = std::make_shared<WorkspaceImage>();
    result->id = request.ticket;
    result->padMode = request.padMode;
    result->channelMode = request.channelMode;
    if (!request.path.isEmpty()) {
      ticket.progress(0, tr("reading the file"));
      auto image = std::make_shared<imaging::Image>(imaging::readImage(request.path.toStdString()));
      for (const std::string& notice : image->notices) result->notices << QString::fromStdString(notice);
      result->image = std::move(image);
      result->path = request.path;
      result->name = QFileInfo(request.path).fileName();
    } else {
      result->image = request.image;
      result->name = request.name;
    }
    if (!result->image) throw std::invalid_argument("no image to open");
    imaging::validateImage(*result->image);
    result->geometry = imaging::padGeometry(result->image->width, result->image->height, request.padMode);
    if (ticket.stopped()) return cancelled;
    cl::DeviceContext* context = runtime.context();
    ticket.progress(0.5, context ? tr("transforming on %1").arg(QString::fromStdString(context->device().name))
                                 : tr("transforming with FFTW"));
    // The new image is prepared beside the current one, which stays until the new one replaces it.
    std::unique_ptr<imaging::DeviceImageFilter> device;
    std::optional<imaging::SpectralImage> analysed;
    if (context) {
      // Refused before anything is enqueued when the transform would not fit the device.
      device = std::make_unique<imaging::DeviceImageFilter>(*context);
      device->setImage(result->image, request.padMode, request.channelMode);
      // Magnitudes of the half read back once, for the readout and auto notch; the display is
      // made on the device.
      result->magnitudes = device->magnitudes(device->displayPlane());
      runtime.publish(device->lastTimings());
    } else {
      analysed = imaging::analyseImage(*result->image, request.padMode, request.channelMode, runtime.fft());
      result->magnitudes = displayMagnitudes(*analysed);
    }
    if (ticket.stopped()) return cancelled;
    result->displayRange = imaging::chooseDisplayRange(*result->image, request.displayRange);
    result->view = toDisplayQImage(*result->image, result->displayRange);
    result->radialProfile = imaging::radialProfile(result->magnitudes);
    result->magnitudeRange = imaging::magnitudeRange(result->magnitudes);
    result->analyseMs = double(clock.nsecsElapsed()) / 1e6;
    // Only now does the new image replace the current one: a refusal leaves everything as it was.
    device_ = std::move(device);
    analysed_ = std::move(analysed);
    current_ = result;
    return {result, {}, false};
  } catch (const std::exception& error) {
    const QString name = request.path.isEmpty() ? request.name : QFileInfo(request.path).fileName();
    QString message = QString::fromStdString(error.what());
    // The reader's messages start with the file's path; the name alone reads better.
    if (!request.path.isEmpty() && message.startsWith(request.path + QStringLiteral(": ")))
      message = name + message.mid(request.path.size());
    else if (!message.startsWith(name))
      message = name + QStringLiteral(": ") + message;
    qWarning("open refused: %s", qPrintable(message));
    return {nullptr, message, false};
  }
}

FilterOutcomePtr ImageEngine::filter(EngineRuntime& runtime, const FilterRequest& request, const RequestTicket& ticket) {
  // The window asked for an image the engine does not hold: say so rather than drop it.
  if (!current_ || current_->id != request.imageId)
    throw std::runtime_error(tr("The filter was not applied: the image it was meant for is no longer open.").toStdString());
  QElapsedTimer clock;
  clock.start();
  auto outcome = std::make_shared<FilterOutcome>();
  outcome->generation = request.generation;
  outcome->requestId = request.requestId;
  outcome->imageId = request.imageId;
  outcome->spec = request.spec;
  const imaging::PadGeometry& g = current_->geometry;
  outcome->maskRows = g.paddedHeight;
  outcome->maskCols = g.paddedWidth;
  if (device_) {
    // The device keeps half spectra, and the mask is symmetric: only its half is made (for the
    // tint). On a GPU the device makes the same half from the spec's few parameters, which
    // saves sending it, unless strokes are painted (each would be a disc that every bin visits).
    const HalfMask half{imaging::buildHalfMask(g.paddedHeight, g.paddedWidth, request.spec)};
    if (ticket.stopped()) return nullptr;
    outcome->maskOverlay = maskOverlay(g.paddedHeight, g.paddedWidth, half.values);
    outcome->exact = device_->prefersMasksMadeOnDevice() && request.spec.strokes.empty()
                         ? device_->filterSamples(request.spec)
                         : device_->filterSamples(half);
    outcome->timings = device_->lastTimings();
    outcome->plan = QString::fromStdString(device_->planSummary());
    runtime.publish(outcome->timings);
  } else {
    const imaging::Mask mask = imaging::buildMask(g.paddedHeight, g.paddedWidth, request.spec);
    if (ticket.stopped()) return nullptr;
    outcome->maskOverlay = maskOverlay(mask);
    outcome->exact = imaging::synthesiseSamples(*analysed_, mask, runtime.fft());
    outcome->plan = QStringLiteral("FFTW");
  }
  outcome->range = request.range;
  // Float keeps the exact values beside the picture; the others need one copy only.
  outcome->filtered = request.range == imaging::OutputRange::Float
                          ? imaging::mapOutputRange(outcome->exact, request.range)
                          : imaging::mapOutputRange(std::move(outcome->exact), request.range);
  outcome->exact.image.data.shrink_to_fit();
  outcome->displayRange = imaging::chooseDisplayRange(outcome->filtered, request.displayRange);
  outcome->view = toDisplayQImage(outcome->filtered, outcome->displayRange);
  outcome->computeMs = double(clock.nsecsElapsed()) / 1e6;
  return outcome;
}

SpectrumRenderingPtr ImageEngine::renderSpectrum(EngineRuntime& runtime, const SpectrumRequest& request) {
  if (!current_ || current_->id != request.imageId) return nullptr;
  auto rendering = std::make_shared<SpectrumRendering>();
  rendering->generation = request.generation;
  rendering->imageId = request.imageId;
  rendering->settings = request.settings;
  rendering->view = toQImage(device_ ? device_->renderSpectrum(device_->displayPlane(), request.settings)
                                     : renderDisplaySpectrum(*analysed_, request.settings));
  if (device_) runtime.publish(device_->lastTimings());
  return rendering;
}

void ImageEngine::filterBatchFiles(EngineRuntime& runtime, const std::vector<BatchProgress>& files,
                                   const imaging::BatchSettings& settings, const RequestTicket& ticket,
                                   const std::function<void(const BatchProgress&)>& done) {
  runtime.spread(files.size(), [&](std::size_t i, std::size_t device) {
    BatchProgress progress = files[i];
    if (!ticket.stopped() && !progress.item.done) imaging::filterBatchItem(progress.item, settings, runtime.fftOn(device));
    if (progress.item.done) done(progress);
    return std::vector<TimingRecord>{};
  });
}

std::optional<NotchProposal> ImageEngine::proposeNotches(quint64 imageId) {
  if (!current_ || current_->id != imageId) return std::nullopt;
  NotchProposal proposal;
  proposal.imageId = imageId;
  proposal.suggestions = imaging::suggestNotches(current_->magnitudes);
  return proposal;
}

}  // namespace fftscope::gui
