// The Image workspace end to end, offscreen: the sample opens and shows its spectrum, a Gaussian
// low-pass matches FFTW and the formula, auto notch removes stripes, bad files leave the current
// image in place with a message, mask edits undo and redo, newer requests supersede older ones.
#pragma once

#include "engine/EngineService.h"
#include "image/ImageSession.h"
#include "image/FilterPanel.h"
#include "GuiTestSupport.h"
#include "image/ImageWorkspace.h"
#include "image/MaskEditor.h"
#include "widgets/MessageBar.h"
#include "shell/Settings.h"
#include "imaging/ImageMetrics.h"
#include "imaging/SampleImage.h"
#include "imaging/SpectrumReadout.h"

#include <QDoubleSpinBox>
#include <QTableWidget>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace fftscope;
using namespace fftscope::gui;
using namespace fftscope::gui::testing;

Q_DECLARE_METATYPE(fftscope::imaging::Image)

namespace {
constexpr int kWait = 120000;  // ms; the first run compiles kernels
}

class ImageWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void cleanupTestCase();
  void opensTheSampleAndComputesItsSpectrum();
  void gaussianLowPassMatchesFftwReference();
  void autoNotchRemovesStripes_data();
  void autoNotchRemovesStripes();
  void badFilesLeaveTheCurrentImage_data();
  void badFilesLeaveTheCurrentImage();
  void maskEditsUndoAndRedo();
  void newerRequestsSupersedeOlderOnes();
  void paddedColourImageKeepsSizeDepthAndChannels();
  void viewsSwitchBetweenSideBySideAndTabs();
  void theMouseReadsPlacesNotchesAndPaints();
  void autoNotchTwiceKeepsOneNotchAPeakAndItsNoticeCoversNoView();
  void aPhotoOpensAtItsOwnSize();

 private:
  void openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name);

  // The engine is shared; each function gets a workspace of its own with the sample open.
  QTemporaryDir folder_;
  std::unique_ptr<gui::Settings> settings_;
  std::unique_ptr<EngineService> service_;
  std::unique_ptr<ImageSession> engine_;
  std::unique_ptr<ImageWorkspace> workspace_;
};
