// The Image workspace's views, offscreen: a slow result says it is being computed while the
// caption keeps naming the filter of the picture shown; the views fill their panes at common
// window sizes and every control stays reachable on a small screen.
#pragma once

#include "engine/EngineService.h"
#include "GuiTestSupport.h"
#include "image/ColourBar.h"
#include "image/ComputeIndicator.h"
#include "image/MaskEditor.h"
#include "image/NotchTable.h"
#include "image/ProfilePlots.h"
#include "image/RegionAnalysis.h"
#include "imaging/SpectrumLayout.h"
#include "image/DisplayPanel.h"
#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/ImageWorkspace.h"
#include "image/SpectrumView.h"
#include "image/ViewGrid.h"
#include "image/ZoomableView.h"
#include "imaging/SampleImage.h"
#include "shell/Settings.h"
#include "widgets/ElidingStatusBar.h"

#include <QAbstractButton>
#include <QPushButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QGraphicsPixmapItem>
#include <QScrollArea>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <numbers>

#include <memory>

using namespace fftscope;
using namespace fftscope::gui;
using namespace fftscope::gui::testing;

namespace {
constexpr int kWait = 120000;  // ms; the first run compiles kernels
}  // namespace

class ImageViewsTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void cleanupTestCase();
  void aSlowResultShowsBusyAndKeepsTheShownCaption();
  void theViewsFillTheirPanes_data();
  void theViewsFillTheirPanes();
  void everyControlIsReachableOnASmallScreen();
  void theRadialProfileShowsTheFiltersResponse_data();
  void theRadialProfileShowsTheFiltersResponse();
  void theColourBarAndTheLineProfileReadTheSpectrum();
  void theReadoutSnapsToAPeakAtFitZoom();
  void notchesAreTypedAsNumbersAndUndo();
  void aCutoffIsTypedAsAPeriod();
  void theSpectrumOfASelectionPeaksAtItsPattern();
  void messagesNeitherShiftTheViewsNorRunOver();

 private:
  void openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name);

  // The engine is shared; each function (and data row) gets a workspace of its own with the sample open.
  QTemporaryDir folder_;
  std::unique_ptr<gui::Settings> settings_;
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ImageSession> engine_;
  std::unique_ptr<ImageWorkspace> workspace_;
};
