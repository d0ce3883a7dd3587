// One undoable change of the filter spec: the whole spec before and after (a few hundred bytes).
#pragma once

#include "imaging/FilterSpec.h"

#include <QUndoCommand>
#include <QtGlobal>

namespace fftscope::gui {

class MaskEditor;

class SpecEditCommand : public QUndoCommand {
 public:
  // mergeId -1: never merges; otherwise consecutive commands with the same id, less than a second
  // apart (one slider drag), become one step.
  SpecEditCommand(MaskEditor* editor, imaging::FilterSpec before, imaging::FilterSpec after, const QString& text,
                  int mergeId = -1);

  void undo() override;
  void redo() override;
  int id() const override { return mergeId_; }
  bool mergeWith(const QUndoCommand* other) override;

 private:
  MaskEditor* editor_;
  imaging::FilterSpec before_;
  imaging::FilterSpec after_;
  int mergeId_;
  qint64 lastEditMs_;
};

}  // namespace fftscope::gui
