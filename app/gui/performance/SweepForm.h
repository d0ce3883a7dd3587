// The options of a sweep, as a person picks them: variants with their twiddle modes (and, in 2D,
// transposes), precision, 1D or 2D, a range of power-of-two sizes, a batch or a fixed number of
// points per case, the peers, warm-ups and repetitions. Produces a bench::SweepSpec.
#pragma once

#include "bench/SweepSpec.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QListWidget;
class QRadioButton;
class QSpinBox;

namespace fftscope::gui {

class SweepForm : public QWidget {
  Q_OBJECT

 public:
  explicit SweepForm(QWidget* parent = nullptr);

  // Throws std::invalid_argument naming what is missing (no variant and no peer, ...).
  bench::SweepSpec spec() const;

  // For tests and start-up: pick exactly these variant names and peers, and the sizes 2^from..2^to.
  void select(const QStringList& variants, const QStringList& peers, int fromLog2, int toLog2);
  void setRepetitions(int warmup, int repeat);
  void setPrecision(const QString& precision);  // "f32" or "f64"
  void setPoints(std::size_t points);
  // How long one peer case may run in its process before it is stopped and failed.
  int peerLimitSeconds() const;
  void setPeerLimitSeconds(int seconds);

 private:
  void fillVariants();

  QListWidget* variants_;
  QListWidget* transposes_;
  QComboBox* precision_;
  QComboBox* dims_;
  QSpinBox* fromLog2_;
  QSpinBox* toLog2_;
  QRadioButton* byPoints_;
  QRadioButton* byBatch_;
  QSpinBox* pointsLog2_;
  QSpinBox* batch_;
  QCheckBox* fftw_;
  QCheckBox* clfft_;
  QCheckBox* vkfft_;
  QSpinBox* warmup_;
  QSpinBox* repeat_;
  QSpinBox* peerLimit_;
};

}  // namespace fftscope::gui
