#include "image/SpecEditCommand.h"

#include "image/MaskEditor.h"

#include <QDateTime>

namespace fftscope::gui {

SpecEditCommand::SpecEditCommand(MaskEditor* editor, imaging::FilterSpec before, imaging::FilterSpec after,
                                 const QString& text, int mergeId)
    : QUndoCommand(text), editor_(editor), before_(std::move(before)), after_(std::move(after)), mergeId_(mergeId),
      lastEditMs_(QDateTime::currentMSecsSinceEpoch()) {}

void SpecEditCommand::undo() { editor_->apply(before_); }
void SpecEditCommand::redo() { editor_->apply(after_); }

bool SpecEditCommand::mergeWith(const QUndoCommand* other) {
  if (other->id() != id()) return false;
  const auto* next = static_cast<const SpecEditCommand*>(other);
  if (next->lastEditMs_ - lastEditMs_ > 1000) return false;
  after_ = next->after_;
  lastEditMs_ = next->lastEditMs_;
  return true;
}

}  // namespace fftscope::gui
