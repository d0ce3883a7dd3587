// The Image workspace: the original, its spectrum (with the mask over it) and the filtered result,
// side by side or as tabs, with synchronised zoom and pan; the filter and display controls; the
// cursor readout. A view and controller over its ImageDocument, which holds the state and asks the
// engine's worker for every computation; results are shown as they arrive, so the window never waits.
#pragma once

#include "image/ImageDocument.h"
#include "image/ImageTypes.h"
#include "image/RegionSelectView.h"
#include "image/SpectrumView.h"
#include "shell/Workspace.h"

#include <QWidget>

#include <memory>

class QAction;
class QActionGroup;
class QLabel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTimer;
class QUndoStack;

namespace fftscope::gui {

class ColourBar;
class ComputeIndicator;
class ProfilePlots;
class RegionSelectView;
struct RegionRendering;
class DisplayPanel;
class DisplayRangePanel;
class ImageFileActions;
class ImageSession;
class FilterPanel;
class MaskEditor;
class MessageBar;
class OpenProgress;
class Settings;
class ViewGrid;
class ViewSync;
class ZoomableView;

class ImageWorkspace : public QWidget, public Workspace {
  Q_OBJECT

 public:
  ImageWorkspace(ImageSession* engine, Settings* settings, QWidget* parent = nullptr);
  ~ImageWorkspace() override;

  // Both return at once; the image replaces the current one only if it opens.
  void openFile(const QString& path) override;
  void openImage(std::shared_ptr<const imaging::Image> image, const QString& name);
  void openSample();
  // A frame of live video: opened like an image, but the filter, notches and mask stay (the same
  // scene, a moment later) unless its size or channels changed, and no progress bar shows.
  void openLiveFrame(std::shared_ptr<const imaging::Image> frame, const QString& name);

  ImageDocument* document() const { return document_; }
  WorkspaceImagePtr currentImage() const { return document_->image(); }
  FilterOutcomePtr lastOutcome() const { return document_->outcome(); }  // the result on screen
  SpectrumRenderingPtr lastSpectrum() const { return document_->spectrum(); }
  double lastRoundTripMs() const { return document_->roundTripMs(); }
  bool isFilterCurrent() const { return document_->isFilterCurrent(); }  // the result on screen answers the latest request
  QString lastMessage() const;   // the message bar's text, empty when hidden
  void cancelOpening();          // as the progress bar's Cancel
  QString readoutText() const;   // the line under the views
  void showMessage(const QString& error);  // in the message bar, as an error

  MaskEditor* maskEditor() const { return document_->editor(); }
  QUndoStack* undoStack() const override;
  FilterPanel* filterPanel() const { return filterPanel_; }
  DisplayPanel* displayPanel() const { return displayPanel_; }
  DisplayRangePanel* displayRangePanel() const { return displayRangePanel_; }
  SpectrumView* spectrumView() const { return spectrumView_; }
  ZoomableView* originalView() const { return originalView_; }
  ZoomableView* filteredView() const { return filteredView_; }
  ComputeIndicator* computeIndicator() const { return computing_; }
  QString filteredCaption() const;
  ViewGrid* viewGrid() const { return sideBySide_; }
  ColourBar* colourBar() const { return colourBar_; }
  ProfilePlots* profilePlots() const { return profiles_; }
  ImageFileActions* fileActions() const { return fileActions_; }

  // The current filter, preparation and output range, for File > Apply to Files.
  imaging::BatchSettings batchSettings() const { return document_->batchSettings(); }

  QList<QAction*> toolActions() const;
  QAction* tabbedAction() const { return tabbedAction_; }
  QAction* overlayAction() const { return overlayAction_; }
  QAction* autoNotchAction() const { return autoNotchAction_; }
  QAction* clearMaskAction() const { return clearMaskAction_; }

  void setTabbedViews(bool tabbed);
  void setTool(SpectrumTool tool);
  void requestAutoNotch();
  void placeNotch(double fx, double fy);  // as a click with the notch tool does
  // The spectrum view shows the spectrum of this rectangle of the image (Hann-windowed) until the
  // selection is cleared; as a Shift-drag on the original does.
  void selectRegion(const QRect& pixels);
  void clearSelection();
  QRect selectedRegion() const { return document_->selection(); }
  std::shared_ptr<const RegionRendering> regionShown() const { return document_->region(); }
  QAction* wholeImageAction() const { return wholeImageAction_; }
  QString spectrumCaption() const;
  void saveSettings() override;  // what Settings keeps of the layout

