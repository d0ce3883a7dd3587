// The engine's side of the Image workspace: a QObject that lives on its own QThread and owns the
// OpenCL context, the baked plans and the analysed image. Requests arrive as queued signals
// carrying values; results leave as shared immutable objects. A request whose generation is
// older than the newest one posted (RequestGates) is skipped, so while a slider is dragged only
// the latest position is computed.
#pragma once

#include "BackendChoice.h"
#include "EngineTypes.h"
#include "imaging/DeviceImageFilter.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

namespace fftscope::gui {

// Written by the GUI thread when it posts a request, read by the worker: no locks, no waiting.
struct RequestGates {
  std::atomic<quint64> latestFilter{0};
  std::atomic<quint64> latestSpectrum{0};
  std::atomic<bool> stopping{false};  // set when the application closes: pending work is dropped
  std::atomic<quint64> cancelledOpen{0};  // an open ticket the user cancelled
};

class EngineWorker : public QObject {
  Q_OBJECT

 public:
  EngineWorker(std::shared_ptr<RequestGates> gates, QString deviceSelector, bool useFftw);
  ~EngineWorker() override;

 public slots:
  void start();  // creates the context on this thread
  void open(fftscope::gui::OpenRequest request);
  void filter(fftscope::gui::FilterRequest request);
  void renderSpectrum(fftscope::gui::SpectrumRequest request);
  void proposeNotches(quint64 imageId);

 signals:
  void started(fftscope::gui::EngineInfo info);
  void opened(fftscope::gui::WorkspaceImagePtr image);
  void openRefused(quint64 ticket, QString message);
  void openProgress(quint64 ticket, QString stage);
  void openCancelled(quint64 ticket);
  void filtered(fftscope::gui::FilterOutcomePtr outcome);
  void failed(QString message);  // a filter or display request that could not be done
  void spectrumRendered(fftscope::gui::SpectrumRenderingPtr rendering);
  void notchesProposed(fftscope::gui::NotchProposal proposal);

 private:
  bool superseded(quint64 generation, const std::atomic<quint64>& latest) const;

  std::shared_ptr<RequestGates> gates_;
  QString deviceSelector_;
  bool useFftw_ = false;
  ChosenBackend backend_;
  // With the OpenCL engine the spectra stay on the device (DeviceImageFilter); with FFTW the
  // host pipeline keeps them (analysed_).
  std::unique_ptr<imaging::DeviceImageFilter> device_;
  std::optional<imaging::SpectralImage> analysed_;
  WorkspaceImagePtr current_;
};

}  // namespace fftscope::gui
