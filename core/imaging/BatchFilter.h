// One filter applied to many files: each input gets an output in a chosen folder, named after it
// (photo.jpg -> photo-filtered.png, or .tif for float output). A file that cannot be read or
// written is reported and the others go on. No output may replace an input or another output;
// each is written atomically, so a failure leaves nothing half-written.
#pragma once

#include "imaging/FftBackend.h"
#include "imaging/FilterPipeline.h"
#include "imaging/FilterSpec.h"
#include "imaging/ImageReader.h"
#include "imaging/OutputRange.h"

#include <filesystem>
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace fftscope::imaging {

struct BatchSettings {
  FilterSpec spec;
  PadMode padMode = PadMode::Mirror;
  ChannelMode channelMode = ChannelMode::PerChannel;
  OutputRange range = OutputRange::Clip;
};

struct BatchItem {
  std::filesystem::path input;
  std::filesystem::path output;  // empty when planning refused the file
  std::string error;             // empty when the output was written
  bool done = false;             // filtered, or refused: its outcome is final
  bool ok() const { return done && error.empty(); }
};

// folder / (input's stem + "-filtered" + ".png", or ".tif" for OutputRange::Float).
std::filesystem::path batchOutputPath(const std::filesystem::path& input, const std::filesystem::path& folder,
                                      OutputRange range);

// The items in the inputs' order. An output that would replace an input or an earlier output is
// refused (done, with the reason) before any work starts.
std::vector<BatchItem> planBatch(const std::vector<std::filesystem::path>& inputs,
                                 const std::filesystem::path& folder, OutputRange range);

// Called, before a file is decoded, with the size its transform will have: the declared size
// padded as the filter pads it. Throws std::invalid_argument to refuse one the caller cannot
// transform (too large for its OpenCL device).
using TransformCheck = std::function<void(const PadGeometry& transformed)>;

// The read options that run `check` on the size a file declares, padded as `padMode` pads it.
ReadOptions checkedBeforeDecoding(PadMode padMode, TransformCheck check);

// Reads, filters and writes one item's file; fills item.error rather than throwing. `check`
// sees the size padded as settings.padMode pads it, the size the filter transforms.
void filterBatchItem(BatchItem& item, const BatchSettings& settings, FftBackend& fft,
                     const TransformCheck& check = {});

// Every item not yet done, the files spread over several devices' FFTs (one a device, each used
// on a thread of its own): each device takes the next file as it comes free, so a faster device
// takes more and all finish together. A file is filtered whole on one device, so its output is
// one device's. checkFor(device) gives that device's TransformCheck (none where empty); done(i)
// is called as item i is finished, one call at a time. Returns the files each device filtered.
std::vector<std::size_t> filterBatch(std::vector<BatchItem>& items, const BatchSettings& settings,
                                     std::span<FftBackend* const> ffts,
                                     const std::function<TransformCheck(std::size_t device)>& checkFor = {},
                                     const std::function<void(std::size_t item)>& done = {});

}  // namespace fftscope::imaging
