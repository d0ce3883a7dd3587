#include "image/VideoFilterDialog.h"

#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "engine/RequestChannel.h"
#include "video/VideoFilter.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <exception>

namespace fftscope::gui {
namespace {

QString perFrame(double ms, long frames) { return QString::number(frames ? ms / double(frames) : 0, 'f', 2); }

// What was written and how fast, with each stage's time a frame.
QString reportText(const video::VideoFilterReport& r, const QString& output, const QString& device) {
  QString text = VideoFilterDialog::tr("Wrote %1 frames (%2 × %3, %4 fps, %5) to %6 on %7 at %8 frames/s.\n"
                                       "Per frame: decode %9 ms, upload + transforms + download %10 ms, host filter "
                                       "%11 ms, encode %12 ms.")
                     .arg(r.frames).arg(r.info.width).arg(r.info.height).arg(r.info.framesPerSecond, 0, 'f', 2)
                     .arg(QString::fromStdString(r.fourcc), output, device)
                     .arg(r.framesPerSecond(), 0, 'f', 1)
                     .arg(perFrame(r.decodeMs, r.frames), perFrame(r.fftMs, r.frames), perFrame(r.hostMs, r.frames),
                          perFrame(r.encodeMs, r.frames));
  if (r.batch > 0)
    text += VideoFilterDialog::tr("\nOn the device, batches of %1 frames: upload %2 ms, kernels %3 ms, download %4 ms a frame.")
                .arg(r.batch)
                .arg(perFrame(r.uploadMs, r.frames), perFrame(r.kernelMs, r.frames), perFrame(r.downloadMs, r.frames));
  return text;
}

}  // namespace

VideoFilterDialog::VideoFilterDialog(EngineService* service, const QString& input, const QString& output,
                                     const imaging::BatchSettings& settings, QWidget* parent)
    : QDialog(parent), channel_(new RequestChannel(service, QStringLiteral("Video"), RequestChannel::Keep::Latest, this)) {
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

  connect(channel_, &RequestChannel::progress, this, [this](quint64, double fraction, const QString& stage) {
    onProgress(fraction, stage);
  });
  const video::VideoFilterSettings filter{settings.spec, settings.padMode, settings.channelMode, settings.range};
  const std::string in = input.toStdString(), out = output.toStdString();
  // The answer reaches this dialog through its channel, which goes with it: a dialog closed while
  // the job runs stops the job (the channel drops its request) and hears nothing.
  channel_->post([this, service, in, out, filter, output](EngineRuntime& runtime, const RequestTicket& ticket) {
    service->setHolder(tr("filtering a video"));
    bool ok = false;
    QString text;
    try {
      const video::VideoFilterReport r = video::filterVideo(
          in, out, filter, runtime.fft(),
          [&ticket](long done, long declared) {
            ticket.progress(declared > 0 ? double(done) / double(declared) : -1.0,
                            declared > 0 ? tr("Frame %1 of %2").arg(done).arg(declared) : tr("Frame %1").arg(done));
            return !ticket.stopped();
          },
          runtime.context());
      ok = !r.cancelled;
      text = ok ? reportText(r, output, QString::fromStdString(runtime.backend().deviceName))
                : tr("Cancelled after %1 frames: nothing was written.").arg(r.frames);
    } catch (const std::exception& error) {
      text = tr("Failed: %1").arg(QString::fromStdString(error.what()));
    }
    service->setHolder({});
    ticket.deliver([this, ok, text] { finish(ok, text); });
  });
}

VideoFilterDialog::~VideoFilterDialog() = default;

QString VideoFilterDialog::summary() const { return status_->text(); }

void VideoFilterDialog::cancel() {
  if (finished_) return;
  cancelled_ = true;
  channel_->cancel();
  cancel_->setEnabled(false);
  status_->setText(tr("Cancelling…"));
}

void VideoFilterDialog::onProgress(double fraction, const QString& stage) {
  if (finished_) return;
  if (fraction >= 0) {
    progress_->setRange(0, 1000);
    progress_->setValue(int(fraction * 1000.0 + 0.5));
  }
  if (!cancelled_) status_->setText(stage);
}

void VideoFilterDialog::finish(bool ok, const QString& text) {
  finished_ = true;
  succeeded_ = ok;
  status_->setText(text);
  progress_->setRange(0, 1);
  progress_->setValue(ok ? 1 : 0);
  cancel_->setEnabled(false);
  close_->setEnabled(true);
  emit videoFinished();
}

}  // namespace fftscope::gui
