// The Image workspace's requests on the GUI thread: posts them (open, filter, display, auto
// notch, batch) to the application's EngineService as jobs, never waiting for an answer, and hands
// the results on. Each kind of request goes through its own RequestChannel, which carries its
// results back to this thread: the engine skips any request a newer one has superseded, and an
// answer is dropped here when its request was superseded (opens, filters and spectra: when an
// answer to a newer request was already taken).
#pragma once

#include "engine/EngineInfo.h"
#include "engine/RequestChannel.h"
#include "image/ImageEngine.h"
#include "image/ImageTypes.h"

#include <QObject>

#include <memory>

namespace fftscope::gui {

class EngineService;

class ImageSession : public QObject {
  Q_OBJECT

 public:
  explicit ImageSession(EngineService* service, QObject* parent = nullptr);
  ~ImageSession() override;

  bool isReady() const;
  const EngineInfo& info() const;
  EngineService* service() const { return service_; }

  quint64 openFile(const QString& path, imaging::PadMode padMode, imaging::ChannelMode channelMode);
  quint64 openImage(std::shared_ptr<const imaging::Image> image, const QString& name, imaging::PadMode padMode,
                    imaging::ChannelMode channelMode);
  // Asks the engine to drop this open; openCancelled or imageOpened answers (past the point
  // where the new image replaces the current one, the open completes).
  void cancelOpen(quint64 ticket);
  // How later opens and filter results draw the image views (the data are not changed).
  void setDisplayRange(const imaging::DisplayRangeSettings& settings) { displayRange_ = settings; }
  quint64 requestFilter(quint64 imageId, const imaging::FilterSpec& spec,
                        imaging::OutputRange range = imaging::OutputRange::Clip);
  quint64 requestSpectrum(quint64 imageId, const imaging::DisplaySettings& settings);
  void requestNotches(quint64 imageId);
  // The filter request posted last, and whether its answer (or refusal) has come back.
  // Filters each planned item's file on the engine thread, one job per file, so that the
  // window's own requests interleave; answers batchFileDone per file, then batchFinished.
  quint64 runBatch(const std::vector<imaging::BatchItem>& items, const imaging::BatchSettings& settings);
  void cancelBatch(quint64 batch);
  quint64 latestFilterRequest() const { return filters_.latest(); }

 signals:
  void engineStarted(const fftscope::gui::EngineInfo& info);
  void imageOpened(fftscope::gui::WorkspaceImagePtr image);
  void openRefused(quint64 ticket, const QString& message);
  void openProgress(quint64 ticket, const QString& stage);
  void openCancelled(quint64 ticket);
  // roundTripMs: from requestFilter to the answer's arrival on the GUI thread (RequestClock).
  void filtered(fftscope::gui::FilterOutcomePtr outcome, double roundTripMs);
  void spectrumRendered(fftscope::gui::SpectrumRenderingPtr rendering);
  void notchesProposed(const fftscope::gui::NotchProposal& proposal);
  void failed(const QString& message);
  void batchFileDone(const fftscope::gui::BatchProgress& progress);
  void batchFinished(quint64 batch, bool cancelled);

 private:
  quint64 postOpen(OpenRequest request);
  void onFiltered(FilterOutcomePtr outcome);

  EngineService* service_;
  std::shared_ptr<ImageEngine> engine_;  // used on the engine thread only, kept alive by its jobs
  RequestChannel opens_, filters_, spectra_, batches_, notches_;
  imaging::DisplayRangeSettings displayRange_;
};

}  // namespace fftscope::gui
