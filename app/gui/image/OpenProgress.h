// A bar over the views while an image is being opened: what the engine is doing, a busy
// indicator and Cancel. It appears only when opening takes longer than a moment.
#pragma once

#include <QFrame>
#include <QTimer>

class QLabel;
class QProgressBar;
class QPushButton;

namespace fftscope::gui {

class OpenProgress : public QFrame {
  Q_OBJECT

 public:
  explicit OpenProgress(QWidget* parent = nullptr);

  void begin(const QString& name);     // shown after a short delay unless finish() comes first
  void setStage(const QString& stage);  // e.g. "transforming on the device"
  void finish();
  QString text() const;

 signals:
  void cancelRequested();

 private:
  QLabel* label_;
  QProgressBar* busy_;
  QPushButton* cancel_;
  QTimer delay_;
  QString name_;
};

}  // namespace fftscope::gui
