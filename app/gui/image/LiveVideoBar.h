// Live video in the Image workspace: each frame of a LiveVideoSource opened in the workspace in
// turn (the filter, notches and mask stay from frame to frame), and a tool bar with the source,
// the frames a second shown, the frames dropped, Pause, Step, Snapshot and Stop.
//
// One frame is worked on at a time; a frame that arrives meanwhile waits, and a newer one
// replaces it (the replaced one counts as dropped), so the picture never lags behind the source.
#pragma once

#include "image/LiveVideoSource.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QToolBar>

#include <deque>
#include <memory>

class QLabel;

namespace fftscope::gui {

class ImageWorkspace;
class TimingFeed;

class LiveVideoBar : public QToolBar {
  Q_OBJECT

 public:
  explicit LiveVideoBar(ImageWorkspace* workspace, QWidget* parent = nullptr);
  ~LiveVideoBar() override;

  void start(std::unique_ptr<LiveVideoSource> source);
  void stop();
  bool isLive() const { return source_ != nullptr; }

  void setPaused(bool paused);
  void step();
  // The frame on screen becomes an ordinary image (as if opened from a file); live video stops.
  void snapshot();

  qint64 shownFrames() const { return shownCount_; }
  qint64 droppedFrames() const { return dropped_; }
  double framesPerSecond() const;
  QString statsText() const;

  // The Image workspace's device work while live, from the feed, shown as a frame's average.
  void watchDevice(TimingFeed* feed);
  struct DeviceTimes {
    double uploadMs = 0, kernelMs = 0, downloadMs = 0;
  };
  DeviceTimes deviceTimesPerFrame() const;

 signals:
  void statsChanged();

 private:
  void onFrame(LiveFrame frame, qint64 index);
  void onShown();
  void frameDone();
  void open(LiveFrame frame, qint64 index);
  void showStats();

  ImageWorkspace* workspace_;
  std::unique_ptr<LiveVideoSource> source_;
  LiveFrame waiting_;
  qint64 waitingIndex_ = 0;
  bool busy_ = false;
  LiveFrame current_;  // the frame being worked on or shown
  qint64 currentIndex_ = 0;
  qint64 shownCount_ = 0;
  qint64 dropped_ = 0;
  DeviceTimes deviceTotal_;  // since start()
  std::deque<qint64> recent_;  // when the last second's frames were shown, in ms of clock_
  QElapsedTimer clock_;
  QTimer watchdog_;  // a frame whose result never comes (refused) does not stall the source
  QLabel* stats_;
  QAction* pause_;
  QAction* step_;
};

}  // namespace fftscope::gui
