// The Image workspace's fixture, and opening: the sample and its spectrum, a Gaussian low-pass
// against FFTW, auto notch on stripes, bad files leaving the current image in place.
#include "ImageWorkspaceTest.h"

void ImageWorkspaceTest::initTestCase() {
  isolateSettings();
  QVERIFY(folder_.isValid());
  settings_ = std::make_unique<gui::Settings>(folder_.filePath(QStringLiteral("settings.ini")));
  service_ = std::make_unique<EngineService>();
}

void ImageWorkspaceTest::init() {
  engine_ = std::make_unique<ImageSession>(service_.get());
  workspace_ = std::make_unique<ImageWorkspace>(engine_.get(), settings_.get());
  workspace_->resize(1400, 800);
  workspace_->show();
  QTRY_VERIFY_WITH_TIMEOUT(engine_->isReady(), kWait);
  qInfo("engine: %s%s", qPrintable(engine_->info().deviceName),
        engine_->info().openCl ? "" : qPrintable(QStringLiteral(" (") + engine_->info().notice + ")"));
  openAndWait(std::make_shared<imaging::Image>(imaging::makeSampleImage().noisy), QStringLiteral("sample"));
}

void ImageWorkspaceTest::cleanup() {
  workspace_.reset();
  engine_.reset();
}

void ImageWorkspaceTest::cleanupTestCase() { service_.reset(); }

void ImageWorkspaceTest::openAndWait(std::shared_ptr<const imaging::Image> image, const QString& name) {
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  workspace_->openImage(std::move(image), name);
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent() && workspace_->lastSpectrum(), kWait);
}

void ImageWorkspaceTest::opensTheSampleAndComputesItsSpectrum() {
  QSignalSpy shown(workspace_.get(), &ImageWorkspace::imageChanged);
  workspace_->openSample();
  QVERIFY(shown.wait(kWait));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->lastSpectrum() && workspace_->lastOutcome(), kWait);

  const WorkspaceImagePtr image = workspace_->currentImage();
  QCOMPARE(image->image->width, 512);
  QCOMPARE(image->magnitudes.rows, 512);
  QCOMPARE(image->magnitudes.cols, 512);
  // The DC bin holds the sum of the samples (no padding for a power-of-two image).
  double sum = 0;
  for (float v : image->image->data) sum += v;
  QVERIFY(std::abs(image->magnitudes.at(0, 0) - sum) <= 1e-5 * sum);
  // The magnitudes kept for the readout match FFTW's spectrum at every bin.
  const auto reference = referenceSpectrum(image->image->data, 512, 512);
  double num = 0, den = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    num += std::pow(image->magnitudes.at(int(i % 512), int(i / 512)) - std::abs(reference[i]), 2);
    den += std::norm(reference[i]);
  }
  QVERIFY2(std::sqrt(num / den) < 1e-5, qPrintable(QString::number(std::sqrt(num / den))));
  QCOMPARE(workspace_->lastSpectrum()->view.size(), QSize(512, 512));
  // With no filter the result is the image itself.
  QCOMPARE(maxAbsDifference(workspace_->lastOutcome()->filtered, *image->image), 0.0);
}

void ImageWorkspaceTest::gaussianLowPassMatchesFftwReference() {
  const double fc = 0.05;
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.shape = imaging::FilterShape::Gaussian;
  base.cutoff = fc;
  workspace_->filterPanel()->editBaseFilter(base);
  QCOMPARE(workspace_->maskEditor()->spec().base.kind, imaging::FilterKind::LowPass);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);

  const imaging::Image& source = *workspace_->currentImage()->image;
  const imaging::Image reference = referenceFiltered(source, [fc](double fx, double fy) {
    return std::exp(-(fx * fx + fy * fy) / (2.0 * fc * fc));
  });
  const imaging::Image& filtered = workspace_->lastOutcome()->filtered;
  QCOMPARE(filtered.width, source.width);
  QCOMPARE(filtered.bitDepth, source.bitDepth);
  const double error = relativeL2(filtered, reference);
  qInfo("Gaussian low-pass fc = %.2f: relative L2 against FFTW %.3g, max difference %.0f", fc, error,
        maxAbsDifference(filtered, reference));
  QVERIFY2(error <= 1e-4, qPrintable(QString::number(error)));
  // Rounding to integers can only flip a sample whose value sits within float error of a half.
  QVERIFY(maxAbsDifference(filtered, reference) <= 1.0);
  // And it did something: the stripes are gone, so the result is far from the input.
  QVERIFY(relativeL2(filtered, source) > 0.01);
}

