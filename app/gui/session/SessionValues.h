// The workspaces' plain values as session JSON and back: the image filter, its display and
// preparation; the signal filter, its read options and selection. Reading checks every field's
// type and range and throws std::invalid_argument naming the first bad one, so a section is
// either read whole or refused. Enumerations are kept as their numbers in the session's version.
#pragma once

#include "imaging/DisplayRange.h"
#include "imaging/FilterPipeline.h"
#include "imaging/FilterSpec.h"
#include "imaging/OutputRange.h"
#include "imaging/Padding.h"
#include "imaging/SpectrumDisplay.h"
#include "signal/FilterDesign.h"
#include "signal/SignalReader.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace fftscope::gui::session {

// Typed fields of an object, each throwing std::invalid_argument "KEY: ..." when absent or wrong.
double number(const nlohmann::json& object, const char* key);
long long integer(const nlohmann::json& object, const char* key, long long least, long long most);
bool flag(const nlohmann::json& object, const char* key);
std::string text(const nlohmann::json& object, const char* key);
const nlohmann::json& member(const nlohmann::json& object, const char* key);  // any value
const nlohmann::json& array(const nlohmann::json& object, const char* key, std::size_t most);

nlohmann::json toJson(const imaging::BaseFilter& base);
imaging::BaseFilter baseFilterFrom(const nlohmann::json& value);
nlohmann::json toJson(const imaging::FilterSpec& spec);
imaging::FilterSpec filterSpecFrom(const nlohmann::json& value);
nlohmann::json toJson(const imaging::DisplaySettings& display);
imaging::DisplaySettings displayFrom(const nlohmann::json& value);
nlohmann::json toJson(const imaging::DisplayRangeSettings& range);
imaging::DisplayRangeSettings displayRangeFrom(const nlohmann::json& value);
// null: Automatic (follows the filter).
nlohmann::json toJson(std::optional<imaging::OutputRange> range);
std::optional<imaging::OutputRange> outputRangeFrom(const nlohmann::json& value);

nlohmann::json toJson(const signal::SignalFilterSpec& spec);
signal::SignalFilterSpec signalFilterFrom(const nlohmann::json& value);
nlohmann::json toJson(const signal::SignalReadOptions& options);
signal::SignalReadOptions readOptionsFrom(const nlohmann::json& value);

}  // namespace fftscope::gui::session
