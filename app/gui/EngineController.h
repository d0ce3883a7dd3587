// The GUI thread's handle on the engine: starts the worker thread, posts requests as queued
// signals (never waiting for an answer) and hands results on. Each filter or display request gets
// a new generation; the worker skips any request a newer one has superseded, and results older
// than the one already shown are dropped here.
#pragma once

#include "EngineTypes.h"
#include "EngineWorker.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QThread>

#include <memory>

namespace fftscope::gui {

class EngineController : public QObject {
  Q_OBJECT

 public:
  // deviceSelector: as `fftscope-cli devices` lists them ("" = FFTSCOPE_DEVICE or the default).
  explicit EngineController(const QString& deviceSelector = {}, bool useFftw = false, QObject* parent = nullptr);
  ~EngineController() override;

  bool isReady() const { return ready_; }
  const EngineInfo& info() const { return info_; }

  quint64 openFile(const QString& path, imaging::PadMode padMode, imaging::ChannelMode channelMode);
  quint64 openImage(std::shared_ptr<const imaging::Image> image, const QString& name, imaging::PadMode padMode,
                    imaging::ChannelMode channelMode);
  // Asks the worker to drop this open; openCancelled or imageOpened answers (past the point
  // where the new image replaces the current one, the open completes).
  void cancelOpen(quint64 ticket);
  quint64 requestFilter(quint64 imageId, const imaging::FilterSpec& spec);
  quint64 requestSpectrum(quint64 imageId, const imaging::DisplaySettings& settings);
  void requestNotches(quint64 imageId);

 signals:
  // To the worker (queued across threads).
  void postOpen(fftscope::gui::OpenRequest request);
  void postFilter(fftscope::gui::FilterRequest request);
  void postSpectrum(fftscope::gui::SpectrumRequest request);
  void postNotches(quint64 imageId);

  // To the workspaces.
  void engineStarted(const fftscope::gui::EngineInfo& info);
  void imageOpened(fftscope::gui::WorkspaceImagePtr image);
  void openRefused(quint64 ticket, const QString& message);
  void openProgress(quint64 ticket, const QString& stage);
  void openCancelled(quint64 ticket);
  // roundTripMs: from requestFilter to this signal on the GUI thread.
  void filtered(fftscope::gui::FilterOutcomePtr outcome, double roundTripMs);
  void spectrumRendered(fftscope::gui::SpectrumRenderingPtr rendering);
  void notchesProposed(const fftscope::gui::NotchProposal& proposal);
  void failed(const QString& message);

 private:
  void onStarted(const EngineInfo& info);
  void onFiltered(FilterOutcomePtr outcome);
  void onSpectrum(SpectrumRenderingPtr rendering);

  std::shared_ptr<RequestGates> gates_;
  QThread thread_;
  EngineWorker* worker_ = nullptr;  // lives on thread_, deleted there when it finishes
  EngineInfo info_;
  bool ready_ = false;
  quint64 nextTicket_ = 1;
  quint64 shownFilter_ = 0;
  quint64 shownSpectrum_ = 0;
  QElapsedTimer clock_;
  QHash<quint64, qint64> postedAtNs_;  // filter generation -> clock_ time it was posted
};

}  // namespace fftscope::gui
