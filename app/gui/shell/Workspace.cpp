#include "shell/Workspace.h"

#include "export/ExportTargets.h"

namespace fftscope::gui {

QWidget* Workspace::exportableView() { return exportableIn(workspaceWidget()); }

}  // namespace fftscope::gui
