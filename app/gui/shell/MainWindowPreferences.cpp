// Edit > Preferences: the dialog, and what it stored applied to the workspaces at once (and at
// start): the Signal workspace's window, the spectrum's colour map, the autosave's delay. Export
// defaults are read by each Export dialog; the engine's settings at the next start (main.cpp).
#include "shell/MainWindow.h"

#include "image/DisplayPanel.h"
#include "image/ImageWorkspace.h"
#include "shell/PreferencesDialog.h"
#include "shell/SessionManager.h"
#include "shell/Settings.h"
#include "signal/AnalysisPanel.h"
#include "signal/SignalWorkspace.h"

namespace fftscope::gui {

void MainWindow::showPreferences() {
  auto* dialog = new PreferencesDialog(settings_.get(), this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &PreferencesDialog::applied, this, &MainWindow::applyPreferences);
  dialog->show();
}

void MainWindow::applyPreferences() {
  if (const int window = settings_->defaultWindow(); window >= 0)
    signalWorkspace_->analysisPanel()->setWindow(signal::WindowKind(window));
  DisplayPanel* panel = imageWorkspace_->displayPanel();
  imaging::DisplaySettings display = panel->settings();
  const imaging::ColourMap colourMap = settings_->display().colourMap;
  if (display.colourMap != colourMap) {
    display.colourMap = colourMap;
    panel->setSettings(display);
    emit panel->settingsChanged(display);  // redraws the spectrum, as choosing it in the panel does
  }
  if (sessions_) sessions_->setAutosaveInterval(settings_->autosaveSeconds() * 1000);
}

}  // namespace fftscope::gui
