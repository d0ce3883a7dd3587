#include "session/SessionInputs.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>

#include <stdexcept>

namespace fftscope::gui {

QString SessionInputs::hashOf(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  QCryptographicHash hash(QCryptographicHash::Sha256);
  if (!hash.addData(&file)) return {};
  return QString::fromLatin1(hash.result().toHex());
}

std::optional<QString> SessionInputs::knownHash(const QString& path) {
  const QFileInfo info(path);
  const std::lock_guard lock(mutex_);
  auto found = hashes_.find(path);
  if (found != hashes_.end() && found->second.bytes == info.size() && found->second.modified == info.lastModified())
    return found->second.sha256;
  return std::nullopt;
}

QString SessionInputs::cachedHash(const QString& path) {
  if (std::optional<QString> known = knownHash(path)) return *known;
  const QFileInfo info(path);
  const QString sha = hashOf(path);  // outside the lock: it may take a while
  const std::lock_guard lock(mutex_);
  hashes_[path] = {info.size(), info.lastModified(), sha};
  return sha;
}

nlohmann::json SessionInputs::describe(const QString& path) {
  const QFileInfo info(path);
  nlohmann::json input = {{"path", info.absoluteFilePath().toStdString()}, {"bytes", info.size()}};
  if (const std::optional<QString> sha = knownHash(info.absoluteFilePath()); sha && !sha->isEmpty())
    input["sha256"] = sha->toStdString();
  return input;
}

void SessionInputs::completeHashes(nlohmann::json& document) {
  if (document.is_object() && document.contains("path") && document.contains("bytes") && !document.contains("sha256") &&
      document.at("path").is_string()) {
    const QString sha = cachedHash(QString::fromStdString(document.at("path").get<std::string>()));
    if (!sha.isEmpty()) document["sha256"] = sha.toStdString();
    return;
  }
  if (document.is_structured())
    for (nlohmann::json& item : document) completeHashes(item);
}

std::optional<QString> SessionInputs::resolve(const nlohmann::json& input) {
  if (!input.is_object() || !input.contains("path") || !input.at("path").is_string())
    throw std::invalid_argument("an input without a path");
  const QString path = QString::fromStdString(input.at("path").get<std::string>());
  QString recorded;
  if (input.contains("sha256")) {
    if (!input.at("sha256").is_string()) throw std::invalid_argument("an input's sha256 is not text");
    recorded = QString::fromStdString(input.at("sha256").get<std::string>());
  }
  QString problem;
  if (!QFileInfo(path).isFile()) problem = QCoreApplication::translate("SessionInputs", "%1 is no longer there").arg(path);
  else if (!recorded.isEmpty() && cachedHash(path) != recorded)
    problem = QCoreApplication::translate("SessionInputs", "%1 has changed since the session was saved").arg(path);
  if (problem.isEmpty()) return path;
  const QString located = locator_ ? locator_(path, problem) : QString();
  if (located.isEmpty()) {
    problems_ << QCoreApplication::translate("SessionInputs", "%1: left out").arg(problem);
    return std::nullopt;
  }
  if (!recorded.isEmpty() && cachedHash(located) != recorded)
    problems_ << QCoreApplication::translate("SessionInputs", "%1: %2 used instead, whose content differs").arg(problem, located);
  else
    problems_ << QCoreApplication::translate("SessionInputs", "%1: found at %2").arg(problem, located);
  return located;
}

}  // namespace fftscope::gui
