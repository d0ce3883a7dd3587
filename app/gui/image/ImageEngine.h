// The Image workspace's state on the engine thread: the analysed image and its spectra on the
// device (or on the host with FFTW). Its methods run as jobs of the EngineService and return
// their results as shared immutable objects, which the requester's RequestChannel carries to the
// GUI thread; a request that cannot be done throws, and the channel answers `failed`. Each job is
// given its request's ticket (RequestChannel.h): a request a newer one superseded stops, so while
// a slider is dragged only the latest position is computed. An open replaces the current image
// only if no newer open was posted, so the window and the engine always agree on the image shown.
#pragma once

#include "engine/RequestChannel.h"
#include "image/ImageTypes.h"
#include "imaging/DeviceImageFilter.h"

#include <QCoreApplication>

#include <functional>
#include <memory>
#include <optional>

namespace fftscope::gui {

class EngineRuntime;

// How an open ended.
struct OpenOutcome {
  WorkspaceImagePtr image;  // opened: now the engine's current image
  QString refusal;          // refused: why, naming the file
  bool cancelled = false;   // stopped before it replaced the current image
};

class ImageEngine {
  Q_DECLARE_TR_FUNCTIONS(ImageEngine)

 public:
  ImageEngine();
  ~ImageEngine();

  // On the engine thread, as jobs of the request `ticket` stands for. Each stage of an open is
  // reported through ticket.progress.
  OpenOutcome open(EngineRuntime& runtime, const OpenRequest& request, const RequestTicket& ticket);
  // Null when the request stopped.
  FilterOutcomePtr filter(EngineRuntime& runtime, const FilterRequest& request, const RequestTicket& ticket);
  // Null when the image is no longer the engine's (the open that replaced it renders anew).
  SpectrumRenderingPtr renderSpectrum(EngineRuntime& runtime, const SpectrumRequest& request);
  std::optional<NotchProposal> proposeNotches(quint64 imageId);
  // Files of a batch (a batch is one request), spread over the devices in use, a file each at a
  // time; the current image and its spectra are not touched. Once the batch is cancelled its
  // remaining files are skipped. `done` takes each file that has an outcome (a file refused when
  // planned has its reason), on the thread that filtered it.
  void filterBatchFiles(EngineRuntime& runtime, const std::vector<BatchProgress>& files,
                        const imaging::BatchSettings& settings, const RequestTicket& ticket,
                        const std::function<void(const BatchProgress&)>& done);

 private:

  // With the OpenCL engine the spectra stay on the device (DeviceImageFilter); with FFTW the
  // host pipeline keeps them (analysed_).
  std::unique_ptr<imaging::DeviceImageFilter> device_;
  std::optional<imaging::SpectralImage> analysed_;
  WorkspaceImagePtr current_;
};

}  // namespace fftscope::gui
