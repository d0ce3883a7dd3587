// The filter the user is building (base filter, notches, painted strokes) and its undo history.
// Every edit goes through a QUndoCommand holding the spec before and after, so undo and redo are
// exact; continuous edits (a slider dragged, one brush stroke) merge into one step.
#pragma once

#include "imaging/FilterSpec.h"

#include <QObject>
#include <QUndoStack>

#include <vector>

namespace fftscope::gui {

class MaskEditor : public QObject {
  Q_OBJECT

 public:
  explicit MaskEditor(QObject* parent = nullptr);

  const imaging::FilterSpec& spec() const { return spec_; }
  QUndoStack* undoStack() { return &stack_; }

  void setBaseFilter(const imaging::BaseFilter& base);  // merges with the previous base edit
  void addNotch(const imaging::Notch& notch);
  void addNotches(const std::vector<imaging::Notch>& notches, const QString& text);
  void removeNotch(int index);
  void setNotch(int index, const imaging::Notch& notch);  // merges with the previous edit of it
  void clearNotches();
  void clearStrokes();
  void clearAll();  // notches and strokes; the base filter stays

  // A brush stroke: many discs while the button is down, one undo step.
  void beginStroke();
  void addStrokeDisc(const imaging::MaskStroke& disc);
  void endStroke();
  bool strokeInProgress() const { return stroking_; }

  // Replaces the spec without history (a new image starts a new history).
  void reset(const imaging::FilterSpec& spec);

  // Applied by the undo commands.
  void apply(const imaging::FilterSpec& spec);

 signals:
  void specChanged(const imaging::FilterSpec& spec);

 private:
  void push(const imaging::FilterSpec& after, const QString& text, int mergeId = -1);

  imaging::FilterSpec spec_;
  QUndoStack stack_;
  bool stroking_ = false;
  imaging::FilterSpec beforeStroke_;
};

}  // namespace fftscope::gui
