// The live spectrogram: time scrolls from right to left, one column per analysed frame,
// frequency upwards on a logarithmic scale from 20 Hz to Nyquist, levels in dBFS coloured from
// `floorDb` to 0. Painted from an image the new columns are written into; nothing is recomputed.
#pragma once

#include <qcustomplot.h>

#include <QImage>
#include <QWidget>

#include <vector>

namespace fftscope::gui {

class LiveSpectrogram : public QWidget {
  Q_OBJECT

 public:
  explicit LiveSpectrogram(QWidget* parent = nullptr);
  void addRows(const std::vector<std::vector<float>>& rows, double sampleRate);
  void clear();
  void setFloorDb(double floorDb) { floorDb_ = floorDb; }
  int columns() const { return image_.width(); }

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QImage image_;
  QCPColorGradient gradient_{QCPColorGradient::gpThermal};
  double floorDb_ = -120.0;
  double sampleRate_ = 48000.0;
  std::vector<int> binOfPixel_;  // per image row (top = highest frequency)
  std::size_t bins_ = 0;
};

}  // namespace fftscope::gui
