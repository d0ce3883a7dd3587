#include "EngineWorker.h"

#include "ImageConversion.h"
#include "ImageSpectrum.h"
#include "imaging/ImageReader.h"

#include <QElapsedTimer>
#include <QFileInfo>

#include <exception>

namespace fftscope::gui {
EngineWorker::EngineWorker(std::shared_ptr<RequestGates> gates, QString deviceSelector, bool useFftw)
    : gates_(std::move(gates)), deviceSelector_(std::move(deviceSelector)), useFftw_(useFftw) {}

EngineWorker::~EngineWorker() = default;

bool EngineWorker::superseded(quint64 generation, const std::atomic<quint64>& latest) const {
  return gates_->stopping.load() || generation < latest.load();
}

void EngineWorker::start() {
  backend_ = chooseBackend(deviceSelector_.toStdString(), useFftw_);
  if (backend_.opencl) device_ = std::make_unique<imaging::DeviceImageFilter>(backend_.opencl->context());
  EngineInfo info;
  info.deviceName = QString::fromStdString(backend_.deviceName);
  info.platformName = QString::fromStdString(backend_.platformName);
  info.driverVersion = QString::fromStdString(backend_.driverVersion);
  info.notice = QString::fromStdString(backend_.notice);
  info.openCl = backend_.opencl != nullptr;
  emit started(info);
}

void EngineWorker::open(OpenRequest request) {
  if (gates_->stopping.load() || !backend_.backend) return;
  // Cancelling is honoured up to the point where the new image replaces the current one.
  auto cancelled = [&] {
    if (gates_->cancelledOpen.load() != request.ticket) return false;
    emit openCancelled(request.ticket);
    return true;
  };
  if (cancelled()) return;
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
    result->geometry = imaging::padGeometry(result->image->width, result->image->height);
    if (cancelled()) return;
    emit openProgress(request.ticket, device_ ? tr("transforming on %1").arg(QString::fromStdString(backend_.deviceName))
                                              : tr("transforming with FFTW"));
    if (device_) {
      // Refused before anything is enqueued when the transform would not fit the device; the
      // filter keeps its previous image then.
      device_->setImage(*result->image, request.padMode, request.channelMode);
      // Read back once, for the cursor readout and auto notch; the display is made on the device.
      result->spectrum = device_->spectrum(device_->displayPlane());
      analysed_.reset();
    } else {
      imaging::SpectralImage analysed =
          imaging::analyseImage(*result->image, request.padMode, request.channelMode, *backend_.backend);
      if (cancelled()) return;
      result->spectrum = displaySpectrum(analysed);
      analysed_ = std::move(analysed);
    }
    result->view = toQImage(*result->image);
    result->analyseMs = double(clock.nsecsElapsed()) / 1e6;
    // Only now does the new image replace the current one: a refusal leaves everything as it was.
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

void EngineWorker::filter(FilterRequest request) {
  if (superseded(request.generation, gates_->latestFilter)) return;
  if (!current_ || current_->id != request.imageId) return;  // for an image since replaced
  try {
    QElapsedTimer clock;
    clock.start();
    auto outcome = std::make_shared<FilterOutcome>();
    outcome->generation = request.generation;
    outcome->imageId = request.imageId;
    outcome->spec = request.spec;
    const imaging::PadGeometry& g = current_->geometry;
    outcome->mask = imaging::buildMask(g.paddedHeight, g.paddedWidth, request.spec);
    if (superseded(request.generation, gates_->latestFilter)) return;
    if (device_) {
      outcome->filtered = device_->filter(outcome->mask);
      outcome->timings = device_->lastTimings();
      outcome->plan = QString::fromStdString(device_->planSummary());
    } else {
      outcome->filtered = imaging::synthesiseImage(*analysed_, outcome->mask, *backend_.backend);
      outcome->plan = QStringLiteral("FFTW");
    }
    outcome->view = toQImage(outcome->filtered);
    outcome->maskOverlay = maskOverlay(outcome->mask);
    outcome->computeMs = double(clock.nsecsElapsed()) / 1e6;
    emit filtered(outcome);
  } catch (const std::exception& error) {
    qWarning("engine request failed: %s", error.what());
    emit failed(QString::fromStdString(error.what()));
  }
}

void EngineWorker::renderSpectrum(SpectrumRequest request) {
  if (superseded(request.generation, gates_->latestSpectrum)) return;
  if (!current_ || current_->id != request.imageId) return;
  try {
    auto rendering = std::make_shared<SpectrumRendering>();
    rendering->generation = request.generation;
    rendering->imageId = request.imageId;
    rendering->settings = request.settings;
    rendering->view = toQImage(device_ ? device_->renderSpectrum(device_->displayPlane(), request.settings)
                                       : imaging::renderSpectrum(current_->spectrum, request.settings));
    emit spectrumRendered(rendering);
  } catch (const std::exception& error) {
    qWarning("engine request failed: %s", error.what());
    emit failed(QString::fromStdString(error.what()));
  }
}

void EngineWorker::proposeNotches(quint64 imageId) {
  if (gates_->stopping.load() || !current_ || current_->id != imageId) return;
  NotchProposal proposal;
  proposal.imageId = imageId;
  proposal.suggestions = imaging::suggestNotches(current_->spectrum);
  emit notchesProposed(proposal);
}

}  // namespace fftscope::gui
