// Edit > Preferences: the dialog, and what it stored applied at once (and at start): each
// workspace takes what concerns it (Workspace::applyPreferences), the window the autosave's
// delay. Export defaults are read by each Export dialog; the engine's settings at the next start
// (main.cpp).
#include "shell/MainWindow.h"

#include "shell/PreferencesDialog.h"
#include "shell/SessionManager.h"
#include "shell/Settings.h"
#include "shell/Workspace.h"

namespace fftscope::gui {

void MainWindow::showPreferences() {
  auto* dialog = new PreferencesDialog(settings_.get(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &PreferencesDialog::applied, this, &MainWindow::applyPreferences);
  dialog->show();
}

void MainWindow::applyPreferences() {
  for (Workspace* workspace : workspaceList_) workspace->applyPreferences(*settings_);
  if (sessions_) sessions_->setAutosaveInterval(settings_->autosaveSeconds() * 1000);
}

}  // namespace fftscope::gui
