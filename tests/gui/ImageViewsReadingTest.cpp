// Reading the spectrum in the Image workspace: the radial profile shows the filter's response, the
// colour bar and the line profile read the spectrum, the readout snaps to a peak, and the spectrum
// of a selection peaks at its pattern.
#include "ImageViewsTest.h"

void ImageViewsTest::theRadialProfileShowsTheFiltersResponse_data() {
  QTest::addColumn<int>("kind");
  QTest::addColumn<int>("shape");
  QTest::newRow("ideal low-pass") << int(imaging::FilterKind::LowPass) << int(imaging::FilterShape::Ideal);
  QTest::newRow("Gaussian low-pass") << int(imaging::FilterKind::LowPass) << int(imaging::FilterShape::Gaussian);
  QTest::newRow("Butterworth high-pass") << int(imaging::FilterKind::HighPass) << int(imaging::FilterShape::Butterworth);
  QTest::newRow("Butterworth band-stop") << int(imaging::FilterKind::BandStop) << int(imaging::FilterShape::Butterworth);
  QTest::newRow("Gaussian band-pass") << int(imaging::FilterKind::BandPass) << int(imaging::FilterShape::Gaussian);
  QTest::newRow("ideal band-stop") << int(imaging::FilterKind::BandStop) << int(imaging::FilterShape::Ideal);
}

void ImageViewsTest::theRadialProfileShowsTheFiltersResponse() {
  QFETCH(int, kind);
  QFETCH(int, shape);
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind(kind);
  base.shape = imaging::FilterShape(shape);
  base.cutoff = 0.1;
  base.upperCutoff = 0.25;
  base.order = 3;
  workspace_->filterPanel()->editBaseFilter(base);
  // The formulas as FilterResponse.h states them, written out here.
  auto lowPass = [&](double f, double fc) {
    switch (base.shape) {
      case imaging::FilterShape::Ideal: return f <= fc ? 1.0 : 0.0;
      case imaging::FilterShape::Gaussian: return std::exp(-f * f / (2 * fc * fc));
      case imaging::FilterShape::Butterworth: return 1.0 / (1.0 + std::pow(f / fc, 2 * base.order));
    }
    return std::nan("");
  };
  // Gonzalez & Woods' band-reject, centre D0 and width W from the two edges.
  auto bandReject = [&](double d) {
    const double d0 = (base.cutoff + base.upperCutoff) / 2, w = base.upperCutoff - base.cutoff;
    switch (base.shape) {
      // D0 -+ W/2 are the edges as given.
      case imaging::FilterShape::Ideal: return base.cutoff <= d && d <= base.upperCutoff ? 0.0 : 1.0;
      case imaging::FilterShape::Gaussian: return d == 0 ? 1.0 : 1 - std::exp(-std::pow((d * d - d0 * d0) / (d * w), 2));
      case imaging::FilterShape::Butterworth: return 1.0 / (1.0 + std::pow(d * w / (d * d - d0 * d0), 2 * base.order));
    }
    return std::nan("");
  };
  auto expected = [&](double f) {
    switch (base.kind) {
      case imaging::FilterKind::LowPass: return lowPass(f, base.cutoff);
      case imaging::FilterKind::HighPass: return 1 - lowPass(f, base.cutoff);
      case imaging::FilterKind::BandPass: return 1 - bandReject(f);
      case imaging::FilterKind::BandStop: return bandReject(f);
      default: return 1.0;
    }
  };
  ProfilePlots* plots = workspace_->profilePlots();
  for (double f : {0.0, 0.05, 0.099, 0.1, 0.15, 0.175, 0.25, 0.4})
    QVERIFY2(std::abs(plots->plottedResponse(f) - expected(f)) < 1e-9,
             qPrintable(QStringLiteral("H(%1) = %2, formula %3").arg(f).arg(plots->plottedResponse(f)).arg(expected(f))));
  // H is on the second value axis, 0 .. 1, beside the level in dB.
  QCOMPARE(plots->radialPlot()->graph(1)->valueAxis(), plots->radialPlot()->yAxis2);
  // The label says what the cutoff means for this shape.
  const bool band = base.kind == imaging::FilterKind::BandPass || base.kind == imaging::FilterKind::BandStop;
  if (band) QCOMPARE(plots->cutoffLabel(), QStringLiteral("D0 = 0.175, W = 0.150"));
  else if (base.shape == imaging::FilterShape::Ideal) QVERIFY(plots->cutoffLabel().contains(QStringLiteral("edge")));
  else QVERIFY2(plots->cutoffLabel().contains(QString::number(expected(base.cutoff), 'f', 2)), qPrintable(plots->cutoffLabel()));
  // The level curve is the image's radial profile.
  const imaging::RadialProfile& profile = workspace_->currentImage()->radialProfile;
  QCOMPARE(plots->radialPlot()->graph(0)->dataCount(), int(profile.radius.size()));
  for (std::size_t i : {std::size_t(1), std::size_t(50), std::size_t(200)})
    QCOMPARE(plots->plottedLevel(profile.radius[i]), profile.meanDb[i]);
}

