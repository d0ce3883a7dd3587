// Images of other shapes in the Image workspace: a padded colour image keeps its size, depth and
// channels, a photo opens at its own size, and the views switch between side by side and tabs.
#include "ImageWorkspaceTest.h"

void ImageWorkspaceTest::paddedColourImageKeepsSizeDepthAndChannels() {
  imaging::Image colour;
  colour.width = 300;
  colour.height = 200;
  colour.channels = 3;
  colour.bitDepth = 16;
  colour.data.resize(std::size_t(300) * 200 * 3);
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 300; ++x)
      for (int c = 0; c < 3; ++c)
        colour.data[(std::size_t(y) * 300 + x) * 3 + c] =
            float(20000 + 10000 * c + 8000 * std::sin(0.05 * x + 0.5 * c) + 3000 * std::cos(0.9 * y));
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);
  openAndWait(std::make_shared<imaging::Image>(colour), QStringLiteral("colour"));
  const WorkspaceImagePtr image = workspace_->currentImage();
  QCOMPARE(image->geometry.paddedWidth, 512);
  QCOMPARE(image->geometry.paddedHeight, 256);
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.cutoff = 0.1;
  workspace_->filterPanel()->editBaseFilter(base);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const imaging::Image& filtered = workspace_->lastOutcome()->filtered;
  QCOMPARE(filtered.width, 300);
  QCOMPARE(filtered.height, 200);
  QCOMPARE(filtered.channels, 3);
  QCOMPARE(filtered.bitDepth, 16);
  // Shown in 8 bits over its display range; the data keep 16.
  QCOMPARE(workspace_->lastOutcome()->view.format(), QImage::Format_RGB888);

  // Luminance only: a re-analysis of the same image, the filter kept.
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  settings_->setChannelMode(imaging::ChannelMode::Luminance);
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Zero, imaging::ChannelMode::Luminance);
  emit workspace_->filterPanel()->channelModeChanged(imaging::ChannelMode::Luminance);
  QVERIFY(shown.wait(kWait));
  QCOMPARE(workspace_->currentImage()->channelMode, imaging::ChannelMode::Luminance);
  QCOMPARE(workspace_->currentImage()->padMode, imaging::PadMode::Zero);
  QCOMPARE(workspace_->maskEditor()->spec().base.kind, imaging::FilterKind::LowPass);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QCOMPARE(workspace_->lastOutcome()->filtered.channels, 3);
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);
}

void ImageWorkspaceTest::viewsSwitchBetweenSideBySideAndTabs() {
  workspace_->setTabbedViews(true);
  QVERIFY(workspace_->tabbedAction()->isChecked());
  QVERIFY(workspace_->spectrumView()->hasImage());
  workspace_->setTool(SpectrumTool::Brush);
  QCOMPARE(workspace_->spectrumView()->tool(), SpectrumTool::Brush);
  workspace_->setTabbedViews(false);
  QVERIFY(workspace_->originalView()->isVisible());
  QVERIFY(workspace_->filteredView()->isVisible());
  // Zoom and pan follow from one view to the others.
  workspace_->originalView()->zoomIn();
  workspace_->originalView()->zoomIn();
  const ViewState a = workspace_->originalView()->viewState(), b = workspace_->filteredView()->viewState(),
                  c = workspace_->spectrumView()->viewState();
  QVERIFY(a.zoom > 1.5);
  QCOMPARE(b.zoom, a.zoom);
  QCOMPARE(c.zoom, a.zoom);
  workspace_->fitToWindow();
  QCOMPARE(workspace_->filteredView()->viewState().zoom, 1.0);
}

void ImageWorkspaceTest::aPhotoOpensAtItsOwnSize() {
  // 1000 x 750 with stripes of 50 cycles across and 30 down: bin (50, 30), 0.05 and 0.04 cycles
  // per pixel, period 1 / 0.0640 = 15.62 px. At its own size (the default) the stripes fall on one
  // bin and its twin, with nothing leaking around them: padding would spread them.
  workspace_->filterPanel()->setPreparation(imaging::PadMode::None, imaging::ChannelMode::PerChannel);
  QCOMPARE(gui::Settings(folder_.filePath(QStringLiteral("fresh.ini"))).padMode(), imaging::PadMode::None);
  imaging::Image photo;
  photo.width = 1000;
  photo.height = 750;
  photo.channels = 1;
  photo.bitDepth = 8;
  photo.data.resize(std::size_t(1000) * 750);
  for (int y = 0; y < 750; ++y)
    for (int x = 0; x < 1000; ++x)
      photo.data[std::size_t(y) * 1000 + x] = float(128 + 100 * std::cos(2 * M_PI * (50.0 * x / 1000 + 30.0 * y / 750)));
  openAndWait(std::make_shared<imaging::Image>(photo), QStringLiteral("photo"));
  const WorkspaceImagePtr image = workspace_->currentImage();
  QCOMPARE(image->geometry.paddedWidth, 1000);
  QCOMPARE(image->geometry.paddedHeight, 750);
  QCOMPARE(image->magnitudes.cols, 1000);
  QCOMPARE(image->magnitudes.rows, 750);
  QCOMPARE(workspace_->lastSpectrum()->view.size(), QSize(1000, 750));

  // The strongest bin other than DC, and the largest of all the others.
  const imaging::SpectrumMagnitudes& m = image->magnitudes;
  const auto magnitude = [&m](std::size_t i) { return double(m.at(int(i % 1000), int(i / 1000))); };
  const std::size_t bins = std::size_t(750) * 1000;
  std::size_t peak = 1;
  for (std::size_t i = 1; i < bins; ++i)
    if (magnitude(i) > magnitude(peak)) peak = i;
  const int ky = int(peak / 1000), kx = int(peak % 1000);
  double others = 0;
  for (std::size_t i = 1; i < bins; ++i) {
    const int y = int(i / 1000), x = int(i % 1000);
    const bool stripe = (x == 50 && y == 30) || (x == 950 && y == 720);
    if (!stripe) others = std::max(others, magnitude(i));
  }
  QVERIFY2((kx == 50 && ky == 30) || (kx == 950 && ky == 720), qPrintable(QStringLiteral("peak at %1, %2").arg(kx).arg(ky)));
  QVERIFY2(others < 1e-4 * magnitude(peak), qPrintable(QString::number(others / magnitude(peak))));

  // The readout at the stripe's place in the centred display (DC at (500, 375)).
  const imaging::SpectrumReadout r = imaging::readSpectrum(image->magnitudes, 500 + 50, 375 + 30);
  QCOMPARE(r.kx, 50);
  QCOMPARE(r.ky, 30);
  QVERIFY(std::abs(r.fx - 0.05) < 1e-12 && std::abs(r.fy - 0.04) < 1e-12);
  QVERIFY2(std::abs(r.periodPixels - 1 / std::hypot(0.05, 0.04)) < 1e-9, qPrintable(QString::number(r.periodPixels)));
  // An amplitude of 100 on a full-scale 8-bit image reads 20 log10(100 / 2) dB at each twin bin.
  QVERIFY2(std::abs(r.levelDb - 20 * std::log10(50.0)) < 0.01, qPrintable(QString::number(r.levelDb)));
  workspace_->filterPanel()->setPreparation(imaging::PadMode::Mirror, imaging::ChannelMode::PerChannel);
}
