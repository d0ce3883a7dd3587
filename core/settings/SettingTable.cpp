// The table of settings. A setting an experiment sets exists to time an alternative to the
// planner's choice on a device, so that a choice can be measured again where it is in doubt.
#include "settings/SettingTable.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace fftscope {
namespace {

using enum SettingType;
using enum SetBy;
constexpr std::uint64_t kTerabyte = std::uint64_t{1} << 40;

// clang-format off
constexpr std::array kTable = std::to_array<SettingEntry>({
  // The programs' own.
  {"FFTSCOPE_DEVICE", Text, User, "",
   "The OpenCL device when no --device is given: an index from `fftscope-cli devices` or part of a device's, "
   "vendor's or platform's name. Unset: the first GPU, else the first device."},
  {"FFTSCOPE_CACHE_CHUNK", Bytes, User, "0",
   "Runs a batched plan in chunks of this many bytes of the batch, so that what one pass writes the next reads "
   "from the L2 cache (as `plan --cache-chunk`, for every command). 0: the whole batch at once.",
   {}, 0, kTerabyte},
  {"FFTSCOPE_MEMORY_LIMIT", Bytes, User, "0",
   "The most memory, in bytes, that one read or computation of a signal or image may plan to take; a larger "
   "one is refused before anything is allocated. 0: what the host has available (less under ulimit -v).",
   {}, 4096, kTerabyte * 1024, false, true},
  {"FFTSCOPE_PRINT_KERNELS", Flag, User, "0",
   "1 prints every OpenCL program on stderr as it is built, with its build options and build log, for reading "
   "what runs."},
  {"FFTSCOPE_KEEP_PROGRAMS", Choice, User, "1",
   "Whether compiled OpenCL programs are kept on disk (in FFTSCOPE_PROGRAM_CACHE), so that a second start on "
   "the same device and driver builds none from source: 1 for devices whose driver keeps no compiled kernels "
   "of its own (not CPUs, whose PoCL does, nor NVIDIA's, whose compute cache does: their binaries are compiled "
   "again on loading, which costs more than building through the driver's cache), all for every device, 0 "
   "for none.", "0 1 all"},
  {"FFTSCOPE_PROGRAM_CACHE", Text, User, "",
   "The folder compiled OpenCL programs are kept in. Unset: programs/ in the user's cache folder "
   "($XDG_CACHE_HOME/fftscope/programs, else ~/.cache/fftscope/programs; ~/Library/Caches on macOS, "
   "%LOCALAPPDATA% on Windows)."},
  {"FFTSCOPE_PROGRAM_CACHE_BYTES", Bytes, User, "268435456",
   "The most bytes the kept programs may take; beyond it the least recently used go first.",
   {}, std::uint64_t{1} << 20, kTerabyte},
  {"FFTSCOPE_VKFFT_PRINT", Flag, User, "0",
   "1 makes VkFFT print every kernel it runs and the buffers each reads and writes, to compare its plans with "
   "the engine's."},
  {"FFTSCOPE_KERNEL_DIR", Text, Experiment, "",
   "A folder whose .cl files are compiled instead of the kernels built into the program, to try an edited "
   "kernel without building again."},
  {"FFTSCOPE_TRUST_KERNEL_GROUP", Flag, Experiment, "0",
   "1 launches a kernel even where the driver says it cannot take the kernel's work-group, to learn whether "
   "the driver's answer holds."},
  {"FFTSCOPE_STAGING_CHUNK", Bytes, Experiment, "33554432",
   "The pinned chunk, in bytes, through which a batch split over several devices stages its data between the "
   "host and each device; a round of the pipeline takes the items a chunk holds (at least one). Lowered, the "
   "pipeline takes many rounds on a small batch.",
   {}, 256, kTerabyte},
  {"FFTSCOPE_STAGING_THREADS", Whole, Experiment, "",
   "Host threads each device's staging copies take (the caller's memory to and from the pinned chunks) in a "
   "batch split. Unset: the host's cores shared out among the devices.",
   {}, 1, 1024},
  {"FFTSCOPE_MAX_ALLOC", Bytes, Test, "0",
   "Lowers every device's largest buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE) to this many bytes, so that a transform "
   "larger than one buffer is split into pieces at a small scale. 0: what the driver says.",
   {}, 4096, kTerabyte * 1024, false, true},
  {"FFTSCOPE_DEVICE_REPEATS", Flag, Test, "0",
   "1 lets a device list (--devices) name one device more than once, each time on a context of its own, so that "
   "the several-device commands run on a machine with one device."},
  {"FFTSCOPE_BENCH_PLANT_ERROR", Text, Test, "",
   "Names (comma-separated) of bench variants or peers whose first output is spoiled, so that the CLI's tests "
   "see a wrong answer reported."},

  // Registers.
  {"FFTSCOPE_REGISTER_PASSES", Choice, Experiment, "1",
   "Whether grouped passes may hold more points than local memory does, in registers; prefer holds a step in "
   "registers wherever that saves a pass. 0 turns them off, to compare.", "0 1 prefer"},
  {"FFTSCOPE_REGISTER_VALUES", Whole, Experiment, "",
   "Values a work-item of a register-held pass holds. Unset: on a GPU the fewest of 16, 32 or 64 that take the "
   "fewest inner passes, chosen a step; 16 elsewhere.", {}, 16, 64, true},
  {"FFTSCOPE_REGISTER_CAP", Whole, Experiment, "",
   "The register cap register-held kernels are built with instead of the register file shared out; 0 builds "
   "none. Unset: a cap where the driver takes one (NVIDIA).", {}, 16, 255, false, true},
  {"FFTSCOPE_REGISTER_FILE", Whole, Experiment, "65536",
   "The 32-bit registers one work-group may take, to measure larger register-held groups than the planner's "
   "model allows.", {}, 1024, std::uint64_t{1} << 24},
  {"FFTSCOPE_CAP_EVERY_PASS", Flag, Experiment, "0",
   "1 builds every grouped pass with a register cap, not only register-held and large groups, to measure "
   "occupancy (with FFTSCOPE_REGISTER_CAP)."},
  {"FFTSCOPE_REQD_GROUP", Choice, Experiment, "1",
   "Whether grouped kernels declare their work-group size, which NVIDIA's compiler takes over a register cap; "
   "0 leaves it out to measure caps, all declares it on passes of 64 values too.", "0 1 all"},
  {"FFTSCOPE_FILTER_PASS_CAP", Whole, Experiment, "",
   "A register cap for the passes where Bluestein's or Rader's FFTs meet, to time more groups an SM against "
   "spills. Unset: none.", {}, 16, 255},

  // The grouped planner's shapes.
  {"FFTSCOPE_RUN_BYTES", Bytes, Experiment, "128",
   "The longest run of neighbouring lanes a grouped step read or written at a stride aims for; longer runs "
   "take more lanes a group.", {}, 32, 1024, true},
  {"FFTSCOPE_COLUMN_RUN_BYTES", Bytes, Experiment, "256",
   "The same for steps over columns, where a step keeps enough work-groups so.", {}, 32, 1024, true},
  {"FFTSCOPE_HELD_RUN_BYTES", Bytes, Experiment, "64",
   "Runs of a register-held step read or written at a stride.", {}, 32, 1024, true},
  {"FFTSCOPE_HELD_FEWEST_RUN_BYTES", Bytes, Experiment, "64",
   "The shortest runs a register-held step may take, to time shorter ones.", {}, 16, 1024, true},
  {"FFTSCOPE_LATER_LANES", Whole, Experiment, "16",
   "Lanes of a long row's local-memory passes after its first.", {}, 1, 64, true},
  {"FFTSCOPE_GROUP_TARGET", Whole, Experiment, "128",
   "Work-items a grouped pass over short rows gathers rows for, at least.", {}, 16, 1024, true},
  {"FFTSCOPE_ODD_INNER_PASSES", Whole, Experiment, "6",
   "Inner passes above which a grouped step's odd radices merge (3 * 5 into 15 and so on).", {}, 2, 6},
  {"FFTSCOPE_COMPOSITE_RADIX", Whole, Experiment, "12",
   "The largest radix a power of two and an odd factor make together as one inner pass of a first step "
   "(the prime factor algorithm); 0: none.", {}, 0, 64},
  {"FFTSCOPE_INNER_PASS_VALUES", Whole, Experiment, "8",
   "What an inner pass's trip through local memory costs the composite radices' choice, in values a "
   "work-item goes through.", {}, 0, 256},
  {"FFTSCOPE_INNER_RADICES", Text, Experiment, "",
   "A grouped step's inner radices by name, such as 20,20,10 (up to 6: powers of two up to 64, odd up to 31, or "
   "a composite), for the steps of their product, to time a sequence the planner would not choose."},
  {"FFTSCOPE_MAX_GROUP", Whole, Experiment, "256",
   "Work-items a local-memory step's group takes at most.", {}, 64, 1024, true},
  {"FFTSCOPE_ONE_ROUND_GROUP", Whole, Experiment, "256",
   "Work-items a step over lanes may take where that runs every inner pass in one round.", {}, 64, 1024, true},
  {"FFTSCOPE_ROW_ITEM_POINTS", Whole, Experiment, "8",
   "Points a work-item aims at in a local-memory step over whole rows with an odd radix.", {}, 2, 32, true},
  {"FFTSCOPE_ITEM_POINTS", Whole, Experiment, "",
   "Points a work-item aims at in every local-memory step. Unset: one butterfly of the step's largest radix.",
   {}, 2, 32, true},
  {"FFTSCOPE_WIDE_RADICES", Flag, Experiment, "1",
   "Whether a register-held step over whole rows may take inner radices of 32 and 64 in one work-item; 0 keeps "
   "radices up to 16, to compare."},
  {"FFTSCOPE_ODD_REGISTER_PASSES", Choice, Experiment, "1",
   "Whether a register-held step over whole rows may take an odd radix, so that rows such as 6144 = 3 * 2048 "
   "take one pass: 1 in f64 rows (where it measured faster), f32 in f32 rows too (10240 measured faster, "
   "6144, 12288 and 20480 slower: f32 rows take it by --plan measure, except where FFTSCOPE_COMPONENT_EXCHANGE "
   "holds them), 0 keeps powers of two (two passes), to compare.", "0 1 f32"},
  {"FFTSCOPE_COMPONENT_EXCHANGE", Flag, Experiment, "1",
   "Whether an f32 row with an odd factor goes through local memory a component at a time where one component "
   "of the row fits it, in whole runs of 32 points and at most 64 values a work-item (6144 points: 256 "
   "work-items of 24 values; 10240: 256 of 40; one pass by estimate); 0 leaves such rows to slices of whole "
   "values (two passes by estimate), to compare."},
  {"FFTSCOPE_EXCHANGE_LAYOUT", Flag, Experiment, "1",
   "Whether a grouped pass with no hooks lays each exchange through local memory out so that a butterfly's "
   "positions stay evenly spaced, with the gaps that leave the fewest bank conflicts by the planner's model "
   "(core/engine/planning/ExchangeLayout.h); 0 pads every position on its own, to compare."},
  {"FFTSCOPE_EIGHT_FOUR", Flag, Experiment, "1",
   "Whether a row's first grouped step takes 8 * 4 for a last 16 * 2 (8 * 8 * 8 for 16 * 16 * 2); 0 keeps them, "
   "to compare."},
  {"FFTSCOPE_FEWEST_ROUNDS", Flag, Experiment, "1",
   "Whether an f32 pass after others with an odd radix takes the group of fewest rounds; 0 keeps one "
   "butterfly of the largest radix, to compare."},

  // Twiddles.
  {"FFTSCOPE_STAGED_TWIDDLES", Flag, Experiment, "1",
   "Whether a grouped pass after others stages its group's outer twiddles in local memory; 0 reads them from "
   "the table point by point, to compare."},
  {"FFTSCOPE_STORE_TWIDDLES", Flag, Experiment, "1",
   "Whether a pass's stores multiply by the outer twiddles of the pass after it; 0 leaves them on that pass's "
   "loads, to compare."},
  {"FFTSCOPE_OUTER_STEPS", Flag, Experiment, "1",
   "Whether a grouped pass after others makes its outer twiddles from R/4 + 1 lookups a butterfly instead of "
   "one a point; 0 turns it off, to compare."},
  {"FFTSCOPE_INNER_STEPS", Choice, Experiment, "1",
   "Whether an inner pass of radix 8 to 64 makes its twiddles from R/4 + 2 lookups instead of R - 1; 0 reads "
   "every one, all takes them in register-held passes of 32 and 64 values too.", "0 1 all"},

  // The order of work.
  {"FFTSCOPE_REVERSE_GROUPS", Flag, Experiment, "1",
   "Whether every other grouped pass over more than one row takes its lanes last to first, to start on what "
   "the L2 cache still holds; 0 keeps the natural order, to compare."},

  // Real transforms.
  {"FFTSCOPE_FUSED_UNTANGLE", Flag, Experiment, "1",
   "Whether R2C's untangling goes into the stores of a row pass holding whole rows, saving a launch; 0 keeps "
   "its own kernel, to compare."},
  {"FFTSCOPE_PAD_HALF_SPECTRUM", Flag, Experiment, "1",
   "Whether a 2D real transform pads its half spectrum's rows to whole 128-byte runs; 0 keeps N/2 + 1, to "
   "compare."},

  // Bluestein's and Rader's algorithms.
  {"FFTSCOPE_BLUESTEIN_M", Whole, Experiment, "0",
   "Bluestein's convolution length (a 13-smooth number of at least 2N - 1), to time one the estimate would not "
   "choose; 0: the estimate's.", {}, 0, kTerabyte},
  {"FFTSCOPE_BLUESTEIN_MIDDLE", Flag, Experiment, "1",
   "Whether Bluestein's two grouped FFTs meet in one launch where the passes allow it; 0 keeps two, to "
   "compare."},
  {"FFTSCOPE_FILTER_PREFETCH", Flag, Experiment, "0",
   "1 reads the filter during the first FFT's last exchange where Bluestein's or Rader's FFTs meet in registers, "
   "instead of after it; it took more registers and time on the H200."},
  {"FFTSCOPE_RADER", Choice, Experiment, "1",
   "Whether a prime length may go by Rader's algorithm where the estimate finds it cheaper than Bluestein's; "
   "0 keeps Bluestein's, prefer takes Rader's wherever it applies.", "0 1 prefer"},
  {"FFTSCOPE_RADER_PERMUTE", Flag, Experiment, "1",
   "Whether Rader's stage over rows permutes in a pass of its own; 0 scatters in the last pass, to compare."},
  {"FFTSCOPE_SPLIT_BLUESTEIN", Choice, Experiment, "1",
   "Whether Bluestein's stage may see its rows of M as N1 x N2 and convolve in three launches where the "
   "estimate finds it cheaper; 0 keeps the steps of M, prefer splits wherever it applies.", "0 1 prefer"},
  {"FFTSCOPE_SPLIT_ROWS", Whole, Experiment, "",
   "The rows (N2) of Bluestein's split where M has that split. Unset: the longest that local memory holds.",
   {}, 2, 65536},
  {"FFTSCOPE_SPLIT_COLUMN_TWIDDLES", Choice, Experiment, "",
   "Where a split's twiddles go: 0 or rows, 1 or columns, first or first-column. Unset: the first column in "
   "f32, the rows in f64.", "0 rows 1 columns first first-column"},
  {"FFTSCOPE_BATCH_GROUPS", Whole, Experiment, "1",
   "Which passes of Bluestein's split over a batch take the rows' groups in turn, so the L2 cache serves the "
   "filter: 0 none, 1 the filter's row pass, 2 the chirps' column passes too.", {}, 0, 2},
});
// clang-format on

bool isChoice(std::string_view choices, std::string_view word) {
  while (!choices.empty()) {
    const std::size_t space = choices.find(' ');
    if (choices.substr(0, space) == word) return true;
    if (space == std::string_view::npos) break;
    choices.remove_prefix(space + 1);
  }
  return false;
}

}  // namespace

