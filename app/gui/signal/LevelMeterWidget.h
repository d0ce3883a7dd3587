// Horizontal level bars, one a channel: RMS as the bar, the block's peak as a line, both in dBFS
// from -60 to 0, and a clip light that stays red while the meter holds a clip.
#pragma once

#include "signal/LevelMeter.h"

#include <QWidget>

#include <vector>

namespace fftscope::gui {

class LevelMeterWidget : public QWidget {
  Q_OBJECT

 public:
  explicit LevelMeterWidget(QWidget* parent = nullptr);
  void showLevels(const std::vector<signal::ChannelLevel>& levels);
  const std::vector<signal::ChannelLevel>& levels() const { return levels_; }
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  std::vector<signal::ChannelLevel> levels_;
};

}  // namespace fftscope::gui
