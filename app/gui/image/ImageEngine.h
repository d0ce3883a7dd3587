// The Image workspace's state on the engine thread: the analysed image and its spectra on the
// device (or on the host with FFTW). Its methods run as jobs of the EngineService; results leave
// as shared immutable objects through queued signals. Each job is given its request's ticket
// (RequestChannel.h): a request a newer one superseded stops, so while a slider is dragged only
// the latest position is computed. An open replaces the current image only if no newer open was
// posted, so the window and the engine always agree on the image shown.
#pragma once

#include "engine/RequestChannel.h"
#include "image/ImageTypes.h"
#include "imaging/DeviceImageFilter.h"

#include <QObject>

#include <memory>
#include <optional>

namespace fftscope::gui {

class EngineRuntime;

class ImageEngine : public QObject {
  Q_OBJECT

 public:
  ImageEngine();
  ~ImageEngine() override;

  // On the engine thread, as jobs of the request `ticket` stands for.
  void open(EngineRuntime& runtime, const OpenRequest& request, const RequestTicket& ticket);
  void filter(EngineRuntime& runtime, const FilterRequest& request, const RequestTicket& ticket);
  void renderSpectrum(EngineRuntime& runtime, const SpectrumRequest& request, const RequestTicket& ticket);
  void proposeNotches(quint64 imageId);
  // Files of a batch (a batch is one request), spread over the devices in use, a file each at a
  // time; the current image and its spectra are not touched. Once the batch is cancelled its
  // remaining files are skipped.
  void filterBatchFiles(EngineRuntime& runtime, std::vector<BatchProgress> files, const imaging::BatchSettings& settings,
                        bool last, const RequestTicket& ticket);

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
  bool cancelRequested(const OpenRequest& request, const RequestTicket& ticket);  // and says so when it is

  // With the OpenCL engine the spectra stay on the device (DeviceImageFilter); with FFTW the
  // host pipeline keeps them (analysed_).
  std::unique_ptr<imaging::DeviceImageFilter> device_;
  std::optional<imaging::SpectralImage> analysed_;
  WorkspaceImagePtr current_;
};

}  // namespace fftscope::gui