  // Workspace (ImageWorkspaceState.cpp): the input, filter, output range, display and selection.
  QString workspaceName() const override { return QStringLiteral("image"); }
  QWidget* workspaceWidget() override { return this; }
  nlohmann::json saveState(SessionInputs& inputs) const override;
  std::function<void()> prepareRestore(const nlohmann::json& state, SessionInputs& inputs) override;
  void watchChanges(std::function<void()> changed) override;
  // The window's side of Workspace (ImageWorkspaceShell.cpp).
  WorkspaceMenus menus() override;
  bool opens(const QString& path) const override;
  void applyStartOptions(const StartOptions& options) override;
  std::vector<SampleSource> sampleSources() override;
  void applyPreferences(const Settings& settings) override;

 public slots:
  void zoomIn();
  void zoomOut();
  void fitToWindow();
  void zoomToActualSize();

 protected:
  void resizeEvent(QResizeEvent* event) override;

 signals:
  void imageChanged(fftscope::gui::WorkspaceImagePtr image);
  void regionSpectrumShown();
  void openFailed(const QString& message);
  void resultShown(fftscope::gui::FilterOutcomePtr outcome, double roundTripMs);
  void spectrumShown();
  void notchesAdded(int count);
  void viewsRedrawn();  // after a display range change
  void openCancelled();

 private:
  QWidget* makeViews();
  QWidget* makePane(const QString& title, QWidget* view, QLabel** caption);
  void makeActions();
  void connectSignals();  // ImageWorkspaceConnections.cpp
  void reportToWindow();  // ImageWorkspaceShell.cpp: this workspace's signals as WorkspaceEvents
  void onImageOpened(WorkspaceImagePtr image, bool newSource);
  void onOpenRefused(const QString& message);
  void onOpenCancelled();
  void onFiltered(FilterOutcomePtr outcome, double roundTripMs);
  void onSpectrum(SpectrumRenderingPtr rendering, bool first);
  void onAutoNotchDone(int found, int added);
  void onSpecChanged(const imaging::FilterSpec& spec);
  void onFilterRequested(const imaging::FilterSpec& spec);
  void reanalyse();
  void showReadout(int x, int y);
  void updateCaptions();
  void onRegionRequested(const QRect& selection);
  void onSelectionCleared(bool regionWasShown);
  void onRegionRendered(std::shared_ptr<const RegionRendering> rendering);
  void showWholeSpectrum();
  void giveSlackToProfiles();
  void redrawImageViews();  // after a display range change, off the GUI thread
  void showDisplayRanges();
  // Hides the message bar if it still shows `*shown`, a message whose state has gone; clears it.
  void dropMessageAbout(QString* shown);
  QString readoutHint() const;

  ImageSession* engine_;
  Settings* settings_;
  ImageDocument* document_;
  MaskEditor* editor_;  // the document's

  MessageBar* messageBar_;
  OpenProgress* openProgress_;
  RegionSelectView* originalView_;
  SpectrumView* spectrumView_;
  ZoomableView* filteredView_;
  QLabel* originalCaption_ = nullptr;
  QLabel* spectrumCaption_ = nullptr;
  QLabel* filteredCaption_ = nullptr;
  QList<QWidget*> panes_;
  ViewGrid* sideBySide_;
  ComputeIndicator* computing_ = nullptr;
  ColourBar* colourBar_ = nullptr;
  ProfilePlots* profiles_ = nullptr;
  QSplitter* profileSplitter_ = nullptr;
  QTimer* slackTimer_ = nullptr;
  QAction* wholeImageAction_ = nullptr;
  QTabWidget* tabs_;
  QStackedWidget* viewStack_;
  ViewSync* sync_;
  QLabel* readout_;
  FilterPanel* filterPanel_;
  DisplayPanel* displayPanel_;
  DisplayRangePanel* displayRangePanel_;
  imaging::DisplayRange originalRange_, filteredRange_;  // as the views show them now
  quint64 redraws_ = 0;  // the latest redraw; older ones are dropped
  quint64 awaitingPaint_ = 0;  // the filter request whose picture the filtered view is yet to paint
  QString undoableMessage_;  // says what an undoable edit did: goes when it is undone
  int undoableIndex_ = 0;    // the undo stack's index just after that edit
  QString refusalMessage_;   // a refused open: goes when the next open begins
  QSplitter* splitter_;
  QActionGroup* tools_;
  QAction* panAction_;
  QAction* notchAction_;
  QAction* brushAction_;
  QAction* eraserAction_;
  QAction* tabbedAction_;
  QAction* overlayAction_;
  QAction* autoNotchAction_;
  QAction* clearMaskAction_;
  bool tabbed_ = false;
  ImageFileActions* fileActions_ = nullptr;
  bool settleOnNotches_ = false;     // settled only once auto notch placed its notches
  bool settleOnLiveFrames_ = false;  // settled by the live video's frames, not by a result
};

}  // namespace fftscope::gui
