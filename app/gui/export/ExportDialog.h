// The one Export dialog of every view (its context menu's Export… and File > Export…): a title,
// the format (picture or data), the file, the picture's size and DPI and whether a caption with
// the metadata goes under it; its defaults come from Preferences (shell/Settings.h).
#pragma once

#include <QDialog>
#include <QPointer>

class QCheckBox;
class QDoubleSpinBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace fftscope::gui {

class AnimationExport;

class ExportDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ExportDialog(QWidget* view, QWidget* parent = nullptr);

  // Shows a dialog for `view`, deleted when closed.
  static ExportDialog* open(QWidget* view);

  QWidget* view() const { return view_; }  // what it exports
  QString path() const;
  void setPath(const QString& path);
  void setFormat(const QString& extension);
  // Writes the file as set: empty on success, else the problem (also shown to the user unless quiet).
  // An animation is started instead, with a progress dialog; it reports its own outcome.
  QString exportNow(bool quiet = false);
  bool isAnimation() const;
  AnimationExport* animation() const { return animation_; }

 private:
  void browse();
  void formatChanged();

  QPointer<QWidget> view_;
  QLineEdit* title_;
  QComboBox* format_;
  QLineEdit* path_;
  QSpinBox* width_;
  QSpinBox* height_;
  QSpinBox* dpi_;
  QCheckBox* caption_;
  QSpinBox* frames_;
  QDoubleSpinBox* fps_;
  AnimationExport* animation_ = nullptr;
};

}  // namespace fftscope::gui
