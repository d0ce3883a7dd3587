// The one feed of device work in the application: every kernel launch and every host-device
// transfer, from any workspace, arrives here as a batch of TimingRecords (each stamped with its
// workspace and request) and is kept for the last few thousand records. Lives on the GUI thread;
// the engine thread publishes through publishFromEngine(), which queues the batch across.
#pragma once

#include "engine/runtime/Plan.h"

#include <QObject>

#include <deque>
#include <memory>
#include <vector>

namespace fftscope::gui {

using TimingBatch = std::shared_ptr<const std::vector<TimingRecord>>;

class TimingFeed : public QObject {
  Q_OBJECT

 public:
  explicit TimingFeed(QObject* parent = nullptr);

  // Thread-safe: hands the batch to the GUI thread, where `published` is emitted.
  void publishFromEngine(std::vector<TimingRecord> records);

  // The newest records, oldest first (at most capacity()).
  const std::deque<TimingRecord>& recent() const { return recent_; }
  static std::size_t capacity() { return 20000; }
  std::uint64_t recordsSeen() const { return seen_; }

 signals:
  void published(fftscope::gui::TimingBatch batch);

 private:
  void accept(const TimingBatch& batch);

  std::deque<TimingRecord> recent_;
  std::uint64_t seen_ = 0;
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::TimingBatch)
