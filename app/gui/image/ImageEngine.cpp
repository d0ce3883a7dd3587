#include "image/ImageEngine.h"

#include "engine/EngineRuntime.h"
#include "image/ImageConversion.h"
#include "image/ImageSpectrum.h"
#include "imaging/ImageReader.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <exception>

namespace fftscope::gui {

ImageEngine::ImageEngine() = default;

ImageEngine::~ImageEngine() = default;

// Cancelled, or superseded: a newer open decides what the window shows, so this one must not
// replace the image the window keeps meanwhile (if that open fails, both go on with the current
// image).
bool ImageEngine::cancelRequested(const OpenRequest& request, const RequestTicket& ticket) {
  if (!ticket.stopped()) return false;
  emit openCancelled(request.ticket);
  return true;
}

void ImageEngine::open(EngineRuntime& runtime, const OpenRequest& request, const RequestTicket& ticket) {
  // Cancelling is honoured up to the point where the new image replaces the current one.
  if (cancelRequested(request, ticket)) return;
  try {
    QElapsedTimer clock;
    clock.start();
    auto result = std::make_shared<WorkspaceImage>();
    result->id = request.ticket;
    result->padMode = request.padMode;
    result->channelMode = request.channelMode;
    if (!request.path.isEmpty()) {
      emit openProgress(request.ticket, tr("reading the file"));
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
    if (cancelRequested(request, ticket)) return;
    cl::DeviceContext* context = runtime.context();
    emit openProgress(request.ticket, context ? tr("transforming on %1").arg(QString::fromStdString(context->device().name))
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
    if (cancelRequested(request, ticket)) return;
    result->displayRange = imaging::chooseDisplayRange(*result->image, request.displayRange);
    result->view = toDisplayQImage(*result->image, result->displayRange);
    result->radialProfile = imaging::radialProfile(result->magnitudes);
    result->magnitudeRange = imaging::magnitudeRange(result->magnitudes);
    result->analyseMs = double(clock.nsecsElapsed()) / 1e6;
    // Only now does the new image replace the current one: a refusal leaves everything as it was.
    device_ = std::move(device);
    analysed_ = std::move(analysed);
    current_ = result;
    emit opened(result);
  } catch (const std::exception& error) {
    const QString name = request.path.isEmpty() ? request.name : QFileInfo(request.path).fileName();
    QString message = QString::fromStdString(error.what());
    // The reader's messages start with the file's path; the name alone reads better.
    if (!request.path.isEmpty() && message.startsWith(request.path + QStringLiteral(": ")))
      message = name + message.mid(request.path.size());
    else if (!message.startsWith(name))
      message = name + QStringLiteral(": ") + message;
    qWarning("open refused: %s", qPrintable(message));
    emit openRefused(request.ticket, message);
  }
}

void ImageEngine::filter(EngineRuntime& runtime, const FilterRequest& request, const RequestTicket& ticket) {
  if (!current_ || current_->id != request.imageId) {
    // The window asked for an image the engine does not hold: say so rather than drop it.
    emit failed(tr("The filter was not applied: the image it was meant for is no longer open."));
    return;
  }
  try {
    QElapsedTimer clock;
    clock.start();
    auto outcome = std::make_shared<FilterOutcome>();
    outcome->generation = request.generation;
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
      if (ticket.stopped()) return;
      outcome->maskOverlay = maskOverlay(g.paddedHeight, g.paddedWidth, half.values);
      outcome->exact = device_->prefersMasksMadeOnDevice() && request.spec.strokes.empty()
                           ? device_->filterSamples(request.spec)
                           : device_->filterSamples(half);
      outcome->timings = device_->lastTimings();
      outcome->plan = QString::fromStdString(device_->planSummary());
      runtime.publish(outcome->timings);
    } else {
      const imaging::Mask mask = imaging::buildMask(g.paddedHeight, g.paddedWidth, request.spec);
      if (ticket.stopped()) return;
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
    emit filtered(outcome);
  } catch (const std::exception& error) {
    qWarning("engine request failed: %s", error.what());
    emit failed(QString::fromStdString(error.what()));
  }
}

void ImageEngine::renderSpectrum(EngineRuntime& runtime, const SpectrumRequest& request, const RequestTicket&) {
  if (!current_ || current_->id != request.imageId) return;  // the open that replaced it renders anew
  try {
    auto rendering = std::make_shared<SpectrumRendering>();
    rendering->generation = request.generation;
    rendering->imageId = request.imageId;
    rendering->settings = request.settings;
    rendering->view = toQImage(device_ ? device_->renderSpectrum(device_->displayPlane(), request.settings)
                                       : renderDisplaySpectrum(*analysed_, request.settings));
    if (device_) runtime.publish(device_->lastTimings());
    emit spectrumRendered(rendering);
  } catch (const std::exception& error) {
    qWarning("engine request failed: %s", error.what());
    emit failed(QString::fromStdString(error.what()));
  }
}

void ImageEngine::filterBatchFiles(EngineRuntime& runtime, std::vector<BatchProgress> files,
                                   const imaging::BatchSettings& settings, bool last, const RequestTicket& ticket) {
  runtime.spread(files.size(), [&](std::size_t i, std::size_t device) {
    BatchProgress progress = files[i];
    if (!ticket.stopped() && !progress.item.done) imaging::filterBatchItem(progress.item, settings, runtime.fftOn(device));
    // A refused file's reason is its outcome; a skipped one (cancelled) says nothing.
    if (progress.item.done) emit batchFileDone(progress);
    return std::vector<TimingRecord>{};
  });
  if (last) emit batchFinished(files.empty() ? 0 : files.front().batch, ticket.stopped());
}

void ImageEngine::proposeNotches(quint64 imageId) {
  if (!current_ || current_->id != imageId) return;
  NotchProposal proposal;
  proposal.imageId = imageId;
  proposal.suggestions = imaging::suggestNotches(current_->magnitudes);
  emit notchesProposed(proposal);
}

}  // namespace fftscope::gui
