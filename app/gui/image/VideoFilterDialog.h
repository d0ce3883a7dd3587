// File > Filter Video…: the current filter applied to every frame of a video file as a request
// of the engine service (video/VideoFilter.h on the engine thread, through its RequestChannel),
// so the window stays usable and the device is shared as every workspace shares it; a progress
// bar, Cancel (which leaves no output), and at the end the frames written, the rate reached and
// the stages' times.
#pragma once

#include "imaging/BatchFilter.h"

#include <QDialog>

class QLabel;
class QProgressBar;
class QPushButton;

namespace fftscope::gui {

class EngineService;
class RequestChannel;

class VideoFilterDialog : public QDialog {
  Q_OBJECT

 public:
  // Starts at once with the workspace's filter settings, as a request of `service`.
  VideoFilterDialog(EngineService* service, const QString& input, const QString& output,
                    const imaging::BatchSettings& settings, QWidget* parent = nullptr);
  ~VideoFilterDialog() override;

  bool isFinished() const { return finished_; }
  bool succeeded() const { return succeeded_; }
  QString summary() const;
  void cancel();

 signals:
  void videoFinished();

 private:
  void onProgress(double fraction, const QString& stage);
  void finish(bool ok, const QString& text);

  RequestChannel* channel_;
  bool cancelled_ = false;
  bool finished_ = false;
  bool succeeded_ = false;
  QProgressBar* progress_;
  QLabel* status_;
  QPushButton* cancel_;
  QPushButton* close_;
};

}  // namespace fftscope::gui
