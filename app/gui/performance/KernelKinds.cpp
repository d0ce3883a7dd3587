#include "performance/KernelKinds.h"

#include <QHash>

namespace fftscope::gui {

const QStringList& kernelKinds() {
  static const QStringList kinds{QStringLiteral("upload"),          QStringLiteral("stockham r2"),
                                 QStringLiteral("stockham r4"),     QStringLiteral("stockham r8"),
                                 QStringLiteral("stockham r16"),    QStringLiteral("stockham other"),
                                 QStringLiteral("local_fft"),       QStringLiteral("grouped_fft"),
                                 QStringLiteral("transpose naive"),
                                 QStringLiteral("transpose tiled"), QStringLiteral("transpose padded"),
                                 QStringLiteral("copy"),            QStringLiteral("convolution"),
                                 QStringLiteral("filter"),
                                 QStringLiteral("spectrum"),        QStringLiteral("download")};
  return kinds;
}

QString kernelKind(const TimingRecord& record) {
  const PassInfo& p = record.pass;
  switch (p.kind) {
    case PassKind::Upload: return QStringLiteral("upload");
    case PassKind::Download: return QStringLiteral("download");
    case PassKind::Local: return QStringLiteral("local_fft");
    case PassKind::Grouped: return QStringLiteral("grouped_fft");
    case PassKind::Copy: return QStringLiteral("copy");
    case PassKind::Transpose: {
      const std::string_view mode = toString(p.transpose);
      return QStringLiteral("transpose ") + QString::fromLatin1(mode.data(), qsizetype(mode.size()));
    }
    case PassKind::Stockham:
      if (p.radix == 2 || p.radix == 4 || p.radix == 8 || p.radix == 16)
        return QStringLiteral("stockham r%1").arg(p.radix);
      return QStringLiteral("stockham other");
    case PassKind::Elementwise:
      // Bluestein's chirps and product, Rader's permutation (around an FFT of the padded length);
      // the spectrum's display measure; everything else element-wise serves filtering.
      if (isBluesteinPass(p)) return QStringLiteral("convolution");
      return p.elementwise.name == "centred_measure" ? QStringLiteral("spectrum") : QStringLiteral("filter");
  }
  return QStringLiteral("filter");
}

int kernelKindIndex(const QString& kind) { return static_cast<int>(kernelKinds().indexOf(kind)); }

QColor kernelKindColour(const QString& kind) {
  // Transfers grey, FFT passes blues and greens by radix, transposes oranges, the rest purple.
  static const QHash<QString, QColor> colours{
      {QStringLiteral("upload"), QColor(120, 120, 120)},
      {QStringLiteral("download"), QColor(80, 80, 80)},
      {QStringLiteral("stockham r2"), QColor(158, 202, 225)},
      {QStringLiteral("stockham r4"), QColor(107, 174, 214)},
      {QStringLiteral("stockham r8"), QColor(49, 130, 189)},
      {QStringLiteral("stockham r16"), QColor(8, 81, 156)},
      {QStringLiteral("stockham other"), QColor(94, 60, 153)},
      {QStringLiteral("local_fft"), QColor(49, 163, 84)},
      {QStringLiteral("grouped_fft"), QColor(116, 196, 118)},
      {QStringLiteral("transpose naive"), QColor(253, 174, 107)},
      {QStringLiteral("transpose tiled"), QColor(241, 105, 19)},
      {QStringLiteral("transpose padded"), QColor(166, 54, 3)},
      {QStringLiteral("copy"), QColor(189, 189, 189)},
      {QStringLiteral("convolution"), QColor(140, 86, 75)},
      {QStringLiteral("filter"), QColor(203, 24, 29)},
      {QStringLiteral("spectrum"), QColor(231, 41, 138)},
  };
  return colours.value(kind, QColor(0, 0, 0));
}

double gigabytesPerSecond(const TimingRecord& record) {
  if (record.nanoseconds == 0) return 0;
  return double(record.pass.bytesRead + record.pass.bytesWritten) / double(record.nanoseconds);
}

QString describeRecord(const TimingRecord& record, double copyGBs) {
  const PassInfo& p = record.pass;
  QString text = QString::fromStdString(p.label());
  if (p.kind != PassKind::Upload && p.kind != PassKind::Download && p.local[0] > 1)
    text += QStringLiteral(" wg=%1").arg(p.local[0] * p.local[1]);
  const double gbs = gigabytesPerSecond(record);
  text += QStringLiteral(" — %1 ms, %2 GB/s").arg(double(record.nanoseconds) / 1e6, 0, 'f', 4).arg(gbs, 0, 'f', 1);
  if (copyGBs > 0) text += QStringLiteral(" (%1% of copy)").arg(100.0 * gbs / copyGBs, 0, 'f', 0);
  if (!record.workspace.empty())
    text += QStringLiteral(" — %1 request %2").arg(QString::fromStdString(record.workspace)).arg(record.request);
  if (!record.device.empty()) text += QStringLiteral(" — on %1").arg(QString::fromStdString(record.device));
  return text;
}

}  // namespace fftscope::gui
