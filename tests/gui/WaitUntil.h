// Runs the event loop until `done` holds, for the screenshot tools that drive a window without
// QtTest; false when it does not within `timeoutMs`.
#pragma once

#include <QApplication>
#include <QElapsedTimer>

#include <functional>

namespace fftscope::gui {

inline bool waitUntil(const std::function<bool()>& done, int timeoutMs = 120000) {
  QElapsedTimer clock;
  clock.start();
  while (!done()) {
    if (clock.elapsed() > timeoutMs) return false;
    QApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

}  // namespace fftscope::gui
