// The Image workspace's panes, actions, tools and zoom, and how its views share the space
// (the rest of the class is in ImageWorkspace.cpp).
#include "image/ImageWorkspace.h"

#include "export/ExportTargets.h"

#include "image/ColourBar.h"
#include "image/ComputeIndicator.h"
#include "image/DisplayPanel.h"
#include "image/DisplayRangePanel.h"
#include "image/ImageConversion.h"
#include "image/ImageSession.h"
#include "image/FilterPanel.h"
#include "image/MaskEditor.h"
#include "widgets/MessageBar.h"
#include "image/OpenProgress.h"
#include "image/ProfilePlots.h"
#include "image/RegionAnalysis.h"
#include "image/RegionSelectView.h"
#include "shell/Settings.h"
#include "image/ViewGrid.h"
#include "image/ViewSync.h"
#include "image/ZoomableView.h"
#include "imaging/SampleImage.h"
#include "imaging/SpectrumLayout.h"
#include "imaging/SpectrumProfiles.h"
#include "imaging/SpectrumReadout.h"

#include <QAction>
#include <QActionGroup>
#include <QFileInfo>
#include <QGridLayout>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QLabel>
#include "imaging/FilterSummary.h"
#include "imaging/PeakSnap.h"

#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace fftscope::gui {

namespace {

// |X| of every bin with the zero frequency in the middle, as the view shows it; keys in bins.
ViewData centredMagnitudes(const imaging::SpectrumMagnitudes& magnitudes) {
  ViewData data;
  if (magnitudes.empty()) return data;
  data.rows = std::size_t(magnitudes.rows);
  data.cols = std::size_t(magnitudes.cols);
  data.rowName = QStringLiteral("vertical frequency (bins)");
  data.colName = QStringLiteral("horizontal frequency (bins)");
  for (int y = 0; y < magnitudes.rows; ++y) data.rowKeys.push_back(y - magnitudes.rows / 2);
  for (int x = 0; x < magnitudes.cols; ++x) data.colKeys.push_back(x - magnitudes.cols / 2);
  data.matrix.reserve(data.rows * data.cols);
  for (int y = 0; y < magnitudes.rows; ++y)
    for (int x = 0; x < magnitudes.cols; ++x)
      data.matrix.push_back(magnitudes.at((x - magnitudes.cols / 2 + magnitudes.cols) % magnitudes.cols,
                                          (y - magnitudes.rows / 2 + magnitudes.rows) % magnitudes.rows));
  return data;
}

}  // namespace

void ImageWorkspace::saveSettings() { settings_->setWorkspaceSplitter(splitter_->saveState()); }

void ImageWorkspace::makeActions() {
  tools_ = new QActionGroup(this);
  auto tool = [this](const QString& text, const QString& shortcut, const QString& tip, SpectrumTool which) {
    auto* action = new QAction(text, this);
    action->setCheckable(true);
    action->setShortcut(QKeySequence(shortcut));
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, shortcut));
    action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    tools_->addAction(action);
    connect(action, &QAction::triggered, this, [this, which] { setTool(which); });
    addAction(action);
    return action;
  };
  panAction_ = tool(tr("Pan"), QStringLiteral("H"), tr("Drag to pan; the wheel zooms"), SpectrumTool::Pan);
  notchAction_ = tool(tr("Notch"), QStringLiteral("N"), tr("Click a peak in the spectrum to notch it out"),
                      SpectrumTool::Notch);
  brushAction_ = tool(tr("Brush"), QStringLiteral("B"), tr("Paint on the spectrum to remove frequencies"),
                      SpectrumTool::Brush);
  eraserAction_ = tool(tr("Eraser"), QStringLiteral("E"), tr("Paint on the spectrum to keep frequencies"),
                       SpectrumTool::Eraser);
  notchAction_->setChecked(true);

  autoNotchAction_ = new QAction(tr("Auto notch"), this);
  autoNotchAction_->setToolTip(tr("Find isolated peaks away from DC and notch them"));
  connect(autoNotchAction_, &QAction::triggered, this, &ImageWorkspace::requestAutoNotch);
  clearMaskAction_ = new QAction(tr("Clear mask"), this);
  clearMaskAction_->setToolTip(tr("Remove every notch and painted stroke (the filter stays)"));
  connect(clearMaskAction_, &QAction::triggered, editor_, &MaskEditor::clearAll);
  overlayAction_ = new QAction(tr("Mask overlay"), this);
  overlayAction_->setCheckable(true);
  overlayAction_->setChecked(settings_->maskOverlayVisible());
  overlayAction_->setShortcut(QKeySequence(QStringLiteral("M")));
  overlayAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  addAction(overlayAction_);
  connect(overlayAction_, &QAction::toggled, this, [this](bool on) {
    spectrumView_->setOverlayVisible(on);
    displayPanel_->setOverlayVisible(on);
    settings_->setMaskOverlayVisible(on);
  });
  wholeImageAction_ = new QAction(tr("Whole image"), this);
  wholeImageAction_->setToolTip(tr("Show the spectrum of the whole image again (Esc); Shift-drag on the original "
                                   "selects a region"));
  wholeImageAction_->setShortcut(QKeySequence(Qt::Key_Escape));
  wholeImageAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  wholeImageAction_->setEnabled(false);
  addAction(wholeImageAction_);
  connect(wholeImageAction_, &QAction::triggered, this, &ImageWorkspace::clearSelection);
  tabbedAction_ = new QAction(tr("Tabs"), this);
  tabbedAction_->setCheckable(true);
  tabbedAction_->setToolTip(tr("Show the three views as tabs instead of side by side"));
  connect(tabbedAction_, &QAction::toggled, this, &ImageWorkspace::setTabbedViews);
}

