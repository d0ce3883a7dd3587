// The Image workspace's state on the engine thread: the analysed image and its spectra on the
// device (or on the host with FFTW). Its methods run as jobs of the EngineService; results leave
// as shared immutable objects through queued signals. A request whose generation is older than
// the newest one posted (RequestGates) is skipped, so while a slider is dragged only the latest
// position is computed. An open replaces the current image only if no newer open was posted, so
// the window and the engine always agree on the image shown.
#pragma once

#include "image/ImageTypes.h"
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
  std::atomic<quint64> latestOpen{0};     // the newest open posted
  std::atomic<quint64> cancelledBatch{0}; // a batch the user cancelled: its remaining files are skipped
};

class EngineRuntime;

class ImageEngine : public QObject {
  Q_OBJECT

 public:
  explicit ImageEngine(std::shared_ptr<RequestGates> gates);
  ~ImageEngine() override;

  // On the engine thread, as jobs.
  void open(EngineRuntime& runtime, const OpenRequest& request);
  void filter(EngineRuntime& runtime, const FilterRequest& request);
  void renderSpectrum(EngineRuntime& runtime, const SpectrumRequest& request);
  void proposeNotches(quint64 imageId);
  // One file of a batch; the current image and its spectra are not touched.
  void filterBatchFile(EngineRuntime& runtime, BatchProgress progress, const imaging::BatchSettings& settings,
                       bool last);

 signals:
  void opened(fftscope::gui::WorkspaceImagePtr image);
  void openRefused(quint64 ticket, QString message);
  void openProgress(quint64 ticket, QString stage);
  void openCancelled(quint64 ticket);
  void filtered(fftscope::gui::FilterOutcomePtr outcome);
  void failed(QString message);  // a filter or display request that could not be done
  void spectrumRendered(fftscope::gui::SpectrumRenderingPtr rendering);
  void notchesProposed(fftscope::gui::NotchProposal proposal);
  void batchFileDone(fftscope::gui::BatchProgress progress);
  void batchFinished(quint64 batch, bool cancelled);

 private:
  bool superseded(quint64 generation, const std::atomic<quint64>& latest) const;

  bool cancelRequested(quint64 ticket);  // and says so when it is

  std::shared_ptr<RequestGates> gates_;
  // With the OpenCL engine the spectra stay on the device (DeviceImageFilter); with FFTW the
  // host pipeline keeps them (analysed_).
  std::unique_ptr<imaging::DeviceImageFilter> device_;
  std::optional<imaging::SpectralImage> analysed_;
  WorkspaceImagePtr current_;
};

}  // namespace fftscope::gui
