#include "export/AnimationExport.h"

#include "export/ViewPicture.h"
#include "video/FrameQueue.h"
#include "video/VideoFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QTimer>
#include <qcustomplot.h>

#include <mutex>

namespace fftscope::gui {
namespace {

constexpr std::size_t kFramesAhead = 3;  // what the drawing may run ahead of the encoding
constexpr int kRetryMs = 5;

imaging::Image toImage(const QImage& frame) {
  const QImage rgb = frame.convertToFormat(QImage::Format_RGB888);
  imaging::Image image;
  image.width = rgb.width();
  image.height = rgb.height();
  image.channels = 3;
  image.data.reserve(std::size_t(image.width) * std::size_t(image.height) * 3);
  for (int y = 0; y < rgb.height(); ++y) {
    const uchar* line = rgb.constScanLine(y);
    for (int x = 0; x < rgb.width() * 3; ++x) image.data.push_back(float(line[x]));
  }
  return image;
}

}  // namespace

struct AnimationExport::Shared {
  video::FrameQueue<QImage> queue{kFramesAhead};
  std::atomic<int> encoded{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  QString error;
  std::unique_ptr<video::VideoWriter> writer;  // a video; else frames go into `folder`
  QString folder;

  void fail(const QString& message) {
    std::lock_guard lock(mutex);
    if (error.isEmpty()) error = message;
    failed = true;
    queue.abort();
  }
};

AnimationExport::AnimationExport(FrameRenderer render, QString path, AnimationOptions options, QObject* parent)
    : QObject(parent), render_(std::move(render)), path_(std::move(path)), options_(options) {}

AnimationExport::~AnimationExport() {
  if (running_) finish(QStringLiteral("cancelled"));
}

bool AnimationExport::isVideoPath(const QString& path) {
  return !video::fourccForExtension(path.toStdString()).empty();
}

QString AnimationExport::check() const {
  if (options_.frames < 1 || options_.frames > kMaxFrames)
    return tr("%1: an animation has 1 to %2 frames").arg(path_).arg(kMaxFrames);
  if (options_.size.width() < 16 || options_.size.height() < 16 || options_.size.width() > kMaxSize.width() ||
      options_.size.height() > kMaxSize.height() || options_.size.width() % 2 || options_.size.height() % 2)
    return tr("%1: frames are even sizes from 16 × 16 to %2 × %3").arg(path_).arg(kMaxSize.width()).arg(kMaxSize.height());
  if (options_.framesPerSecond < 0.1 || options_.framesPerSecond > 60) return tr("%1: 0.1 to 60 frames a second").arg(path_);
  if (!isVideoPath(path_) && !QFileInfo(path_).suffix().isEmpty())
    return tr("%1: videos are .mp4, .avi or .mkv; frames go into a folder named without an extension").arg(path_);
  if (!isVideoPath(path_) && QFileInfo::exists(path_)) return tr("%1: already there; frames go into a new folder").arg(path_);
  return {};
}

void AnimationExport::start() {
  shared_ = std::make_shared<Shared>();
  rendered_ = 0;
  running_ = true;
  QString error = check();
  if (error.isEmpty() && isVideoPath(path_)) {
    try {
      video::VideoInfo format;
      format.width = options_.size.width();
      format.height = options_.size.height();
      format.framesPerSecond = options_.framesPerSecond;
      format.channels = 3;
      shared_->writer = std::make_unique<video::VideoWriter>(path_.toStdString(), std::filesystem::path(), format);
    } catch (const std::exception& problem) {
      error = QString::fromStdString(problem.what());
    }
  } else if (error.isEmpty()) {
    const QFileInfo target(path_);
    shared_->folder = QDir(target.absolutePath())
                          .filePath(QStringLiteral(".%1.%2.part").arg(target.fileName()).arg(QCoreApplication::applicationPid()));
    if (!QDir().mkpath(shared_->folder)) error = tr("%1: cannot make a folder there").arg(path_);
  }
  if (!error.isEmpty()) {
    QTimer::singleShot(0, this, [this, error] { finish(error); });
    return;
  }
  encoder_ = std::thread([shared = shared_] {
    int index = 0;
    while (std::optional<QImage> frame = shared->queue.pop()) {
      try {
        if (shared->writer) {
          shared->writer->write(toImage(*frame));
        } else {
          const QString name = QDir(shared->folder).filePath(QStringLiteral("frame-%1.png").arg(index, 4, 10, QLatin1Char('0')));
          if (!frame->save(name, "PNG")) throw std::runtime_error("cannot write " + name.toStdString());
        }
      } catch (const std::exception& problem) {
        shared->fail(QString::fromStdString(problem.what()));
        return;
      }
      ++index;
      ++shared->encoded;
    }
  });
  QTimer::singleShot(0, this, &AnimationExport::renderNext);
}

void AnimationExport::cancel() {
  if (running_) finish(QStringLiteral("cancelled"));
}

void AnimationExport::renderNext() {
  if (!running_) return;
  if (shared_->failed) return finish(shared_->error);
  const int count = options_.frames;
  emit progress(shared_->encoded, count);
  if (rendered_ < count && rendered_ - shared_->encoded < int(kFramesAhead)) {
    QImage frame = render_(rendered_, count, options_.size);
    if (frame.size() != options_.size) frame = frame.scaled(options_.size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    if (!shared_->queue.push(std::move(frame))) return finish(shared_->error);
    if (++rendered_ == count) shared_->queue.close();
    QTimer::singleShot(0, this, &AnimationExport::renderNext);
    return;
  }
  if (shared_->encoded == count) return finish({});
  QTimer::singleShot(kRetryMs, this, &AnimationExport::renderNext);
}

void AnimationExport::finish(const QString& failure) {
  QString error = failure;
  if (encoder_.joinable()) {
    if (!error.isEmpty()) shared_->queue.abort();
    encoder_.join();
  }
  if (error.isEmpty() && shared_->failed) error = shared_->error;
  if (error.isEmpty()) {
    try {
      if (shared_->writer) shared_->writer->commit();
      else if (!QDir().rename(shared_->folder, path_)) error = tr("%1: cannot move the frames into place").arg(path_);
    } catch (const std::exception& problem) {
      error = QString::fromStdString(problem.what());
    }
  }
  if (shared_) {
    shared_->writer.reset();  // uncommitted: its temporary file goes
    if (!shared_->folder.isEmpty() && QFileInfo::exists(shared_->folder)) QDir(shared_->folder).removeRecursively();
  }
  running_ = false;
  emit progress(error.isEmpty() ? options_.frames : shared_->encoded.load(), options_.frames);
  emit finished(error);
}

FrameRenderer plotSweep(QCustomPlot* plot) {
  struct Pictures {
    QSize size;
    QImage full, empty;
    int left = 0, right = 0;  // the columns where the data lies
  };
  auto pictures = std::make_shared<Pictures>();
  return [plot, pictures](int index, int count, QSize size) {
    if (pictures->size != size) {
      const PictureOptions options{size.width(), size.height(), 96, false};
      pictures->size = size;
      pictures->full = renderPicture(plot, {}, options, {});
      std::vector<QCPAbstractPlottable*> shown;
      for (int i = 0; i < plot->plottableCount(); ++i)
        if (plot->plottable(i)->visible()) shown.push_back(plot->plottable(i));
      for (QCPAbstractPlottable* plottable : shown) plottable->setVisible(false);
      pictures->empty = renderPicture(plot, {}, options, {});
      for (QCPAbstractPlottable* plottable : shown) plottable->setVisible(true);
      pictures->left = pictures->full.width();
      pictures->right = -1;
      for (int y = 0; y < pictures->full.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(pictures->full.constScanLine(y));
        const auto* b = reinterpret_cast<const QRgb*>(pictures->empty.constScanLine(y));
        for (int x = 0; x < pictures->full.width(); ++x)
          if (a[x] != b[x]) {
            pictures->left = std::min(pictures->left, x);
            pictures->right = std::max(pictures->right, x);
          }
      }
      if (pictures->right < pictures->left) pictures->left = 0, pictures->right = pictures->full.width() - 1;
    }
    const double t = count > 1 ? index / double(count - 1) : 1.0;
    const int edge = pictures->left + int(std::lround(t * (pictures->right + 1 - pictures->left)));
    QImage frame = pictures->empty.copy();
    QPainter painter(&frame);
    painter.drawImage(QRect(0, 0, edge, frame.height()), pictures->full, QRect(0, 0, edge, frame.height()));
    painter.setPen(QPen(QColor(40, 40, 40, 160), 1));
    if (index + 1 < count) painter.drawLine(edge, 0, edge, frame.height());
    return frame;
  };
}

}  // namespace fftscope::gui