QList<QAction*> ImageWorkspace::toolActions() const { return tools_->actions(); }
QUndoStack* ImageWorkspace::undoStack() const { return editor_->undoStack(); }

QWidget* ImageWorkspace::makePane(const QString& title, QWidget* view, QLabel** caption) {
  auto* pane = new QWidget;
  auto* layout = new QVBoxLayout(pane);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  *caption = new QLabel(title);
  (*caption)->setStyleSheet(QStringLiteral("font-weight: 600; padding: 2px 4px;"));
  // A long caption must not widen its pane: the three panes share the width evenly.
  (*caption)->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  (*caption)->setMinimumWidth(0);
  layout->addWidget(*caption);
  auto* body = new QGridLayout;
  body->setContentsMargins(0, 0, 0, 0);
  body->addWidget(view, 0, 0);
  if (view == spectrumView_) {
    colourBar_ = new ColourBar;
    body->addWidget(colourBar_, 0, 1);
  }
  if (view == filteredView_) {
    // Over the filtered picture: a newer result is on its way.
    computing_ = new ComputeIndicator;
    body->addWidget(computing_, 0, 0, Qt::AlignTop | Qt::AlignRight);
  }
  layout->addLayout(body, 1);
  return pane;
}

QWidget* ImageWorkspace::makeViews() {
  originalView_ = new RegionSelectView;
  spectrumView_ = new SpectrumView;
  filteredView_ = new ZoomableView;
  spectrumView_->setTool(SpectrumTool::Notch);
  spectrumView_->setOverlayVisible(settings_->maskOverlayVisible());
  makeExportable(originalView_, {tr("Original")});
  makeExportable(spectrumView_, {tr("Spectrum"), {}, [this] {
                   const WorkspaceImagePtr image = currentImage();
                   return image ? centredMagnitudes(image->magnitudes) : ViewData();
                 }});
  makeExportable(filteredView_, {tr("Filtered")});
  sync_ = new ViewSync(this);
  sync_->add(originalView_);
  sync_->add(spectrumView_);
  sync_->add(filteredView_);
  panes_ << makePane(tr("Original"), originalView_, &originalCaption_)
         << makePane(tr("Spectrum"), spectrumView_, &spectrumCaption_)
         << makePane(tr("Filtered"), filteredView_, &filteredCaption_);
  sideBySide_ = new ViewGrid;
  tabs_ = new QTabWidget;
  tabs_->setDocumentMode(true);
  viewStack_ = new QStackedWidget;
  viewStack_->addWidget(sideBySide_);
  viewStack_->addWidget(tabs_);
  for (QWidget* pane : panes_) sideBySide_->addPane(pane);
  return viewStack_;
}

