// The Image workspace's model on the GUI thread, without widgets: the current image (its name and
// source path), the filter with its notches and drawn mask and their undo history, the output
// range, how the image is prepared, the spectrum's display, the latest result and spectrum, and the
// selected region with its spectrum. Every change posts a request through the ImageSession and
// returns at once; a signal says when a state changes. An open that is refused or cancelled leaves
// the document as it was.
#pragma once

#include "image/ImageTypes.h"
#include "image/RegionAnalysis.h"

#include <QObject>
#include <QRect>

#include <memory>
#include <optional>

class QUndoStack;

namespace fftscope::gui {

class ImageSession;
class MaskEditor;

class ImageDocument : public QObject {
  Q_OBJECT

 public:
  explicit ImageDocument(ImageSession* session, QObject* parent = nullptr);

  // Each returns at once; the image replaces the current one only once it opens. A new image
  // starts a new filter history: its base filter stays, its notches and painting go.
  void openFile(const QString& path);
  void openImage(std::shared_ptr<const imaging::Image> image, const QString& name);
  // The same scene a moment later: the filter, notches and mask stay unless the size or channels changed.
  void openLiveFrame(std::shared_ptr<const imaging::Image> frame, const QString& name);
  bool reanalyse();  // the current image again, prepared as now set; false without one
  void cancelOpen();
  bool isOpening() const;  // an open asked for last has not been answered

  WorkspaceImagePtr image() const { return image_; }
  FilterOutcomePtr outcome() const { return outcome_; }  // of the current image
  double roundTripMs() const { return roundTripMs_; }
  SpectrumRenderingPtr spectrum() const { return spectrum_; }
  bool isFilterCurrent() const;  // the outcome answers the latest filter request
  quint64 latestFilterRequest() const { return requestedFilter_; }

  MaskEditor* editor() const { return editor_; }
  const imaging::FilterSpec& spec() const;
  QUndoStack* undoStack() const;
  std::optional<imaging::OutputRange> outputRangeChoice() const { return outputChoice_; }  // empty: automatic
  imaging::OutputRange outputRange() const;  // the choice, or the filter kind's default
  void setOutputRangeChoice(std::optional<imaging::OutputRange> choice);  // filters again
  imaging::PadMode padMode() const { return padMode_; }
  imaging::ChannelMode channelMode() const { return channelMode_; }
  void setPreparation(imaging::PadMode pad, imaging::ChannelMode channels);  // for the next open or reanalyse()
  const imaging::DisplaySettings& display() const { return display_; }
  void setDisplay(const imaging::DisplaySettings& display);  // renders the spectra again
  // Sets these without asking for anything: at start-up, or in a session restore before its image opens.
  void restoreSettings(imaging::PadMode pad, imaging::ChannelMode channels,
                       std::optional<imaging::OutputRange> choice, const imaging::DisplaySettings& display);
  imaging::BatchSettings batchSettings() const;  // for filtering files as the current image
  void requestFilter();
  void requestSpectrum();

  bool requestAutoNotch();  // false without an image or while one is pending
  bool isAutoNotchPending() const { return autoNotchPending_; }
  // A notch on the peak nearest the frequency, snapped on the current spectrum.
  void placeNotch(double fx, double fy, double radius, imaging::NotchEdge edge);

  // The spectrum of a rectangle of the image (clipped to it) until the selection is cleared.
  void selectRegion(const QRect& pixels);
  void clearSelection();
  QRect selection() const { return selected_; }
  RegionRenderingPtr region() const { return region_; }  // while shown

 signals:
  void openProgress(const QString& stage);  // of the open asked for last
  void imageChanged(fftscope::gui::WorkspaceImagePtr image, bool newSource);
  void openRefused(const QString& message);
  void openCancelled();
  void specChanged(const fftscope::imaging::FilterSpec& spec);
  void filterRequested(const fftscope::imaging::FilterSpec& spec);
  void filtered(fftscope::gui::FilterOutcomePtr outcome, double roundTripMs);
  void spectrumChanged(fftscope::gui::SpectrumRenderingPtr rendering, bool first);
  void autoNotchBusy(bool busy);
  // Peaks found and notches added (peaks notched already keep theirs); one undo step removes them.
  void autoNotchDone(int found, int added);
  void regionRequested(const QRect& selection);
  void regionShown(fftscope::gui::RegionRenderingPtr rendering);
  void regionRefused(const QString& message);
  void selectionCleared(bool regionWasShown);
  void failed(const QString& message);

 private:
  void onImageOpened(WorkspaceImagePtr image);
  void onOpenEnded();  // refused or cancelled: the current image stays
  void onFiltered(FilterOutcomePtr outcome, double roundTripMs);
  void onSpectrum(SpectrumRenderingPtr rendering);
  void onNotchesProposed(const NotchProposal& proposal);
  void onRegionRendered(RegionRenderingPtr rendering);

  ImageSession* session_;
  MaskEditor* editor_;
  RegionAnalysis* regions_;
  WorkspaceImagePtr image_;
  FilterOutcomePtr outcome_;
  SpectrumRenderingPtr spectrum_;
  RegionRenderingPtr region_;
  QRect selected_;
  double roundTripMs_ = 0;
  quint64 latestTicket_ = 0;
  quint64 requestedFilter_ = 0;  // the generation of the latest filter request
  bool newSourcePending_ = false;  // the pending open is a new image (not a re-analysis)
  bool autoNotchPending_ = false;
  std::optional<imaging::OutputRange> outputChoice_;
  imaging::PadMode padMode_ = imaging::PadMode::Mirror;
  imaging::ChannelMode channelMode_ = imaging::ChannelMode::PerChannel;
  imaging::DisplaySettings display_;
};

}  // namespace fftscope::gui
