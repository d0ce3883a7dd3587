#include "image/VideoFilterDialog.h"

#include "engine/BackendChoice.h"
#include "video/VideoFilter.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <exception>

namespace fftscope::gui {
namespace {

QString perFrame(double ms, long frames) { return QString::number(frames ? ms / double(frames) : 0, 'f', 2); }

}  // namespace

VideoFilterDialog::VideoFilterDialog(const QString& input, const QString& output,
                                     const imaging::BatchSettings& settings, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Filter Video"));
  auto* intro = new QLabel(tr("The current filter on every frame of %1, into %2. Audio is not copied.")
                               .arg(QFileInfo(input).fileName(), output));
  intro->setWordWrap(true);
  progress_ = new QProgressBar;
  progress_->setRange(0, 0);
  status_ = new QLabel(tr("Starting…"));
  status_->setObjectName(QStringLiteral("videoStatus"));
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QDialogButtonBox;
  cancel_ = buttons->addButton(QDialogButtonBox::Cancel);
  close_ = buttons->addButton(QDialogButtonBox::Close);
  close_->setEnabled(false);
  connect(cancel_, &QPushButton::clicked, this, &VideoFilterDialog::cancel);
  connect(close_, &QPushButton::clicked, this, &QDialog::accept);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(progress_);
  layout->addWidget(status_, 1);
  layout->addWidget(buttons);
  resize(560, 240);

  const video::VideoFilterSettings filter{settings.spec, settings.padMode, settings.channelMode, settings.range};
  QPointer<VideoFilterDialog> self(this);
  auto cancelled = cancelled_;
  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &VideoFilterDialog::onFinished);
  // The worker owns its own backend: the engine thread stays free for the window's own requests.
  watcher_.setFuture(QtConcurrent::run([self, cancelled, input, output, filter]() -> Outcome {
    try {
      ChosenBackend chosen = chooseBackend();
      const video::VideoFilterReport r = video::filterVideo(
          input.toStdString(), output.toStdString(), filter, *chosen.backend, [&](long done, long declared) {
            QMetaObject::invokeMethod(self.data(), [self, done, declared] { if (self) self->onProgress(done, declared); },
                                      Qt::QueuedConnection);
            return !cancelled->load();
          }, chosen.opencl ? &chosen.opencl->context() : nullptr);
      if (r.cancelled) return {false, tr("Cancelled after %1 frames: nothing was written.").arg(r.frames)};
      return {true, tr("Wrote %1 frames (%2 × %3, %4 fps, %5) to %6 on %7 at %8 frames/s.\n"
                "Per frame: decode %9 ms, upload + transforms + download %10 ms, host filter %11 ms, encode %12 ms.")
          .arg(r.frames).arg(r.info.width).arg(r.info.height).arg(r.info.framesPerSecond, 0, 'f', 2)
          .arg(QString::fromStdString(r.fourcc), output, QString::fromStdString(chosen.deviceName))
          .arg(r.framesPerSecond(), 0, 'f', 1)
          .arg(perFrame(r.decodeMs, r.frames), perFrame(r.fftMs, r.frames), perFrame(r.hostMs, r.frames),
               perFrame(r.encodeMs, r.frames)) +
          (r.batch > 0 ? tr("\nOn the device, batches of %1 frames: upload %2 ms, kernels %3 ms, download %4 ms a frame.")
                             .arg(r.batch).arg(perFrame(r.uploadMs, r.frames), perFrame(r.kernelMs, r.frames),
                                               perFrame(r.downloadMs, r.frames))
                       : QString())};
    } catch (const std::exception& error) {
      return {false, tr("Failed: %1").arg(QString::fromStdString(error.what()))};
    }
  }));
}

VideoFilterDialog::~VideoFilterDialog() {
  cancelled_->store(true);
  watcher_.waitForFinished();
}

QString VideoFilterDialog::summary() const { return status_->text(); }

void VideoFilterDialog::cancel() {
  cancelled_->store(true);
  cancel_->setEnabled(false);
  status_->setText(tr("Cancelling…"));
}

void VideoFilterDialog::onProgress(long done, long declared) {
  if (finished_) return;
  if (declared > 0 && progress_->maximum() != int(declared)) progress_->setRange(0, int(declared));
  if (declared > 0) progress_->setValue(int(std::min(done, declared)));
  if (!cancelled_->load()) status_->setText(declared > 0 ? tr("Frame %1 of %2").arg(done).arg(declared) : tr("Frame %1").arg(done));
}

void VideoFilterDialog::onFinished() {
  finished_ = true;
  const Outcome outcome = watcher_.result();
  succeeded_ = outcome.ok;
  status_->setText(outcome.text);
  progress_->setRange(0, 1);
  progress_->setValue(succeeded_ ? 1 : 0);
  cancel_->setEnabled(false);
  close_->setEnabled(true);
  emit videoFinished();
}

}  // namespace fftscope::gui
