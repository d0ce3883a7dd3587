// The current sweep kept on disk as its cases arrive (sweeps/current.json under the application's
// data folder, the format `fftscope-cli bench --json` writes), so that a crash or a kill of the
// application loses at most the case that was running; the next start shows what was measured.
// A sweep that has not ended is stored as cancelled until its last write.
#pragma once

#include "bench/BenchResult.h"

#include <QString>

#include <optional>
#include <vector>

namespace fftscope::gui {

class SweepStore {
 public:
  SweepStore();  // the application's data folder
  explicit SweepStore(QString path);

  const QString& path() const { return path_; }
  // Rewrites the whole file (atomically); returns an empty string or the problem.
  QString save(const std::vector<bench::BenchResult>& results, bool ended) const;
  // The stored sweep, or nothing when there is none or it cannot be read.
  std::optional<bench::BenchReport> load() const;

 private:
  QString path_;
};

}  // namespace fftscope::gui
