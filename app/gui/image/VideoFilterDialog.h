// File > Filter Video…: the current filter applied to every frame of a video file on a thread of
// its own (video/VideoFilter.h), so the window stays usable; a progress bar, Cancel (which leaves
// no output), and at the end the frames written, the rate reached and the stages' times.
#pragma once

#include "imaging/BatchFilter.h"

#include <QDialog>
#include <QFutureWatcher>

#include <atomic>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;

namespace fftscope::gui {

class VideoFilterDialog : public QDialog {
  Q_OBJECT

 public:
  // Starts at once with the workspace's filter settings.
  VideoFilterDialog(const QString& input, const QString& output, const imaging::BatchSettings& settings,
                    QWidget* parent = nullptr);
  ~VideoFilterDialog() override;

  bool isFinished() const { return finished_; }
  bool succeeded() const { return succeeded_; }
  QString summary() const;
  void cancel();

 signals:
  void videoFinished();

 private:
  void onProgress(long done, long declared);
  void onFinished();

  struct Outcome {
    bool ok = false;
    QString text;  // what was written and how fast, or why not
  };

  std::shared_ptr<std::atomic<bool>> cancelled_ = std::make_shared<std::atomic<bool>>(false);
  QFutureWatcher<Outcome> watcher_;
  bool finished_ = false;
  bool succeeded_ = false;
  QProgressBar* progress_;
  QLabel* status_;
  QPushButton* cancel_;
  QPushButton* close_;
};

}  // namespace fftscope::gui