void ImageViewsTest::theColourBarAndTheLineProfileReadTheSpectrum() {
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->lastSpectrum(), kWait);
  const auto ticks = workspace_->colourBar()->ticks();
  QVERIFY(ticks.size() >= 3);
  for (const auto& [position, label] : ticks) {
    QVERIFY(position >= 0.0 && position <= 1.0);
    bool number = false;
    label.toDouble(&number);
    QVERIFY2(number, qPrintable(label));
  }
  QVERIFY(ticks.front().second.toDouble() < ticks.back().second.toDouble());  // dB up the bar
  // A line across the stripe's peak at (80, 48) / 512: the profile's strongest sample is there.
  SpectrumView* view = workspace_->spectrumView();
  view->setProfileLine(60.0 / 512, 48.0 / 512, 100.0 / 512, 48.0 / 512);
  QCPGraph* line = workspace_->profilePlots()->linePlot()->graph(0);
  QCOMPARE(line->dataCount(), 41);
  double best = -1e9, at = -1;
  for (auto it = line->data()->constBegin(); it != line->data()->constEnd(); ++it)
    if (it->value > best) { best = it->value; at = it->key; }
  QVERIFY2(std::abs(at - 20.0 / 512) < 1e-9, qPrintable(QString::number(at * 512)));
}

void ImageViewsTest::theReadoutSnapsToAPeakAtFitZoom() {
  workspace_->resize(1500, 820);
  QTest::qWait(100);
  workspace_->fitToWindow();
  QTest::qWait(50);
  SpectrumView* view = workspace_->spectrumView();
  QVERIFY2(view->transform().m11() < 1.0, qPrintable(QString::number(view->transform().m11())));  // bins < pixels
  auto at = [view](double x, double y) { return view->mapFromScene(QPointF(x + 0.5, y + 0.5)); };
  // Two bins off the stripe at (80, 48): the readout reads the peak and says so.
  QTest::mouseMove(view->viewport(), at(256 + 82, 256 + 47));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("snapped to peak")), qPrintable(workspace_->readoutText()));
  QVERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.1563, fy 0.0938")), qPrintable(workspace_->readoutText()));
  // Counter-clockwise from +x with y up: the peak lies below the axis, at -atan(48 / 80).
  QVERIFY2(workspace_->readoutText().contains(QStringLiteral("angle -31.0°")), qPrintable(workspace_->readoutText()));
  // Far from any peak, the bin under the pointer is read as it is.
  QTest::mouseMove(view->viewport(), at(256 + 150, 256 - 170));
  QTRY_VERIFY2(!workspace_->readoutText().contains(QStringLiteral("snapped")), qPrintable(workspace_->readoutText()));
  // Zoomed in so that a bin spans many pixels, nothing is snapped.
  view->setViewState(ViewState{16.0, QPointF(338.0 / 512, 303.0 / 512)});
  QTest::qWait(50);
  QTest::mouseMove(view->viewport(), at(256 + 82, 256 + 47));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.1602")), qPrintable(workspace_->readoutText()));
  QVERIFY(!workspace_->readoutText().contains(QStringLiteral("snapped")));
  workspace_->fitToWindow();
}

