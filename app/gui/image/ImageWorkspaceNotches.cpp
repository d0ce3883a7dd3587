// Notches in the Image workspace: proposed by auto notch (one undoable edit in the document, with a
// message the undo takes away), or placed by a click snapped onto the nearest peak.
#include "image/ImageWorkspace.h"

#include "image/FilterPanel.h"
#include "image/ImageSession.h"
#include "image/MaskEditor.h"
#include "widgets/MessageBar.h"

#include <QAction>
#include <QUndoStack>

namespace fftscope::gui {

void ImageWorkspace::requestAutoNotch() { document_->requestAutoNotch(); }

void ImageWorkspace::onAutoNotchDone(int found, int added) {
  if (added == 0) {
    messageBar_->showMessage(found == 0 ? tr("Auto notch found no isolated peak away from DC.")
                                        : tr("Auto notch found no isolated peak that is not notched already."),
                             MessageBar::Kind::Information);
  } else {
    messageBar_->showMessage(added == 1 ? tr("Auto notch placed a notch on an isolated peak; undo removes it.")
                                        : tr("Auto notch placed %1 notches on isolated peaks; undo removes them.")
                                              .arg(added),
                             MessageBar::Kind::Information);
    undoableMessage_ = messageBar_->text();
    undoableIndex_ = undoStack()->index();
  }
  emit notchesAdded(added);
}

void ImageWorkspace::placeNotch(double fx, double fy) {
  document_->placeNotch(fx, fy, filterPanel_->notchRadius(), filterPanel_->notchEdge());
}

}  // namespace fftscope::gui
