// How the performance charts name and colour the device's work: one kind per row of the live
// timeline and per colour of the stacked bars (upload, each Stockham radix, local_fft, each
// transpose, the filter and spectrum kernels, download), and a record's hover text.
#pragma once

#include "engine/runtime/Plan.h"

#include <QColor>
#include <QString>
#include <QStringList>

namespace fftscope::gui {

// The kinds in the order the timeline lists them, top to bottom.
const QStringList& kernelKinds();
// The kind of a record: "upload", "stockham r16", "local_fft", "transpose tiled", "filter", ...
QString kernelKind(const TimingRecord& record);
int kernelKindIndex(const QString& kind);  // -1 for none
QColor kernelKindColour(const QString& kind);

// Bytes read and written per nanosecond: GB/s.
double gigabytesPerSecond(const TimingRecord& record);
// "stockham r16 p=256 n=4096 rows=8 — 0.081 ms, 412 GB/s (11% of copy)"; copyGBs 0 when unknown.
QString describeRecord(const TimingRecord& record, double copyGBs);

}  // namespace fftscope::gui
