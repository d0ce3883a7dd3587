// A session file (.fftscope): versioned JSON holding one section per workspace.
//   {"format": "fftscope-session", "version": 1, "application": "0.9.0",
//    "current": "image", "workspaces": {"image": {...}, "signal": {...}, ...}}
// Read through the bounded JSON reader (a huge or deeply nested file is refused before it costs
// memory or stack); written whole or not at all through the one atomic writer.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <filesystem>
#include <string>

namespace fftscope::gui {

constexpr int kSessionVersion = 1;
constexpr std::size_t kMostSessionBytes = std::size_t{16} << 20;
constexpr int kDeepestSession = 16;  // a session needs about 6 levels
constexpr const char* kSessionSuffix = "fftscope";

struct SessionDocument {
  int version = kSessionVersion;
  std::string application;       // the version that wrote it
  std::string current;           // the workspace in front
  nlohmann::json workspaces = nlohmann::json::object();  // name -> section
};

// Throws std::runtime_error with a message for the user (no path in it): missing, too large, not
// valid JSON, nested too deep, not a session, or written by a newer version.
SessionDocument readSessionFile(const std::filesystem::path& path);
SessionDocument parseSession(const std::string& text);

std::string sessionText(const SessionDocument& session);
// Throws std::runtime_error naming the cause; the old file stays whole on failure.
void writeSessionFile(const std::filesystem::path& path, const SessionDocument& session);

}  // namespace fftscope::gui
