// Notches in the Image workspace: proposed by auto notch (one undoable edit, with a message the
// undo takes away; peaks notched already are left alone), or placed by a click snapped onto the
// nearest peak.
#include "image/ImageWorkspace.h"

#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/MaskEditor.h"
#include "widgets/MessageBar.h"
#include "imaging/AutoNotch.h"
#include "imaging/PeakSnap.h"

#include <QAction>
#include <QUndoStack>

namespace fftscope::gui {

void ImageWorkspace::requestAutoNotch() {
  if (!current_ || autoNotchPending_) return;
  autoNotchPending_ = true;
  filterPanel_->setAutoNotchBusy(true);
  autoNotchAction_->setEnabled(false);
  engine_->requestNotches(current_->id);
}

void ImageWorkspace::onNotchesProposed(const NotchProposal& proposal) {
  autoNotchPending_ = false;
  filterPanel_->setAutoNotchBusy(false);
  autoNotchAction_->setEnabled(true);
  if (!current_ || proposal.imageId != current_->id) return;
  // Peaks notched already (by an earlier auto notch or by hand) keep the notch they have.
  const auto fresh = imaging::withoutNotched(proposal.suggestions, editor_->spec().notches);
  std::vector<imaging::Notch> notches;
  for (const imaging::NotchSuggestion& s : fresh) notches.push_back(s.notch);
  if (notches.empty()) {
    messageBar_->showMessage(proposal.suggestions.empty()
                                 ? tr("Auto notch found no isolated peak away from DC.")
                                 : tr("Auto notch found no isolated peak that is not notched already."),
                             MessageBar::Kind::Information);
  } else {
    editor_->addNotches(notches, tr("Auto notch"));
    messageBar_->showMessage(notches.size() == 1
                                 ? tr("Auto notch placed a notch on an isolated peak; undo removes it.")
                                 : tr("Auto notch placed %1 notches on isolated peaks; undo removes them.")
                                       .arg(notches.size()),
                             MessageBar::Kind::Information);
    undoableMessage_ = messageBar_->text();
    undoableIndex_ = undoStack()->index();
  }
  emit notchesAdded(int(notches.size()));
}

void ImageWorkspace::placeNotch(double fx, double fy) {
  if (!current_) return;
  const imaging::SnappedBin bin = imaging::snapToPeak(current_->magnitudes, fx, fy);
  editor_->addNotch({bin.fx, bin.fy, filterPanel_->notchRadius(), filterPanel_->notchEdge()});
}

}  // namespace fftscope::gui
