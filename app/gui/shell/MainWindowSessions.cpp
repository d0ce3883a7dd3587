// The window's sessions: File > Save Session and Open Session, the autosave of every change, and
// the offer to restore what a crash left behind. The workspaces take part through Workspace.h.
#include "shell/MainWindow.h"

#include "shell/SessionManager.h"
#include "shell/Settings.h"
#include "shell/Workspace.h"
#include "shell/WorkspaceWindows.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>

#include <memory>

namespace fftscope::gui {
namespace {

const char* kSessionFilter = QT_TRANSLATE_NOOP("MainWindow", "FFTScope sessions (*.fftscope)");

}  // namespace

QString MainWindow::askSavePath(const QString& title, const QString& suggestedName, const QString& filters) {
  const QString directory = settings_->lastDirectory().isEmpty() ? QDir::homePath() : settings_->lastDirectory();
  return QFileDialog::getSaveFileName(this, title, QDir(directory).filePath(suggestedName), filters);
}

void MainWindow::makeSessions() {
  const std::vector<Workspace*> workspaces = workspaceList_;
  auto current = [this, workspaces] {
    for (Workspace* w : workspaces)
      if (w->workspaceWidget() == workspaces_->currentWidget()) return w->workspaceName();
    return QString();
  };
  auto bringForward = [this, workspaces](const QString& name) {
    for (Workspace* w : workspaces)
      if (w->workspaceName() == name) workspaceWindows_->bringForward(w->workspaceWidget());
  };
  sessions_ = new SessionManager(workspaces, current, bringForward, this);
  sessions_->setLocator([this](const QString& path, const QString& problem) {
    QMessageBox::warning(this, tr("Input Not Found"), tr("%1.\n\nChoose where it is now, or cancel to open the session "
                                                         "without it.").arg(problem));
    return QFileDialog::getOpenFileName(this, tr("Locate %1").arg(QFileInfo(path).fileName()), QFileInfo(path).absolutePath());
  });
  const QString folder = options_.autosaveFolder.isEmpty() ? SessionManager::defaultAutosaveFolder() : options_.autosaveFolder;
  // Looked for before this run's own autosave exists.
  const std::optional<QString> crashed = options_.crashedSession == StartOptions::CrashedSession::Ignore
                                             ? std::nullopt
                                             : SessionManager::findCrashedAutosave(folder);
  sessions_->startAutosave(folder);
  connect(sessions_, &SessionManager::autosaved, this, [this](const QString&, const QString& error) {
    if (!error.isEmpty()) statusBar()->showMessage(tr("The session could not be autosaved: %1").arg(error), 8000);
  });
  // Once the window shows and its first image is on its way, so the session replaces it.
  if (crashed) {
    const bool ask = options_.crashedSession == StartOptions::CrashedSession::Offer;
    QTimer::singleShot(0, this, [this, path = *crashed, ask] { offerCrashedSession(path, ask); });
  } else if (!options_.session.isEmpty()) {
    QTimer::singleShot(0, this, [this] { openSession(options_.session); });
  }
}

void MainWindow::offerCrashedSession(const QString& path, bool ask) {
  const QFileInfo info(path);
  if (ask) {
    QMessageBox box(QMessageBox::Question, tr("Restore Session"),
                    tr("FFTScope did not close normally last time."), QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("restorePrompt"));
    box.setInformativeText(tr("Restore the session autosaved at %1? Its images and signals are opened again "
                              "from their files.")
                               .arg(QLocale().toString(info.lastModified(), QLocale::ShortFormat)));
    QPushButton* restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
    box.addButton(tr("Discard"), QMessageBox::RejectRole);
    box.setDefaultButton(restore);
    box.exec();
    if (box.clickedButton() != restore) {
      QFile::remove(path);
      return;
    }
  }
  const SessionOutcome outcome = openSession(path);
  // Restored, it lives on in this run's own autosave; one that cannot be opened is kept.
  if (outcome.error.isEmpty()) QFile::remove(path);
}

QString MainWindow::saveSession(const QString& path) {
  const QString error = sessions_->save(path);
  if (error.isEmpty()) statusBar()->showMessage(tr("Saved the session to %1").arg(path), 6000);
  else statusBar()->showMessage(tr("Could not save the session: %1").arg(error), 8000);
  return error;
}

SessionOutcome MainWindow::openSession(const QString& path) {
  const SessionOutcome outcome = sessions_->open(path);
  const QString name = QFileInfo(path).fileName();
  if (!outcome.error.isEmpty())
    statusBar()->showMessage(tr("Could not open the session %1: %2. Nothing was changed.").arg(name, outcome.error), 10000);
  else if (!outcome.problems.isEmpty())
    statusBar()->showMessage(tr("Opened the session %1 without: %2").arg(name, outcome.problems.join(QStringLiteral("; "))), 10000);
  else
    statusBar()->showMessage(tr("Opened the session %1").arg(name), 6000);
  if (outcome.error.isEmpty()) {
    // The session's inputs arrive later and name themselves there: the session's message comes
    // back after the first of them.
    const QString shown = statusBar()->currentMessage();
    auto connections = std::make_shared<std::vector<QMetaObject::Connection>>();
    for (Workspace* workspace : workspaceList_)
      connections->push_back(connect(workspace->events(), &WorkspaceEvents::opened, this, [this, connections, shown] {
        for (const QMetaObject::Connection& connection : *connections) disconnect(connection);
        statusBar()->showMessage(shown, 10000);
      }));
  }
  return outcome;
}

void MainWindow::chooseAndSaveSession() {
  QString path = askSavePath(tr("Save Session"), QStringLiteral("session.fftscope"), tr(kSessionFilter));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".fftscope");
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
  const QString error = saveSession(path);
  if (!error.isEmpty()) QMessageBox::warning(this, tr("Save Session"), tr("Could not save the session: %1").arg(error));
}

void MainWindow::chooseAndOpenSession() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), settings_->lastDirectory(), tr(kSessionFilter));
  if (path.isEmpty()) return;
  settings_->setLastDirectory(QFileInfo(path).absolutePath());
  const SessionOutcome outcome = openSession(path);
  const QString name = QFileInfo(path).fileName();
  if (!outcome.error.isEmpty())
    QMessageBox::warning(this, tr("Open Session"),
                         tr("Could not open the session %1: %2.\n\nNothing was changed.").arg(name, outcome.error));
  else if (!outcome.problems.isEmpty())
    QMessageBox::information(this, tr("Open Session"),
                             tr("The session %1 opened, except:\n\n%2").arg(name, outcome.problems.join(QLatin1Char('\n'))));
}

}  // namespace fftscope::gui