void ImageWorkspace::setTabbedViews(bool tabbed) {
  if (tabbed == tabbed_ && viewStack_->currentWidget() == (tabbed ? static_cast<QWidget*>(tabs_) : sideBySide_))
    return;
  tabbed_ = tabbed;
  settings_->setTabbedViews(tabbed);
  const QStringList titles{tr("Original"), tr("Spectrum"), tr("Filtered")};
  sideBySide_->takePanes();
  for (QWidget* pane : panes_) pane->setParent(nullptr);
  tabs_->clear();
  for (int i = 0; i < panes_.size(); ++i) {
    if (tabbed) tabs_->addTab(panes_[i], titles[i]);
    else sideBySide_->addPane(panes_[i]);
    panes_[i]->show();
  }
  for (QLabel* caption : {originalCaption_, spectrumCaption_, filteredCaption_}) caption->setVisible(!tabbed);
  viewStack_->setCurrentWidget(tabbed ? static_cast<QWidget*>(tabs_) : sideBySide_);
  if (tabbed) tabs_->setCurrentIndex(1);
  if (tabbedAction_->isChecked() != tabbed) tabbedAction_->setChecked(tabbed);
}

void ImageWorkspace::setTool(SpectrumTool tool) {
  spectrumView_->setTool(tool);
  QAction* action = tool == SpectrumTool::Pan     ? panAction_
                    : tool == SpectrumTool::Notch ? notchAction_
                    : tool == SpectrumTool::Brush ? brushAction_
                                                  : eraserAction_;
  action->setChecked(true);
  if (tabbed_) tabs_->setCurrentIndex(1);  // the tools work on the spectrum
}

void ImageWorkspace::zoomIn() { spectrumView_->hasImage() ? spectrumView_->zoomIn() : originalView_->zoomIn(); }
void ImageWorkspace::zoomOut() { spectrumView_->hasImage() ? spectrumView_->zoomOut() : originalView_->zoomOut(); }
void ImageWorkspace::fitToWindow() {
  for (ZoomableView* view : {static_cast<ZoomableView*>(originalView_), static_cast<ZoomableView*>(spectrumView_), filteredView_})
    view->fitToWindow();
}
void ImageWorkspace::zoomToActualSize() { originalView_->zoomToActualSize(); }

void ImageWorkspace::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (slackTimer_) slackTimer_->start();
}

void ImageWorkspace::giveSlackToProfiles() {
  if (tabbed_ || !profiles_->isVisible()) return;
  const QList<int> sizes = profileSplitter_->sizes();
  const int total = sizes.value(0) + sizes.value(1);
  const int minimumPlots = profiles_->minimumSizeHint().height();
  // The views' pictures with all but the plots' smallest height: what they cannot use goes below,
  // up to half the height.
  const int slack = sideBySide_->slackHeight(QSize(sideBySide_->width(), total - minimumPlots));
  const int plots = std::clamp(minimumPlots + slack, minimumPlots, std::max(minimumPlots, total / 2));
  profileSplitter_->setSizes({total - plots, plots});
}

void ImageWorkspace::showDisplayRanges() {
  if (currentImage())
    displayRangePanel_->showRanges(originalRange_, filteredRange_, imaging::maxSampleValue(currentImage()->image->bitDepth));
}

void ImageWorkspace::redrawImageViews() {
  if (!currentImage()) return;
  struct Drawn {
    QImage original, filtered;
    imaging::DisplayRange originalRange, filteredRange;
  };
  const quint64 redraw = ++redraws_;
  const WorkspaceImagePtr image = currentImage();
  const FilterOutcomePtr outcome = lastOutcome();
  const imaging::DisplayRangeSettings settings = displayRangePanel_->settings();
  auto* watcher = new QFutureWatcher<Drawn>(this);
  connect(watcher, &QFutureWatcher<Drawn>::finished, this, [this, watcher, redraw, image, outcome] {
    const Drawn drawn = watcher->result();
    watcher->deleteLater();
    // A newer redraw, image or result has come meanwhile: it draws itself.
    if (redraw != redraws_ || image != currentImage() || outcome != lastOutcome()) return;
    originalView_->setImage(drawn.original, true);
    originalRange_ = drawn.originalRange;
    if (outcome) {
      filteredView_->setImage(drawn.filtered, true);
      filteredRange_ = drawn.filteredRange;
    }
    showDisplayRanges();
    emit viewsRedrawn();
  });
  // Plain pixel work on immutable shared values, no OpenCL: a pool thread is enough.
  watcher->setFuture(QtConcurrent::run([image, outcome, settings] {
    Drawn drawn;
    drawn.originalRange = imaging::chooseDisplayRange(*image->image, settings);
    drawn.original = toDisplayQImage(*image->image, drawn.originalRange);
    if (outcome) {
      drawn.filteredRange = imaging::chooseDisplayRange(outcome->filtered, settings);
      drawn.filtered = toDisplayQImage(outcome->filtered, drawn.filteredRange);
    }
    return drawn;
  }));
}

}  // namespace fftscope::gui
