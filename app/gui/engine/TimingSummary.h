// The engine's timing records in words: the status bar's "12.3 ms" and its tooltip's per-kernel
// breakdown. A filter run has several transforms (one per colour plane), so records with the same
// pass label are added up.
#pragma once

#include "engine/runtime/Plan.h"

#include <QString>

#include <vector>

namespace fftscope::gui {

double totalMilliseconds(const std::vector<TimingRecord>& records);
// An HTML table: one row per distinct kernel launch, with its count, time and share.
QString timingBreakdown(const std::vector<TimingRecord>& records, const QString& plan, double computeMs,
                        double roundTripMs);
// "local_fft + transpose" from the kernels that ran, in order of first appearance.
QString kernelsUsed(const std::vector<TimingRecord>& records);

}  // namespace fftscope::gui
