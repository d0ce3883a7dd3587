#include "image/ImageWorkspace.h"

#include "image/ColourBar.h"
#include "image/ComputeIndicator.h"
#include "image/DisplayPanel.h"
#include "image/DisplayRangePanel.h"
#include "image/ImageConversion.h"
#include "image/ImageFileActions.h"
#include "image/ImageSession.h"
#include "image/FilterPanel.h"
#include "image/MaskEditor.h"
#include "widgets/MessageBar.h"
#include "image/OpenProgress.h"
#include "image/OutputRangeBox.h"
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

#include <QAction>
#include <QActionGroup>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <QLabel>

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
ImageWorkspace::ImageWorkspace(ImageSession* engine, Settings* settings, QWidget* parent)
    : QWidget(parent),
      engine_(engine),
      settings_(settings),
      document_(new ImageDocument(engine, this)),
      editor_(document_->editor()) {
  filterPanel_ = new FilterPanel;
  displayPanel_ = new DisplayPanel;
  displayRangePanel_ = new DisplayRangePanel;
  engine_->setDisplayRange(displayRangePanel_->settings());
  filterPanel_->setPreparation(settings_->padMode(), settings_->channelMode());
  displayPanel_->setSettings(settings_->display());
  document_->restoreSettings(filterPanel_->padMode(), filterPanel_->channelMode(),
                             filterPanel_->outputRangeBox()->choice(), displayPanel_->settings());
  displayPanel_->setOverlayVisible(settings_->maskOverlayVisible());
  makeActions();

  auto* toolbar = new QToolBar;
  toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
  toolbar->addActions(toolActions());
  toolbar->addSeparator();
  auto* zoomIn = toolbar->addAction(tr("Zoom in"), this, &ImageWorkspace::zoomIn);
  zoomIn->setToolTip(tr("Zoom in (wheel up)"));
  toolbar->addAction(tr("Zoom out"), this, &ImageWorkspace::zoomOut);
  toolbar->addAction(tr("Fit"), this, &ImageWorkspace::fitToWindow);
  toolbar->addAction(tr("1:1"), this, &ImageWorkspace::zoomToActualSize);
  toolbar->addSeparator();
  toolbar->addAction(autoNotchAction_);
  toolbar->addAction(clearMaskAction_);
  toolbar->addSeparator();
  toolbar->addAction(wholeImageAction_);
  toolbar->addSeparator();
  toolbar->addAction(overlayAction_);
  toolbar->addAction(tabbedAction_);

  messageBar_ = new MessageBar;
  openProgress_ = new OpenProgress;
  readout_ = new QLabel(readoutHint());
  readout_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  readout_->setMinimumWidth(100);
  readout_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(readout_, 1);

  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->setSpacing(4);
  leftLayout->addWidget(toolbar);
  // The progress and message bars sit over the profiles, which give up the height they take: the
  // views are neither covered nor moved by a message.
  auto* notices = new QWidget;
  auto* noticesLayout = new QVBoxLayout(notices);
  noticesLayout->setContentsMargins(0, 0, 0, 0);
  noticesLayout->setSpacing(2);
  noticesLayout->addWidget(openProgress_);
  noticesLayout->addWidget(messageBar_);
  // The profiles under the views; the splitter lets them be made taller or put away.
  profiles_ = new ProfilePlots;
  auto* noticesAndProfiles = new QWidget;
  auto* lowerLayout = new QVBoxLayout(noticesAndProfiles);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->setSpacing(2);
  lowerLayout->addWidget(notices);
  lowerLayout->addWidget(profiles_, 1);
  profileSplitter_ = new QSplitter(Qt::Vertical);
  profileSplitter_->addWidget(makeViews());
  profileSplitter_->addWidget(noticesAndProfiles);
  // With the profiles put away, a message opens room for itself.
  connect(messageBar_, &MessageBar::shown, this, [this] {
    const QList<int> sizes = profileSplitter_->sizes();
    const int needed = messageBar_->sizeHint().height() + 2;
    if (sizes.value(1) < needed) profileSplitter_->setSizes({sizes.value(0) + sizes.value(1) - needed, needed});
  });
  profileSplitter_->setStretchFactor(0, 1);
  profileSplitter_->setStretchFactor(1, 0);
  profileSplitter_->setCollapsible(0, false);
  profileSplitter_->setSizes({600, 170});
  // Height the pictures cannot use goes to the profiles (once per window or image size, so a
  // splitter the user moves stays where it is put).
  slackTimer_ = new QTimer(this);
  slackTimer_->setSingleShot(true);
  slackTimer_->setInterval(50);
  connect(slackTimer_, &QTimer::timeout, this, &ImageWorkspace::giveSlackToProfiles);
  leftLayout->addWidget(profileSplitter_, 1);
  leftLayout->addLayout(bottom);

  auto* panel = new QWidget;
  auto* panelLayout = new QVBoxLayout(panel);
  panelLayout->setContentsMargins(4, 0, 4, 0);
  panelLayout->addWidget(filterPanel_);
  panelLayout->addWidget(displayPanel_);
  panelLayout->addWidget(displayRangePanel_);
  panelLayout->addStretch(1);
  auto* scroll = new QScrollArea;
  scroll->setWidget(panel);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setMinimumWidth(panel->sizeHint().width() + 24);

  splitter_ = new QSplitter(Qt::Horizontal);
  splitter_->addWidget(left);
  splitter_->addWidget(scroll);
  splitter_->setStretchFactor(0, 1);
  splitter_->setStretchFactor(1, 0);
  splitter_->setCollapsible(0, false);
  if (!settings_->workspaceSplitter().isEmpty()) splitter_->restoreState(settings_->workspaceSplitter());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(splitter_);

  setTabbedViews(settings_->tabbedViews());
  tabbedAction_->setChecked(tabbed_);

  connectSignals();
  filterPanel_->setSpec(editor_->spec());
  fileActions_ = new ImageFileActions(this, engine_, settings_);
  reportToWindow();
}

