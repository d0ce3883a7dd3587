// The Image workspace's spectrum view zoomed out: a 512 x 512 spectrum, black but for two pairs
// of single bright bins (the sample's stripes), fitted into 240 x 240 pixels, shows all four
// points however they fall between screen pixels; zoomed in, pixels stay pixels.
#include "image/SpectrumView.h"

#include <QtTest>

#include <array>

using namespace fftscope::gui;

class SpectrumPeaksTest : public QObject {
  Q_OBJECT

 private slots:
  void fourBrightBinsShowInTwoHundredFortyPixels();
};

namespace {

// Bright pixels of a picture, grouped: how many separate bright spots (8-connected) it shows.
int brightSpots(const QImage& picture) {
  QImage seen(picture.size(), QImage::Format_Grayscale8);
  seen.fill(0);
  int spots = 0;
  for (int y = 0; y < picture.height(); ++y)
    for (int x = 0; x < picture.width(); ++x) {
      if (qGray(picture.pixel(x, y)) < 200 || qGray(seen.pixel(x, y))) continue;
      ++spots;
      QList<QPoint> todo{{x, y}};
      seen.setPixel(x, y, 255);
      while (!todo.isEmpty()) {
        const QPoint p = todo.takeLast();
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            const QPoint q = p + QPoint(dx, dy);
            if (!picture.rect().contains(q) || qGray(seen.pixel(q)) || qGray(picture.pixel(q)) < 200) continue;
            seen.setPixel(q, 255);
            todo << q;
          }
      }
    }
  return spots;
}

}  // namespace

void SpectrumPeaksTest::fourBrightBinsShowInTwoHundredFortyPixels() {
  for (const int offset : {0, 1, 2, 3}) {
    QImage spectrum(512, 512, QImage::Format_RGB32);
    spectrum.fill(QColor(10, 10, 10));
    // Two conjugate pairs around the centre (256, 256), moved a bin at a time between rounds.
    const std::array<QPoint, 4> bins = {QPoint(256 + 37 + offset, 256 + 5), QPoint(256 - 37 - offset, 256 - 5),
                                        QPoint(256 + 3, 256 + 91 + offset), QPoint(256 - 3, 256 - 91 - offset)};
    for (const QPoint& bin : bins) spectrum.setPixel(bin, qRgb(255, 255, 255));
    SpectrumView view;
    view.setAxesVisible(false);
    view.resize(240, 240);
    view.show();
    view.setImage(spectrum, false);
    view.fitToWindow();
    QVERIFY(view.transform().m11() < 0.5);
    const QImage shown = view.viewport()->grab().toImage();
    const int spots = brightSpots(shown);
    qInfo("offset %d: scale %.3f, %d bright spots", offset, view.transform().m11(), spots);
    QCOMPARE(spots, 4);
  }
  // Zoomed in, one picture pixel covers several screen pixels and the view draws it as it is.
  QImage spectrum(64, 64, QImage::Format_RGB32);
  spectrum.fill(QColor(10, 10, 10));
  spectrum.setPixel(20, 30, qRgb(255, 255, 255));
  SpectrumView view;
  view.setAxesVisible(false);
  view.resize(400, 400);
  view.show();
  view.setImage(spectrum, false);
  view.fitToWindow();
  QVERIFY(view.transform().m11() > 4.0);
  QCOMPARE(brightSpots(view.viewport()->grab().toImage()), 1);
}

QTEST_MAIN(SpectrumPeaksTest)
#include "SpectrumPeaksTest.moc"
