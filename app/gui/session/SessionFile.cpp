#include "session/SessionFile.h"

#include "io/AtomicWrite.h"
#include "io/BoundedFile.h"
#include "io/BoundedJson.h"

#include <stdexcept>

namespace fftscope::gui {
namespace {

constexpr const char* kFormat = "fftscope-session";

}  // namespace

SessionDocument parseSession(const std::string& text) {
  nlohmann::json root;
  try {
    root = io::parseBoundedJson(text, {kMostSessionBytes, kDeepestSession});
  } catch (const std::invalid_argument& error) {
    throw std::runtime_error(std::string("not a readable session: ") + error.what());
  }
  if (!root.is_object() || root.value("format", nlohmann::json()) != kFormat)
    throw std::runtime_error("not an FFTScope session");
  const nlohmann::json& version = root.value("version", nlohmann::json());
  if (!version.is_number_integer() || version.get<long long>() < 1)
    throw std::runtime_error("a session without a valid version number");
  SessionDocument session;
  if (version.get<long long>() > kSessionVersion)
    throw std::runtime_error("written by a newer FFTScope (session version " + std::to_string(version.get<long long>()) +
                             "; this version opens sessions up to version " + std::to_string(kSessionVersion) +
                             "). Open it with that version or a later one.");
  session.version = int(version.get<long long>());
  if (root.contains("application") && root.at("application").is_string())
    session.application = root.at("application").get<std::string>();
  if (root.contains("current") && root.at("current").is_string()) session.current = root.at("current").get<std::string>();
  if (!root.contains("workspaces") || !root.at("workspaces").is_object())
    throw std::runtime_error("a session without its workspaces");
  session.workspaces = root.at("workspaces");
  return session;
}

SessionDocument readSessionFile(const std::filesystem::path& path) {
  std::optional<std::string> text;
  try {
    text = io::readBoundedFile(path, kMostSessionBytes);
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(std::string("could not be read: ") + error.what());
  }
  if (!text) throw std::runtime_error("no such file");
  return parseSession(*text);
}

std::string sessionText(const SessionDocument& session) {
  const nlohmann::json root = {{"format", kFormat},
                               {"version", kSessionVersion},
                               {"application", session.application},
                               {"current", session.current},
                               {"workspaces", session.workspaces}};
  return root.dump(1) + "\n";
}

void writeSessionFile(const std::filesystem::path& path, const SessionDocument& session) {
  io::writeFileAtomically(path, sessionText(session));
}

}  // namespace fftscope::gui
