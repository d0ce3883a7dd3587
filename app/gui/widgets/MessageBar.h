// A one-line message across the top of a workspace (a refused file, a notice about the image or
// the engine) that does not interrupt the user the way a dialog would. Closes on click.
#pragma once

#include <QFrame>

class QLabel;

namespace fftscope::gui {

class MessageBar : public QFrame {
  Q_OBJECT

 public:
  enum class Kind { Information, Warning, Error };
  explicit MessageBar(QWidget* parent = nullptr);

  void showMessage(const QString& text, Kind kind);
  QString text() const;
  Kind kind() const { return kind_; }

 signals:
  void shown();  // by showMessage

 private:
  QLabel* label_;
  Kind kind_ = Kind::Information;
};

}  // namespace fftscope::gui
