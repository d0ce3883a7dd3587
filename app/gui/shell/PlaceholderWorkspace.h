// A workspace still to come: says what it will do, so the tab is not a blank page.
#pragma once

#include <QWidget>

namespace fftscope::gui {

class PlaceholderWorkspace : public QWidget {
  Q_OBJECT

 public:
  PlaceholderWorkspace(const QString& title, const QString& description, QWidget* parent = nullptr);
};

}  // namespace fftscope::gui