void ImageWorkspaceTest::autoNotchRemovesStripes_data() {
  QTest::addColumn<imaging::Image>("noisy");
  QTest::addColumn<imaging::Image>("clean");
  QTest::addColumn<QList<QPoint>>("stripeBins");
  const imaging::SampleImage sample = imaging::makeSampleImage();
  QList<QPoint> bins;
  for (const auto& s : sample.stripes) bins << QPoint(int(std::lround(s.fx * 512)), int(std::lround(s.fy * 512)));
  QTest::newRow("sample 512 (two stripe patterns)") << sample.noisy << sample.clean << bins;
  imaging::Image clean;
  const imaging::Image noisy = stripedImage(256, 256, 40, -24, 20.0, &clean);
  QTest::newRow("diagonal stripes 256") << noisy << clean << QList<QPoint>{QPoint(40, -24)};
}

void ImageWorkspaceTest::autoNotchRemovesStripes() {
  QFETCH(imaging::Image, noisy);
  QFETCH(imaging::Image, clean);
  QFETCH(QList<QPoint>, stripeBins);
  openAndWait(std::make_shared<imaging::Image>(noisy), QStringLiteral("striped"));
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});  // all-pass: the notches alone
  QSignalSpy added(workspace_.get(), &ImageWorkspace::notchesAdded);
  workspace_->requestAutoNotch();
  QVERIFY(added.wait(kWait));
  QVERIFY2(added.first().first().toInt() >= stripeBins.size(), "a notch for every stripe pattern");
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);

  const imaging::Image& filtered = workspace_->lastOutcome()->filtered;
  for (const QPoint& bin : stripeBins) {
    const double before = energyNear(noisy, bin.x(), bin.y());
    const double after = energyNear(filtered, bin.x(), bin.y());
    const double dropDb = 10.0 * std::log10(before / after);
    qInfo("stripe at bin (%d, %d): energy down %.1f dB", bin.x(), bin.y(), dropDb);
    QVERIFY2(dropDb >= 20.0, qPrintable(QString::number(dropDb)));
  }
  const double psnrBefore = imaging::psnr(noisy, clean), psnrAfter = imaging::psnr(filtered, clean);
  qInfo("PSNR against the clean image: %.1f dB -> %.1f dB", psnrBefore, psnrAfter);
  QVERIFY2(psnrAfter - psnrBefore >= 10.0, qPrintable(QString::number(psnrAfter - psnrBefore)));

  // Undo takes the notches away again.
  workspace_->undoStack()->undo();
  QVERIFY(workspace_->maskEditor()->spec().notches.empty());
}

void ImageWorkspaceTest::badFilesLeaveTheCurrentImage_data() {
  QTest::addColumn<QString>("path");
  QTest::addColumn<QString>("expected");  // in the message
  QTest::newRow("truncated PNG") << writeTruncatedPng(folder_.path()) << "truncated";
  QTest::newRow("not an image") << writeGarbageFile(folder_.path()) << "garbage.png";
  QTest::newRow("huge declared size") << writeHugeDeclaredPgm(folder_.path()) << "huge.pgm";
  QTest::newRow("missing file") << folder_.filePath(QStringLiteral("missing.png")) << "missing.png";
}

void ImageWorkspaceTest::badFilesLeaveTheCurrentImage() {
  QFETCH(QString, path);
  QFETCH(QString, expected);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const WorkspaceImagePtr before = workspace_->currentImage();
  const FilterOutcomePtr outcome = workspace_->lastOutcome();
  const imaging::FilterSpec spec = workspace_->maskEditor()->spec();

  QSignalSpy failed(workspace_.get(), &ImageWorkspace::openFailed);
  workspace_->openFile(path);
  QVERIFY(failed.wait(kWait));
  const QString message = failed.first().first().toString();
  qInfo("%s", qPrintable(message));
  QVERIFY2(message.contains(expected, Qt::CaseInsensitive), qPrintable(message));
  QVERIFY(workspace_->lastMessage().contains(message));
  QCOMPARE(workspace_->currentImage(), before);
  QCOMPARE(workspace_->lastOutcome(), outcome);
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), spec.notches.size());
  // The workspace still filters the image it kept.
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::HighPass;
  base.cutoff = 0.2;
  workspace_->filterPanel()->editBaseFilter(base);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QCOMPARE(workspace_->lastOutcome()->imageId, before->id);
}

QTEST_MAIN(ImageWorkspaceTest)
