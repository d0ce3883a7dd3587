// File > Apply to Files…: the current filter applied to many files on the engine thread. The
// table lists each file's outcome as it comes (the written path, or why it failed); a failure
// does not stop the others; Cancel skips the files not yet started.
#pragma once

#include "image/ImageTypes.h"
#include "imaging/BatchFilter.h"

#include <QDialog>
#include <QStringList>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace fftscope::gui {

class ImageSession;

class BatchFilterDialog : public QDialog {
  Q_OBJECT

 public:
  // Plans the outputs (refusing any that would replace an input) and starts at once.
  BatchFilterDialog(ImageSession* session, const QStringList& files, const QString& folder,
                    const imaging::BatchSettings& settings, QWidget* parent = nullptr);

  bool isFinished() const { return finished_; }
  const std::vector<imaging::BatchItem>& items() const { return items_; }
  int failedCount() const;
  QTableWidget* table() const { return table_; }
  void cancel();

 signals:
  void batchFinished();

 private:
  void onFileDone(const BatchProgress& progress);
  void onFinished(quint64 batch, bool cancelled);
  void showItem(int row);

  ImageSession* session_;
  quint64 batch_ = 0;
  std::vector<imaging::BatchItem> items_;
  int answered_ = 0;
  bool finished_ = false;
  QTableWidget* table_;
  QProgressBar* progress_;
  QLabel* summary_;
  QPushButton* cancel_;
  QPushButton* close_;
};

}  // namespace fftscope::gui
