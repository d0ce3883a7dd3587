// A device's limits as the planner sees them: the driver's facts, then the settings that time
// other plans on a device where they are set (settings/SettingTable.h says what each does).
#include "engine/planning/DeviceLimitsOf.h"

#include "engine/planning/BluesteinLength.h"
#include "engine/planning/CompositeRadices.h"
#include "settings/ProcessSettings.h"

#include <cstdio>
#include <string>

namespace fftscope {
namespace {

// A flag set to 0 turns a switch that is on by default off, and 1 turns one that is off on.
void applyFlag(const Settings& s, const char* name, bool& field) {
  if (s.isSet(name)) field = s.flag(name);
}

// A choice of 0, 1 and a third word that goes further (prefer, all).
void applyChoice(const Settings& s, const char* name, bool& on, bool& further) {
  if (!s.isSet(name)) return;
  on = s.text(name) != "0";
  further = s.text(name) != "0" && s.text(name) != "1";
}

}  // namespace

DeviceLimits limitsOf(const cl::DeviceInfo& device) { return limitsOf(device, processSettings()); }

DeviceLimits limitsOf(const cl::DeviceInfo& device, const Settings& s) {
  DeviceLimits limits{device.localMemBytes, device.maxWorkGroupSize, device.type != "CPU"};
  limits.registerCap = device.registerCapOption;
  if (device.type != "CPU") limits.registerValues = 0;  // 16, 32 or 64 a step, as they measured on the H200
  if (s.isSet("FFTSCOPE_REGISTER_CAP")) {
    if (s.number("FFTSCOPE_REGISTER_CAP") == 0)
      limits.registerCap = false;
    else
      limits.registerCapOverride = s.number("FFTSCOPE_REGISTER_CAP");  // used only where a cap is built
  }
  if (s.isSet("FFTSCOPE_BLUESTEIN_M")) limits.bluesteinLength = parseConvolutionLength(s.text("FFTSCOPE_BLUESTEIN_M").c_str());
  if (s.isSet("FFTSCOPE_INNER_RADICES")) {
    const std::string& named = s.text("FFTSCOPE_INNER_RADICES");
    limits.innerRadices = parseInnerRadices(named.c_str());
    if (limits.innerRadices.empty())
      std::fprintf(stderr, "FFTSCOPE_INNER_RADICES=%s: expected up to 6 radices like 20,20,10 (powers of two up to 64, odd up to 31, "
                   "or a composite such as 40); ignored\n", named.c_str());
  }
  if (s.isSet("FFTSCOPE_SPLIT_COLUMN_TWIDDLES")) {
    const std::string& place = s.text("FFTSCOPE_SPLIT_COLUMN_TWIDDLES");
    if (place == "0" || place == "rows")
      limits.splitTwiddles = SplitTwiddles::Rows;
    else if (place == "1" || place == "columns")
      limits.splitTwiddles = SplitTwiddles::Columns;
    else
      limits.splitTwiddles = SplitTwiddles::FirstColumn;  // first, first-column: the table takes no other word
  }
  applyChoice(s, "FFTSCOPE_REGISTER_PASSES", limits.registerPasses, limits.preferRegisterPasses);
  applyChoice(s, "FFTSCOPE_RADER", limits.rader, limits.preferRader);
  applyChoice(s, "FFTSCOPE_SPLIT_BLUESTEIN", limits.splitBluestein, limits.preferSplitBluestein);
  applyChoice(s, "FFTSCOPE_INNER_STEPS", limits.innerSteps, limits.innerStepsEverywhere);
  applyChoice(s, "FFTSCOPE_REQD_GROUP", limits.reqdGroup, limits.reqdWideHeld);
  applyChoice(s, "FFTSCOPE_ODD_REGISTER_PASSES", limits.oddRegisterPasses, limits.oddRegisterPassesF32);
  const std::pair<const char*, bool*> flags[] = {{"FFTSCOPE_FUSED_UNTANGLE", &limits.fusedUntangle},
                                                 {"FFTSCOPE_PAD_HALF_SPECTRUM", &limits.padHalfSpectrum},
                                                 {"FFTSCOPE_STAGED_TWIDDLES", &limits.stagedTwiddles},
                                                 {"FFTSCOPE_BLUESTEIN_MIDDLE", &limits.bluesteinMiddle},
                                                 {"FFTSCOPE_REVERSE_GROUPS", &limits.reverseGroups},
                                                 {"FFTSCOPE_RADER_PERMUTE", &limits.raderPermutePass},
                                                 {"FFTSCOPE_OUTER_STEPS", &limits.outerSteps},
                                                 {"FFTSCOPE_WIDE_RADICES", &limits.wideRadices},
                                                 {"FFTSCOPE_COMPONENT_EXCHANGE", &limits.componentExchange},
                                                 {"FFTSCOPE_EXCHANGE_LAYOUT", &limits.exchangeLayouts},
                                                 {"FFTSCOPE_STORE_TWIDDLES", &limits.storeTwiddles},
                                                 {"FFTSCOPE_FILTER_PREFETCH", &limits.filterPrefetch},
                                                 {"FFTSCOPE_FEWEST_ROUNDS", &limits.fewestRounds},
                                                 {"FFTSCOPE_CAP_EVERY_PASS", &limits.capEveryPass},
                                                 {"FFTSCOPE_EIGHT_FOUR", &limits.eightFour}};
  for (const auto& [name, field] : flags) applyFlag(s, name, *field);
  // The grouped planner's shapes (PassPlan.h's DeviceLimits), their ranges checked when read.
  const std::pair<const char*, std::size_t*> numbers[] = {{"FFTSCOPE_RUN_BYTES", &limits.runBytes},
                                                          {"FFTSCOPE_COLUMN_RUN_BYTES", &limits.columnRunBytes},
                                                          {"FFTSCOPE_HELD_RUN_BYTES", &limits.heldRunBytes},
                                                          {"FFTSCOPE_HELD_FEWEST_RUN_BYTES", &limits.heldFewestRunBytes},
                                                          {"FFTSCOPE_LATER_LANES", &limits.laterLanes},
                                                          {"FFTSCOPE_REGISTER_VALUES", &limits.registerValues},
                                                          {"FFTSCOPE_REGISTER_FILE", &limits.registerFile},
                                                          {"FFTSCOPE_GROUP_TARGET", &limits.groupTarget},
                                                          {"FFTSCOPE_ODD_INNER_PASSES", &limits.oddInnerPasses},
                                                          {"FFTSCOPE_COMPOSITE_RADIX", &limits.compositeRadix},
                                                          {"FFTSCOPE_INNER_PASS_VALUES", &limits.innerPassValues},
                                                          {"FFTSCOPE_MAX_GROUP", &limits.maxGroupItems},
                                                          {"FFTSCOPE_ONE_ROUND_GROUP", &limits.oneRoundGroupItems},
                                                          {"FFTSCOPE_ROW_ITEM_POINTS", &limits.rowItemPoints},
                                                          {"FFTSCOPE_ITEM_POINTS", &limits.itemPoints},
                                                          {"FFTSCOPE_SPLIT_ROWS", &limits.splitRowLength},
                                                          {"FFTSCOPE_BATCH_GROUPS", &limits.batchFastGroups},
                                                          {"FFTSCOPE_FILTER_PASS_CAP", &limits.filterPassCap}};
  for (const auto& [name, field] : numbers)
    if (s.isSet(name)) *field = s.number(name);
  if (s.isSet("FFTSCOPE_CACHE_CHUNK")) limits.cacheChunkBytes = s.number("FFTSCOPE_CACHE_CHUNK");
  return limits;
}

}  // namespace fftscope
