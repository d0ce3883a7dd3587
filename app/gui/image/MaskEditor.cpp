#include "image/MaskEditor.h"

#include "image/SpecEditCommand.h"

namespace fftscope::gui {
namespace {
constexpr int kBaseFilterMergeId = 1;
constexpr int kNotchEditMergeId = 2;
}

MaskEditor::MaskEditor(QObject* parent) : QObject(parent) {}

void MaskEditor::apply(const imaging::FilterSpec& spec) {
  spec_ = spec;
  emit specChanged(spec_);
}

void MaskEditor::push(const imaging::FilterSpec& after, const QString& text, int mergeId) {
  stack_.push(new SpecEditCommand(this, spec_, after, text, mergeId));  // redo() applies it
}

void MaskEditor::setBaseFilter(const imaging::BaseFilter& base) {
  imaging::FilterSpec after = spec_;
  after.base = base;
  push(after, tr("Change filter"), kBaseFilterMergeId);
}

void MaskEditor::addNotch(const imaging::Notch& notch) {
  imaging::FilterSpec after = spec_;
  after.notches.push_back(notch);
  push(after, tr("Add notch"));
}

void MaskEditor::addNotches(const std::vector<imaging::Notch>& notches, const QString& text) {
  if (notches.empty()) return;
  imaging::FilterSpec after = spec_;
  after.notches.insert(after.notches.end(), notches.begin(), notches.end());
  push(after, text);
}

void MaskEditor::removeNotch(int index) {
  if (index < 0 || index >= int(spec_.notches.size())) return;
  imaging::FilterSpec after = spec_;
  after.notches.erase(after.notches.begin() + index);
  push(after, tr("Remove notch"));
}

void MaskEditor::setNotch(int index, const imaging::Notch& notch) {
  if (index < 0 || index >= int(spec_.notches.size())) return;
  imaging::FilterSpec after = spec_;
  after.notches[std::size_t(index)] = notch;
  push(after, tr("Change notch"), kNotchEditMergeId + 16 * index);
}

void MaskEditor::clearNotches() {
  if (spec_.notches.empty()) return;
  imaging::FilterSpec after = spec_;
  after.notches.clear();
  push(after, tr("Clear notches"));
}

void MaskEditor::clearStrokes() {
  if (spec_.strokes.empty()) return;
  imaging::FilterSpec after = spec_;
  after.strokes.clear();
  push(after, tr("Clear painting"));
}

void MaskEditor::clearAll() {
  if (spec_.strokes.empty() && spec_.notches.empty()) return;
  imaging::FilterSpec after = spec_;
  after.notches.clear();
  after.strokes.clear();
  push(after, tr("Clear mask"));
}

void MaskEditor::beginStroke() {
  stroking_ = true;
  beforeStroke_ = spec_;
}

void MaskEditor::addStrokeDisc(const imaging::MaskStroke& disc) {
  if (!stroking_) beginStroke();
  // Live while the button is down; the undo step is pushed when the stroke ends.
  spec_.strokes.push_back(disc);
  emit specChanged(spec_);
}

void MaskEditor::endStroke() {
  if (!stroking_) return;
  stroking_ = false;
  if (spec_.strokes.size() == beforeStroke_.strokes.size()) return;
  const imaging::FilterSpec after = spec_;
  const bool keep = after.strokes.back().action == imaging::StrokeAction::Keep;
  spec_ = beforeStroke_;
  push(after, keep ? tr("Erase") : tr("Paint"));
}

void MaskEditor::reset(const imaging::FilterSpec& spec) {
  stroking_ = false;
  stack_.clear();
  apply(spec);
}

}  // namespace fftscope::gui

