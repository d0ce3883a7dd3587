#include "image/ViewSync.h"

#include "image/ZoomableView.h"

namespace fftscope::gui {

ViewSync::ViewSync(QObject* parent) : QObject(parent) {}

void ViewSync::add(ZoomableView* view) {
  views_.append(view);
  connect(view, &ZoomableView::viewChanged, this, [this, view](const ViewState& state) { follow(view, state); });
}

void ViewSync::follow(ZoomableView* leader, const ViewState& state) {
  if (!enabled_ || following_) return;
  following_ = true;
  for (const auto& view : views_)
    if (view && view != leader && view->hasImage()) view->setViewState(state);
  following_ = false;
}

}  // namespace fftscope::gui
