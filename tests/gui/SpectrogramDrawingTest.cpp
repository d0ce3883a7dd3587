// The spectrogram as drawn: the 0.5-amplitude 1 kHz tone (-6.02 dBFS, one bin wide in 513) shows
// at its level, to within the Hann window's scalloping, in the window, in a small picture and in
// a 1600 x 900 export alike, with colours spanning only 10 dB; the readout under the pointer
// names the cell drawn there; a log frequency axis draws the tone where the axis says.
#include "SignalWorkspaceTest.h"

#include "widgets/PlotExport.h"

namespace {

constexpr double kToneDbfs = -6.0206;

// The loudest level drawn within three pixel rows of y in the column at x, read back from the
// colours through the view's gradient over its data range.
double drawnLevelNear(const QImage& image, SpectrogramView* view, int x, int y) {
  QCPColorGradient gradient = view->colourMap()->gradient();
  const QCPRange range = view->colourMap()->dataRange();
  double loudest = -1e300;
  for (int row = y - 3; row <= y + 3; ++row) {
    const QColor drawn = image.pixelColor(x, row);
    double best = 1e300, level = range.lower;
    for (int step = 0; step <= 1000; ++step) {
      const double v = range.lower + range.size() * step / 1000.0;
      const QColor c = QColor::fromRgb(gradient.color(v, range));
      const double d = std::pow(c.red() - drawn.red(), 2) + std::pow(c.green() - drawn.green(), 2) +
                       std::pow(c.blue() - drawn.blue(), 2);
      if (d < best) best = d, level = v;
    }
    loudest = std::max(loudest, level);
  }
  return loudest;
}

// The level drawn at the tone in the middle of the signal, in a picture of the view just made
// (the view's layout is still the picture's) at `scale` picture pixels per layout pixel.
double drawnToneLevel(const QImage& image, SpectrogramView* view, double scale = 1.0) {
  return drawnLevelNear(image, view, int(scale * view->xAxis->coordToPixel(0.5)),
                        int(scale * view->yAxis->coordToPixel(1000.0)));
}

}  // namespace

void SignalWorkspaceTest::aNarrowToneIsDrawnAtItsLevelAtEverySize() {
  SpectrogramView* view = workspace_->spectrogramView();
  view->setLevels(0.0, 10.0);
  view->xAxis->setRange(0.0, 1.0);
  for (const QSize size : {view->size(), QSize(400, 150), QSize(1366, 260)}) {
    const QImage picture = view->toPixmap(size.width(), size.height()).toImage();
    const double level = drawnToneLevel(picture, view);
    qInfo("%d x %d: the tone is drawn at %.2f dBFS", size.width(), size.height(), level);
    QVERIFY2(std::abs(level - kToneDbfs) < 1.0, qPrintable(QStringLiteral("%1 x %2").arg(size.width()).arg(size.height())));
  }
  const QString path = folder_.filePath(QStringLiteral("spectrogram-levels.png"));
  QCOMPARE(exportPlot(view, path), QString());
  const double exported = drawnToneLevel(QImage(path), view, 2.0);  // exports draw at twice the scale
  qInfo("export: the tone is drawn at %.2f dBFS", exported);
  QVERIFY(std::abs(exported - kToneDbfs) < 1.0);
  view->setLevels(0.0, 100.0);
  view->replot();
}

void SignalWorkspaceTest::theSpectrogramReadsTheCellUnderThePointer() {
  SpectrogramView* view = workspace_->spectrogramView();
  view->replot();
  // The centre of bin 21 (1 kHz is bin 21.33): the pointer on the tone's brightest row whatever
  // the view's height, not on the row beside it, 2 dB down the Hann window's slope.
  const double toneBinHz = 21 * 48000.0 / 1024;
  const QPointF at(view->xAxis->coordToPixel(0.5), view->yAxis->coordToPixel(toneBinHz));
  QMouseEvent move(QEvent::MouseMove, at, view->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
  QApplication::sendEvent(view, &move);
  qInfo("readout: %s", qPrintable(view->readout()));
  QVERIFY(view->readout().contains(QStringLiteral("dBFS")));
  const std::optional<SpectrogramView::Cell> cell = view->cellAt(at);
  QVERIFY(cell);
  QVERIFY(std::abs(cell->hertz - 1000.0) < 48000.0 / 1024.0);
  QVERIFY(std::abs(cell->dbfs - kToneDbfs) < 1.0);
  QVERIFY(std::abs(cell->seconds - 0.5) < 0.05);
  QVERIFY(view->readout().contains(QString::number(cell->dbfs, 'f', 1)));
  QEvent leave(QEvent::Leave);
  QApplication::sendEvent(view, &leave);
  QVERIFY(view->readout().isEmpty());
}

void SignalWorkspaceTest::theSpectrogramHasALogFrequencyAxis() {
  SpectrogramView* view = workspace_->spectrogramView();
  auto* box = workspace_->analysisPanel()->findChild<QCheckBox*>(QStringLiteral("spectrogramLogFrequency"));
  QVERIFY(box);
  box->click();
  QCOMPARE(view->yAxis->scaleType(), QCPAxis::stLogarithmic);
  QCOMPARE(view->yAxis->range().upper, 24000.0);
  QVERIFY(view->yAxis->range().lower > 0.0);
  view->setLevels(0.0, 10.0);
  const double level = drawnToneLevel(view->toPixmap(700, 260).toImage(), view);
  qInfo("log axis: the tone is drawn at %.2f dBFS", level);
  QVERIFY(std::abs(level - kToneDbfs) < 1.0);
  view->setLevels(0.0, 100.0);
  box->click();
  QCOMPARE(view->yAxis->scaleType(), QCPAxis::stLinear);
}
