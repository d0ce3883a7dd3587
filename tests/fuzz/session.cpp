// Session files (.fftscope), from any bytes: refused with std::runtime_error, or read into a
// document that writes and reads back the same; the plain values of the image and signal sections
// (session/SessionValues.h) are then refused with std::invalid_argument or read whole.
#include "session/SessionFile.h"
#include "session/SessionValues.h"

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

using namespace fftscope::gui;
using nlohmann::json;

namespace {

void attempt(const std::function<void()>& read) {
  try {
    read();
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  SessionDocument document;
  try {
    document = parseSession(std::string(reinterpret_cast<const char*>(data), size));
  } catch (const std::runtime_error&) {
    return 0;
  }
  const SessionDocument back = parseSession(sessionText(document));
  if (back.workspaces != document.workspaces || back.current != document.current) __builtin_trap();
  const json& sections = document.workspaces;
  if (sections.contains("image")) {
    const json& image = sections["image"];
    attempt([&] { session::filterSpecFrom(session::member(image, "filter")); });
    attempt([&] { session::displayFrom(session::member(image, "display")); });
    attempt([&] { session::displayRangeFrom(session::member(image, "displayRange")); });
    attempt([&] { session::outputRangeFrom(session::member(image, "outputRange")); });
  }
  if (sections.contains("signal")) {
    const json& signal = sections["signal"];
    attempt([&] { session::signalFilterFrom(session::member(signal, "filter")); });
    attempt([&] { session::readOptionsFrom(session::member(session::member(signal, "input"), "read")); });
  }
  return 0;
}
