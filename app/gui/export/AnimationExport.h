// A view's animation (the butterfly's stages, a spectrogram or timeline swept in time) written as
// a video (OpenCV through video::VideoWriter: .mp4, .avi, .mkv) or as numbered PNG frames in a new
// folder. Frames are drawn on the GUI thread one per turn of the event loop, so the window stays
// responsive, and encoded on a thread of their own, a few frames ahead at most; progress is
// reported, cancel stops both. Bounded: at most kMaxFrames frames of at most kMaxSize. Nothing is
// left behind by a failure or a cancel: the video is renamed into place, the folder too, at the end.
#pragma once

#include <QImage>
#include <QObject>
#include <QSize>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

class QCustomPlot;

namespace fftscope::gui {

// Frame `index` of `count`, at `size` (pixels).
using FrameRenderer = std::function<QImage(int index, int count, QSize size)>;

struct AnimationOptions {
  QSize size{1280, 720};  // 16:9 for slides; even sides, as codecs want
  double framesPerSecond = 4;
  int frames = 24;
};

class AnimationExport : public QObject {
  Q_OBJECT

 public:
  static constexpr int kMaxFrames = 900;
  static inline const QSize kMaxSize{1920, 1080};

  AnimationExport(FrameRenderer render, QString path, AnimationOptions options, QObject* parent = nullptr);
  ~AnimationExport() override;  // cancels one still running and waits for its thread

  // Whether `path` names a video (by extension) rather than a folder of frames.
  static bool isVideoPath(const QString& path);
  // Empty, or why the options or path cannot be written (checked before start).
  QString check() const;

  void start();
  void cancel();
  bool isRunning() const { return running_; }

 signals:
  void progress(int done, int total);
  void finished(const QString& error);  // empty on success; a cancel reports "cancelled"

 private:
  struct Shared;
  void renderNext();
  void finish(const QString& error);

  FrameRenderer render_;
  QString path_;
  AnimationOptions options_;
  std::shared_ptr<Shared> shared_;
  std::thread encoder_;
  int rendered_ = 0;
  bool running_ = false;
};

// A sweep through a QCustomPlot: frame i shows the data left of a line moving from its left edge
// to its right, the rest of the axes empty (a spectrogram or a timeline as time passes).
FrameRenderer plotSweep(QCustomPlot* plot);

}  // namespace fftscope::gui
