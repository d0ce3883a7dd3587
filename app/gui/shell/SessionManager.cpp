#include "shell/SessionManager.h"

#include "shell/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <cerrno>
#include <csignal>
#include <exception>

#include <signal.h>
#include <unistd.h>

namespace fftscope::gui {
namespace {

const QString kAutosavePrefix = QStringLiteral("autosave-");

bool processRuns(qint64 pid) { return pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno == EPERM); }

}  // namespace

SessionManager::SessionManager(std::vector<Workspace*> workspaces, std::function<QString()> current,
                               std::function<void(const QString&)> bringForward, QObject* parent)
    : QObject(parent), workspaces_(std::move(workspaces)), current_(std::move(current)),
      bringForward_(std::move(bringForward)) {}

SessionManager::~SessionManager() {
  if (autosavePath_.isEmpty()) return;
  writing_.waitForFinished();
  QFile::remove(autosavePath_);
}

SessionDocument SessionManager::capture() {
  SessionDocument session = captureState();
  inputs_.completeHashes(session.workspaces);
  return session;
}

SessionDocument SessionManager::captureState() {
  SessionDocument session;
  session.application = QCoreApplication::applicationVersion().toStdString();
  session.current = current_().toStdString();
  for (Workspace* workspace : workspaces_)
    session.workspaces[workspace->workspaceName().toStdString()] = workspace->saveState(inputs_);
  return session;
}

QString SessionManager::save(const QString& path) {
  try {
    writeSessionFile(path.toStdString(), capture());
    return {};
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
}

SessionOutcome SessionManager::open(const QString& path) {
  try {
    return restore(readSessionFile(path.toStdString()));
  } catch (const std::exception& error) {
    return {QString::fromStdString(error.what()), {}};
  }
}

SessionOutcome SessionManager::restore(const SessionDocument& session) {
  inputs_.clearProblems();
  std::vector<std::function<void()>> steps;
  for (Workspace* workspace : workspaces_) {
    const std::string name = workspace->workspaceName().toStdString();
    if (!session.workspaces.contains(name)) continue;  // a section this session does not have stays as it is
    try {
      steps.push_back(workspace->prepareRestore(session.workspaces.at(name), inputs_));
    } catch (const std::exception& error) {
      return {tr("the %1 workspace's section is not valid (%2)").arg(workspace->workspaceName(), QString::fromUtf8(error.what())),
              {}};
    }
  }
  for (const auto& step : steps) step();
  if (!session.current.empty()) bringForward_(QString::fromStdString(session.current));
  return {{}, inputs_.problems()};
}

void SessionManager::startAutosave(const QString& folder) {
  QDir().mkpath(folder);
  autosavePath_ = QDir(folder).filePath(QStringLiteral("%1%2.%3").arg(kAutosavePrefix).arg(QCoreApplication::applicationPid()).arg(QLatin1String(kSessionSuffix)));
  throttle_ = new QTimer(this);
  throttle_->setSingleShot(true);
  throttle_->setInterval(autosaveMs_);
  connect(throttle_, &QTimer::timeout, this, &SessionManager::writeAutosave);
  for (Workspace* workspace : workspaces_) workspace->watchChanges([this] { changed(); });
}

void SessionManager::changed() {
  if (throttle_ && !throttle_->isActive()) throttle_->start();
}

void SessionManager::writeAutosave() {
  if (writing_.isRunning()) {
    changedWhileWriting_ = true;
    return;
  }
  // The state is read here, on the GUI thread.
  // Hashing a new input and writing the file go to a worker.
  SessionDocument session = captureState();
  const QString path = autosavePath_;
  writing_ = QtConcurrent::run([this, session = std::move(session), path]() mutable -> QString {
    try {
      inputs_.completeHashes(session.workspaces);
      writeSessionFile(path.toStdString(), session);
      return {};
    } catch (const std::exception& error) {
      return QString::fromStdString(error.what());
    }
  });
  writing_.then(this, [this, path](const QString& error) {
    emit autosaved(path, error);
    if (changedWhileWriting_) {
      changedWhileWriting_ = false;
      changed();
    }
  });
}

void SessionManager::autosaveNow() {
  writing_.waitForFinished();
  if (throttle_) throttle_->stop();
  writeAutosave();
  writing_.waitForFinished();
}

QString SessionManager::defaultAutosaveFolder() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

std::optional<QString> SessionManager::findCrashedAutosave(const QString& folder) {
  const QFileInfoList files = QDir(folder).entryInfoList({kAutosavePrefix + QStringLiteral("*.") + QLatin1String(kSessionSuffix)},
                                                         QDir::Files, QDir::Time);
  for (const QFileInfo& file : files) {  // newest first
    bool ok = false;
    const qint64 pid = file.completeBaseName().mid(kAutosavePrefix.size()).toLongLong(&ok);
    if (ok && pid != QCoreApplication::applicationPid() && !processRuns(pid)) return file.absoluteFilePath();
  }
  return std::nullopt;
}

void SessionManager::setAutosaveInterval(int milliseconds) {
  autosaveMs_ = milliseconds;
  if (throttle_) throttle_->setInterval(milliseconds);
}

}  // namespace fftscope::gui