std::span<const SettingEntry> settingTable() { return kTable; }

const SettingEntry* findSetting(std::string_view name) {
  const auto found = std::find_if(kTable.begin(), kTable.end(), [&](const SettingEntry& e) { return e.name == name; });
  return found == kTable.end() ? nullptr : &*found;
}

std::string_view typeName(SettingType type) {
  switch (type) {
    case Flag: return "flag";
    case Choice: return "choice";
    case Whole: return "whole";
    case Bytes: return "bytes";
    case Text: return "text";
  }
  return "?";
}

std::string_view setByName(SetBy who) {
  switch (who) {
    case User: return "user";
    case Experiment: return "experiment";
    case Test: return "test";
  }
  return "?";
}

std::string expectedValue(const SettingEntry& e) {
  switch (e.type) {
    case Flag: return "0 or 1";
    case Choice: {
      std::string words(e.choices);
      std::replace(words.begin(), words.end(), ' ', ',');
      return "one of " + words;
    }
    case Whole:
    case Bytes:
      return std::string(e.orZero ? "0 or " : "") + (e.powerOfTwo ? "a power of two" : "a whole number") + " from " +
             std::to_string(e.least) + " to " + std::to_string(e.most) + (e.type == Bytes ? " (bytes)" : "");
    case Text: return "text";
  }
  return "?";
}

bool validSettingValue(const SettingEntry& e, std::string_view text) {
  switch (e.type) {
    case Flag: return text == "0" || text == "1";
    case Choice: return isChoice(e.choices, text);
    case Whole:
    case Bytes: {
      std::uint64_t value = 0;
      const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (text.empty() || error != std::errc{} || end != text.data() + text.size()) return false;
      if (e.orZero && value == 0) return true;
      return value >= e.least && value <= e.most && (!e.powerOfTwo || (value & (value - 1)) == 0);
    }
    case Text: return true;
  }
  return false;
}

}  // namespace fftscope
