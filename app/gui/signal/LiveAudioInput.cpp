#include "signal/LiveAudioInput.h"

#include <QElapsedTimer>

namespace fftscope::gui {

qint64 liveClockNs() {
  static const QElapsedTimer clock = [] {
    QElapsedTimer c;
    c.start();
    return c;
  }();
  return clock.nsecsElapsed();
}

}  // namespace fftscope::gui