void ImageViewsTest::theSpectrumOfASelectionPeaksAtItsPattern() {
  // A smooth ramp with stripes at (0.125, 0.0625) cycles per pixel in one square only.
  const QRect patch(320, 64, 128, 128);
  auto image = std::make_shared<imaging::Image>();
  image->width = image->height = 512;
  image->data.resize(512 * 512);
  for (int y = 0; y < 512; ++y)
    for (int x = 0; x < 512; ++x)
      image->data[std::size_t(y) * 512 + x] = float(
          80.0 + 0.1 * x + (patch.contains(x, y) ? 40.0 * std::cos(2 * std::numbers::pi * (0.125 * x + 0.0625 * y)) : 0.0));
  openAndWait(image, QStringLiteral("patch"));
  workspace_->resize(1500, 820);
  workspace_->fitToWindow();
  QTest::qWait(50);

  // Shift-drag over the patch on the original.
  ZoomableView* original = workspace_->originalView();
  auto at = [original](double x, double y) { return original->mapFromScene(QPointF(x, y)); };
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::regionSpectrumShown);
  QTest::mousePress(original->viewport(), Qt::LeftButton, Qt::ShiftModifier, at(patch.left() + 0.2, patch.top() + 0.2));
  QTest::mouseMove(original->viewport(), at(patch.center().x(), patch.center().y()));
  QTest::mouseRelease(original->viewport(), Qt::LeftButton, Qt::ShiftModifier,
                      at(patch.right() + 0.8, patch.bottom() + 0.8));
  QVERIFY(shown.wait(kWait));
  const auto region = workspace_->regionShown();
  QVERIFY(region);
  QVERIFY2(std::abs(region->region.x - patch.x()) <= 1 && std::abs(region->region.width - patch.width()) <= 2,
           qPrintable(QStringLiteral("%1 %2").arg(region->region.x).arg(region->region.width)));
  QVERIFY2(workspace_->spectrumCaption().contains(QStringLiteral("Hann window")), qPrintable(workspace_->spectrumCaption()));
  QCOMPARE(workspace_->spectrumView()->image().size(), QSize(region->magnitudes.cols, region->magnitudes.rows));

  // Its strongest bin away from DC is the pattern's (or its twin's).
  const imaging::SpectrumMagnitudes& s = region->magnitudes;
  int bestX = 0, bestY = 0;
  float strongest = -1;
  for (int y = 0; y < s.rows; ++y)
    for (int x = 0; x < s.cols; ++x) {
      const int kx = imaging::signedBin(x, s.cols), ky = imaging::signedBin(y, s.rows);
      if (kx * kx + ky * ky <= 9) continue;
      if (s.at(x, y) > strongest) {
        strongest = s.at(x, y);
        bestX = kx;
        bestY = ky;
      }
    }
  if (bestX < 0) bestX = -bestX, bestY = -bestY;
  QVERIFY2(std::abs(double(bestX) / s.cols - 0.125) <= 1.0 / s.cols && std::abs(double(bestY) / s.rows - 0.0625) <= 1.0 / s.rows,
           qPrintable(QStringLiteral("(%1, %2) of %3 x %4").arg(bestX).arg(bestY).arg(s.cols).arg(s.rows)));
  // The readout reads the selection's spectrum.
  auto spectrumAt = [this](double x, double y) { return workspace_->spectrumView()->mapFromScene(QPointF(x + 0.5, y + 0.5)); };
  QTest::mouseMove(workspace_->spectrumView()->viewport(), spectrumAt(s.cols / 2 + 16, s.rows / 2 + 8));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.1250, fy 0.0625")), qPrintable(workspace_->readoutText()));

  // Clearing the selection returns to the whole image.
  workspace_->wholeImageAction()->trigger();
  QVERIFY(!workspace_->regionShown());
  QCOMPARE(workspace_->spectrumView()->image().size(), QSize(512, 512));
  QVERIFY2(workspace_->spectrumCaption().startsWith(QStringLiteral("Spectrum — 512")), qPrintable(workspace_->spectrumCaption()));
  QVERIFY(!workspace_->wholeImageAction()->isEnabled());
  QVERIFY2(workspace_->filteredCaption().startsWith(QStringLiteral("Filtered — no filter")),
           qPrintable(workspace_->filteredCaption()));  // still the picture shown, not "not yet computed"
}
