// The files a session names as inputs: each kept as its path and the SHA-256 of its content, so
// that reopening finds out when one moved or changed. Saving hashes a file once per size and time
// of last change, off the GUI thread for the autosave; reopening checks each input and asks the locator (a file dialog in the window)
// for one that is missing or different.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <mutex>
#include <optional>

namespace fftscope::gui {

class SessionInputs {
 public:
  // Given the recorded path and what is wrong with it, the file to use instead, or empty to leave
  // the input out.
  using Locator = std::function<QString(const QString& path, const QString& problem)>;

  void setLocator(Locator locator) { locator_ = std::move(locator); }

  // {"path": absolute path, "bytes": size, "sha256": hex}: the hash only when it is known already,
  // so the GUI thread never waits for a large file; completeHashes adds the others.
  nlohmann::json describe(const QString& path);
  // Adds the missing hashes to every input record in `document` (a file that cannot be read gets
  // none). Safe on any thread: a worker does it for the autosave.
  void completeHashes(nlohmann::json& document);

  // The file to open for a recorded input: its path when it is there with the same content, else
  // what the locator gives (a problem is noted either way). Empty when it is left out. Throws
  // std::invalid_argument when `input` is not an input record.
  std::optional<QString> resolve(const nlohmann::json& input);

  // Notes an input a session cannot reopen (one not read from a file).
  void leaveOut(const QString& what) { problems_ << what; }

  // One line for each input that moved, changed or was left out, as the user is to read it.
  const QStringList& problems() const { return problems_; }
  void clearProblems() { problems_.clear(); }

  // The file's SHA-256 in hex, empty when it cannot be read.
  static QString hashOf(const QString& path);

 private:
  struct Known {
    qint64 bytes = 0;
    QDateTime modified;
    QString sha256;
  };
  QString cachedHash(const QString& path);  // computed when not known
  std::optional<QString> knownHash(const QString& path);

  Locator locator_;
  QStringList problems_;
  std::mutex mutex_;  // guards hashes_
  std::map<QString, Known> hashes_;
};

}  // namespace fftscope::gui
