// Says that a newer result is being computed while an older one is on screen: a turning mark,
// what is being computed and for how long ("Computing Butterworth low-pass… 1.2 s"). It shows
// itself only once the work has taken longer than a glance, so quick slider drags do not flicker.
#pragma once

#include <QElapsedTimer>
#include <QLabel>

class QTimer;

namespace fftscope::gui {

class ComputeIndicator : public QLabel {
  Q_OBJECT

 public:
  explicit ComputeIndicator(QWidget* parent = nullptr);

  // what: e.g. "Butterworth low-pass fc 0.05". A second begin restarts the clock only if the
  // indicator was idle: the user waits for the result of the whole drag.
  void begin(const QString& what);
  void finish();
  bool isBusy() const { return busy_; }
  double elapsedSeconds() const;
  QString busyText() const;  // the text shown (or about to be), empty when idle

  static constexpr int kShowAfterMs = 250;

 private:
  void refresh();

  QTimer* timer_;
  QElapsedTimer clock_;
  QString what_;
  bool busy_ = false;
  int frame_ = 0;
};

}  // namespace fftscope::gui
