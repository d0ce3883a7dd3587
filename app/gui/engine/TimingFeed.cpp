#include "engine/TimingFeed.h"

#include <QMetaObject>
#include <QPointer>

namespace fftscope::gui {

TimingFeed::TimingFeed(QObject* parent) : QObject(parent) { qRegisterMetaType<TimingBatch>(); }

void TimingFeed::publishFromEngine(std::vector<TimingRecord> records) {
  if (records.empty()) return;
  auto batch = std::make_shared<const std::vector<TimingRecord>>(std::move(records));
  // Queued to this object's thread; dropped if the feed is gone by then.
  QMetaObject::invokeMethod(this, [this, batch] { accept(batch); }, Qt::QueuedConnection);
}

void TimingFeed::accept(const TimingBatch& batch) {
  for (const TimingRecord& r : *batch) recent_.push_back(r);
  while (recent_.size() > capacity()) recent_.pop_front();
  seen_ += batch->size();
  emit published(batch);
}

}  // namespace fftscope::gui
