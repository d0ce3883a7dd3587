// A device's limits as the planner sees them, and the environment variables that override them
// to time other plans on a device (each named where it is read).
#include "engine/planning/DeviceLimitsOf.h"

#include "engine/planning/BluesteinLength.h"
#include "engine/planning/CompositeRadices.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fftscope {

DeviceLimits limitsOf(const cl::DeviceInfo& device) {
  DeviceLimits limits{device.localMemBytes, device.maxWorkGroupSize, device.type != "CPU"};
  limits.registerCap = device.registerCapOption;
  if (device.type != "CPU") limits.registerValues = 0;  // 16, 32 or 64 a step, as they measured on the H200
  if (const char* cap = std::getenv("FFTSCOPE_REGISTER_CAP")) {
    char* end = nullptr;
    const unsigned long registers = std::strtoul(cap, &end, 10);
    if (std::string(cap) == "0")
      limits.registerCap = false;
    else if (end != cap && *end == '\0' && registers >= 16 && registers <= 255)
      limits.registerCapOverride = registers;  // used only where a cap is built (also `plan --register-cap on`)
    else
      std::fprintf(stderr, "FFTSCOPE_REGISTER_CAP=%s: expected 0 or 16..255 registers; ignored\n", cap);
  }
  // Bluestein's convolution length, to time one on a device: FFTSCOPE_BLUESTEIN_M=139968.
  limits.bluesteinLength = parseConvolutionLength(std::getenv("FFTSCOPE_BLUESTEIN_M"));
  if (const char* registers = std::getenv("FFTSCOPE_REGISTER_PASSES")) {
    limits.registerPasses = std::string(registers) != "0";
    limits.preferRegisterPasses = std::string(registers) == "prefer";
  }
  if (const char* fused = std::getenv("FFTSCOPE_FUSED_UNTANGLE")) limits.fusedUntangle = std::string(fused) != "0";
  if (const char* pad = std::getenv("FFTSCOPE_PAD_HALF_SPECTRUM")) limits.padHalfSpectrum = std::string(pad) != "0";
  if (const char* staged = std::getenv("FFTSCOPE_STAGED_TWIDDLES")) limits.stagedTwiddles = std::string(staged) != "0";
  if (const char* named = std::getenv("FFTSCOPE_INNER_RADICES")) {
    limits.innerRadices = parseInnerRadices(named);
    if (limits.innerRadices.empty())
      std::fprintf(stderr, "FFTSCOPE_INNER_RADICES=%s: expected up to 6 radices like 20,20,10 (powers of two up to 64, odd up to 31, "
                   "or a composite such as 40); ignored\n", named);
  }
  if (const char* middle = std::getenv("FFTSCOPE_BLUESTEIN_MIDDLE")) limits.bluesteinMiddle = std::string(middle) != "0";
  if (const char* rader = std::getenv("FFTSCOPE_RADER")) {
    limits.rader = std::string(rader) != "0";
    limits.preferRader = std::string(rader) == "prefer";
  }
  if (const char* split = std::getenv("FFTSCOPE_SPLIT_BLUESTEIN")) {
    limits.splitBluestein = std::string(split) != "0";
    limits.preferSplitBluestein = std::string(split) == "prefer";
  }
  if (const char* twiddles = std::getenv("FFTSCOPE_SPLIT_COLUMN_TWIDDLES")) {
    const std::string place = twiddles;
    if (place == "0" || place == "rows")
      limits.splitTwiddles = SplitTwiddles::Rows;
    else if (place == "1" || place == "columns")
      limits.splitTwiddles = SplitTwiddles::Columns;
    else if (place == "first" || place == "first-column")
      limits.splitTwiddles = SplitTwiddles::FirstColumn;
    else
      std::fprintf(stderr, "FFTSCOPE_SPLIT_COLUMN_TWIDDLES=%s: expected 0 (rows), 1 (columns) or first; ignored\n", twiddles);
  }
  if (const char* reverse = std::getenv("FFTSCOPE_REVERSE_GROUPS")) limits.reverseGroups = std::string(reverse) != "0";
  if (const char* permute = std::getenv("FFTSCOPE_RADER_PERMUTE")) limits.raderPermutePass = std::string(permute) != "0";
  if (const char* steps = std::getenv("FFTSCOPE_OUTER_STEPS")) limits.outerSteps = std::string(steps) != "0";
  if (const char* steps = std::getenv("FFTSCOPE_INNER_STEPS")) {
    limits.innerSteps = std::string(steps) != "0";
    limits.innerStepsEverywhere = std::string(steps) == "all";
  }
  if (const char* wide = std::getenv("FFTSCOPE_WIDE_RADICES")) limits.wideRadices = std::string(wide) != "0";
  if (const char* store = std::getenv("FFTSCOPE_STORE_TWIDDLES")) limits.storeTwiddles = std::string(store) != "0";
  if (const char* prefetch = std::getenv("FFTSCOPE_FILTER_PREFETCH")) limits.filterPrefetch = std::string(prefetch) == "1";
  if (const char* rounds = std::getenv("FFTSCOPE_FEWEST_ROUNDS")) limits.fewestRounds = std::string(rounds) != "0";
  if (const char* every = std::getenv("FFTSCOPE_CAP_EVERY_PASS")) limits.capEveryPass = std::string(every) == "1";
  if (const char* reqd = std::getenv("FFTSCOPE_REQD_GROUP")) {
    limits.reqdGroup = std::string(reqd) != "0";
    limits.reqdWideHeld = std::string(reqd) == "all";
  }
  if (const char* eightFour = std::getenv("FFTSCOPE_EIGHT_FOUR")) limits.eightFour = std::string(eightFour) != "0";
  // The grouped planner's shapes, to time others on a device (PassPlan.h's DeviceLimits): runs of
  // neighbouring lanes a step read or written at a stride aims for, FFTSCOPE_RUN_BYTES=256 (the
  // longest; FFTSCOPE_COLUMN_RUN_BYTES=256 for steps over columns alone),
  // FFTSCOPE_HELD_RUN_BYTES=128 (register-held steps) in bytes, FFTSCOPE_REGISTER_VALUES=64 (their
  // values a work-item), FFTSCOPE_LATER_LANES=16 (a long row's passes after its first); FFTSCOPE_GROUP_TARGET=64, FFTSCOPE_ODD_INNER_PASSES=4,
  // FFTSCOPE_MAX_GROUP=512, FFTSCOPE_ONE_ROUND_GROUP=512, FFTSCOPE_ROW_ITEM_POINTS=16, FFTSCOPE_ITEM_POINTS=8, FFTSCOPE_COMPOSITE_RADIX=48,
  // FFTSCOPE_SPLIT_ROWS=2048 (the rows of Bluestein's split, SplitBluestein.h), FFTSCOPE_BATCH_GROUPS=0..2,
  // FFTSCOPE_FILTER_PASS_CAP=80.
  struct Override {
    const char* name;
    std::size_t* field;
    unsigned long least, most;
    bool powerOfTwo = true;
  };
  const Override overrides[] = {{"FFTSCOPE_RUN_BYTES", &limits.runBytes, 32, 1024},
                                {"FFTSCOPE_COLUMN_RUN_BYTES", &limits.columnRunBytes, 32, 1024},
                                {"FFTSCOPE_HELD_RUN_BYTES", &limits.heldRunBytes, 32, 1024},
                                {"FFTSCOPE_HELD_FEWEST_RUN_BYTES", &limits.heldFewestRunBytes, 16, 1024},
                                {"FFTSCOPE_LATER_LANES", &limits.laterLanes, 1, 64},
                                {"FFTSCOPE_REGISTER_VALUES", &limits.registerValues, 16, 64},
                                {"FFTSCOPE_GROUP_TARGET", &limits.groupTarget, 16, 1024},
                                {"FFTSCOPE_ODD_INNER_PASSES", &limits.oddInnerPasses, 2, 6, false},
                                {"FFTSCOPE_COMPOSITE_RADIX", &limits.compositeRadix, 0, 64, false},
                                {"FFTSCOPE_INNER_PASS_VALUES", &limits.innerPassValues, 0, 256, false},
                                {"FFTSCOPE_MAX_GROUP", &limits.maxGroupItems, 64, 1024},
                                {"FFTSCOPE_ONE_ROUND_GROUP", &limits.oneRoundGroupItems, 64, 1024},
                                {"FFTSCOPE_ROW_ITEM_POINTS", &limits.rowItemPoints, 2, 32},
                                {"FFTSCOPE_ITEM_POINTS", &limits.itemPoints, 2, 32},
                                {"FFTSCOPE_SPLIT_ROWS", &limits.splitRowLength, 2, 65536, false},
                                {"FFTSCOPE_BATCH_GROUPS", &limits.batchFastGroups, 0, 2, false},
                                {"FFTSCOPE_FILTER_PASS_CAP", &limits.filterPassCap, 16, 255, false}};
  for (const Override& o : overrides) {
    const char* text = std::getenv(o.name);
    if (!text) continue;
    char* end = nullptr;
    const unsigned long value = std::strtoul(text, &end, 10);
    if (end != text && *end == '\0' && value >= o.least && value <= o.most && (!o.powerOfTwo || (value & (value - 1)) == 0))
      *o.field = value;
    else
      std::fprintf(stderr, "%s=%s: expected %s from %lu to %lu; ignored\n", o.name, text,
                   o.powerOfTwo ? "a power of two" : "a whole number", o.least, o.most);
  }
  // Batches in chunks through the L2 cache for every command (CacheChunks.h), as `plan
  // --cache-chunk` does: FFTSCOPE_CACHE_CHUNK=BYTES, 0 for the whole batch.
  if (const char* chunk = std::getenv("FFTSCOPE_CACHE_CHUNK")) {
    char* end = nullptr;
    const unsigned long long bytes = std::strtoull(chunk, &end, 10);
    if (end != chunk && *end == '\0' && bytes <= (1ull << 40))
      limits.cacheChunkBytes = bytes;
    else
      std::fprintf(stderr, "FFTSCOPE_CACHE_CHUNK=%s: expected bytes from 0 to 2^40; ignored\n", chunk);
  }
  // For measuring larger register-held groups than the planner's model allows (a kernel the
  // driver says it cannot give its group gets the local-memory plan): FFTSCOPE_REGISTER_FILE=131072.
  if (const char* file = std::getenv("FFTSCOPE_REGISTER_FILE")) {
    char* end = nullptr;
    const unsigned long long registers = std::strtoull(file, &end, 10);
    if (end != file && *end == '\0' && registers >= 1024 && registers <= (1ull << 24)) limits.registerFile = registers;
  }
  return limits;
}

}  // namespace fftscope
