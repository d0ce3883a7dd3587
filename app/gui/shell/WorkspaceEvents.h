// What a workspace tells the window, whatever its task: a file opened, failed or cancelled, a
// line for the status bar, the time its latest result took on the engine, that a view painted the
// answer to a request (RequestTicket::id) and that what it shows has settled (every result answers
// the latest request). The window listens to every workspace's alike.
#pragma once

#include "engine/ResultTiming.h"

#include <QObject>
#include <QString>

namespace fftscope::gui {

class WorkspaceEvents : public QObject {
  Q_OBJECT

 signals:
  // `path` empty for an input that is not a file (a sample, a generated signal).
  void opened(const QString& name, const QString& path, double openMs);
  void openFailed(const QString& message);
  void openCancelled();
  void statusMessage(const QString& text, int timeoutMs);
  // A file chosen in the workspace's own dialog: the window opens it as any other file.
  void fileChosen(const QString& path);
  // The workspace wants to be in front (a live source started from the menu).
  void frontWanted();
  void resultTimed(const fftscope::gui::ResultTiming& timing);
  void pictureDrawn(quint64 request);
  void settled();
};

}  // namespace fftscope::gui
