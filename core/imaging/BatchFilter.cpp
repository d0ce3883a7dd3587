#include "imaging/BatchFilter.h"

#include "engine/multi/SpreadItems.h"
#include "imaging/ImageWriter.h"
#include "io/AtomicWrite.h"
#include "imaging/Mask.h"

#include <exception>
#include <mutex>
#include <system_error>

namespace fftscope::imaging {
namespace {

// Two spellings of one file compare equal; a file not there yet compares by its absolute path.
std::filesystem::path identity(const std::filesystem::path& path) {
  std::error_code error;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
  return error ? std::filesystem::absolute(path).lexically_normal() : canonical;
}

}  // namespace

std::filesystem::path batchOutputPath(const std::filesystem::path& input, const std::filesystem::path& folder,
                                      OutputRange range) {
  return folder / (input.stem().string() + "-filtered" + (range == OutputRange::Float ? ".tif" : ".png"));
}

std::vector<BatchItem> planBatch(const std::vector<std::filesystem::path>& inputs,
                                 const std::filesystem::path& folder, OutputRange range) {
  std::vector<std::filesystem::path> inputIds;
  for (const auto& input : inputs) inputIds.push_back(identity(input));
  std::vector<BatchItem> items;
  std::vector<std::filesystem::path> taken;
  for (const auto& input : inputs) {
    BatchItem item{input, batchOutputPath(input, folder, range), {}, false};
    const std::filesystem::path id = identity(item.output);
    for (const auto& in : inputIds)
      if (in == id) item.error = item.output.string() + " is one of the inputs; it is never overwritten";
    for (const auto& out : taken)
      if (item.error.empty() && out == id)
        item.error = item.output.string() + " is the output of an earlier file of the same name";
    if (!item.error.empty()) item.done = true;
    else taken.push_back(id);
    items.push_back(std::move(item));
  }
  return items;
}

ReadOptions checkedBeforeDecoding(PadMode padMode, TransformCheck check) {
  ReadOptions reading;
  if (check)
    reading.checkDeclared = [padMode, check = std::move(check)](const ImageHeader& header) {
      check(padGeometry(int(header.width), int(header.height), padMode));
    };
  return reading;
}

void filterBatchItem(BatchItem& item, const BatchSettings& settings, FftBackend& fft, const TransformCheck& check) {
  item.done = true;
  try {
    const Image image = readImage(item.input, checkedBeforeDecoding(settings.padMode, check));
    const SpectralImage analysed = analyseImage(image, settings.padMode, settings.channelMode, fft);
    const Mask mask = buildMask(analysed.geometry.paddedHeight, analysed.geometry.paddedWidth, settings.spec);
    // The input is named to the writer too: a hard link to it under the output's name is the
    // same file, which comparing paths in planBatch cannot see.
    const auto bytes = encodeFilteredImage(synthesiseSamples(analysed, mask, fft), settings.range, item.output);
    io::writeFileAtomically(item.output, bytes, std::span(&item.input, 1));
    item.error.clear();
  } catch (const std::exception& error) {
    item.error = error.what();
    if (item.error.empty()) item.error = "failed";
  }
}

std::vector<std::size_t> filterBatch(std::vector<BatchItem>& items, const BatchSettings& settings,
                                     std::span<FftBackend* const> ffts,
                                     const std::function<TransformCheck(std::size_t device)>& checkFor,
                                     const std::function<void(std::size_t item)>& done) {
  std::vector<TransformCheck> checks(ffts.size());
  if (checkFor)
    for (std::size_t d = 0; d < ffts.size(); ++d) checks[d] = checkFor(d);
  std::vector<std::size_t> files(ffts.size(), 0);
  std::mutex reporting;
  // filterBatchItem reports a file's failure in the item and never throws, so every file is taken.
  multi::spreadItems(items.size(), ffts.size(), [&](std::size_t i, std::size_t device) {
    const bool filtering = !items[i].done;
    if (filtering) filterBatchItem(items[i], settings, *ffts[device], checks[device]);
    std::lock_guard lock(reporting);
    if (filtering) ++files[device];
    if (done) done(i);
  });
  return files;
}

}  // namespace fftscope::imaging