ImageWorkspace::~ImageWorkspace() {
  // The mask editor's undo stack clears itself when the children go, and would call back into
  // the message bar it may outlive.
  disconnect(undoStack(), nullptr, this, nullptr);
}

void ImageWorkspace::openFile(const QString& path) {
  dropMessageAbout(&refusalMessage_);  // about another file
  document_->setPreparation(filterPanel_->padMode(), filterPanel_->channelMode());
  document_->openFile(path);
  openProgress_->begin(QFileInfo(path).fileName());
}

void ImageWorkspace::openImage(std::shared_ptr<const imaging::Image> image, const QString& name) {
  dropMessageAbout(&refusalMessage_);
  document_->setPreparation(filterPanel_->padMode(), filterPanel_->channelMode());
  document_->openImage(std::move(image), name);
  openProgress_->begin(name);
}

void ImageWorkspace::openLiveFrame(std::shared_ptr<const imaging::Image> frame, const QString& name) {
  document_->setPreparation(filterPanel_->padMode(), filterPanel_->channelMode());
  document_->openLiveFrame(std::move(frame), name);
}

void ImageWorkspace::cancelOpening() { document_->cancelOpen(); }

void ImageWorkspace::onOpenCancelled() {
  openProgress_->finish();
  messageBar_->showMessage(currentImage() ? tr("Opening cancelled. The current image is unchanged.")
                                          : tr("Opening cancelled."),
                           MessageBar::Kind::Information);
  filterPanel_->setPreparation(document_->padMode(), document_->channelMode());
  emit openCancelled();
}

void ImageWorkspace::openSample() {
  auto sample = std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy);
  openImage(std::move(sample), tr("Sample: scene with periodic stripe noise"));
}

void ImageWorkspace::reanalyse() {
  document_->setPreparation(filterPanel_->padMode(), filterPanel_->channelMode());
  if (document_->reanalyse()) openProgress_->begin(currentImage()->name);
}

void ImageWorkspace::onImageOpened(WorkspaceImagePtr image, bool newSource) {
  if (!document_->isOpening()) openProgress_->finish();
  originalView_->setImage(image->view, !newSource);
  filteredView_->setImage(image->view, !newSource);  // until the first result
  filterPanel_->setColourImage(image->image->channels == 3);
  originalRange_ = filteredRange_ = image->displayRange;
  readout_->setText(readoutHint());  // the last readout was of the previous spectrum
  showDisplayRanges();
  if (!image->notices.isEmpty())
    messageBar_->showMessage(QStringLiteral("%1: %2").arg(image->name, image->notices.join(QStringLiteral("; "))),
                             MessageBar::Kind::Information);
  else if (newSource && messageBar_->kind() != MessageBar::Kind::Warning) messageBar_->hide();
  updateCaptions();
  profiles_->setRadialProfile(image->radialProfile);
  profiles_->clearLineProfile();
  spectrumView_->clearProfileLine();
  emit imageChanged(image);
}

void ImageWorkspace::onOpenRefused(const QString& message) {
  openProgress_->finish();
  const QString kept = currentImage() ? tr(" The current image is unchanged.") : QString();
  messageBar_->showMessage(message + kept, MessageBar::Kind::Error);
  refusalMessage_ = messageBar_->text();
  // A refused re-analysis leaves the controls showing what the current image was made with.
  filterPanel_->setPreparation(document_->padMode(), document_->channelMode());
  emit openFailed(message);
}

QString ImageWorkspace::filteredCaption() const { return filteredCaption_->text(); }
QString ImageWorkspace::lastMessage() const { return messageBar_->text(); }
QString ImageWorkspace::readoutText() const { return readout_->text(); }
void ImageWorkspace::showMessage(const QString& error) { messageBar_->showMessage(error, MessageBar::Kind::Error); }

void ImageWorkspace::dropMessageAbout(QString* shown) {
  if (!shown->isEmpty() && messageBar_->isVisible() && messageBar_->text() == *shown) messageBar_->hide();
  shown->clear();
}

}  // namespace fftscope::gui
