// Writing what the Signal workspace shows: the filtered audio in the input's container, rate and
// depth where the chosen file allows it, and the spectrum as CSV. Each returns an empty string,
// or a message naming the file and the problem.
#pragma once

#include "signal/SignalResults.h"

#include <QString>

namespace fftscope::gui {

QString writeFilteredAudio(const LoadedSignal& original, const LoadedSignal& filtered, const QString& path);
// The filtered spectrum when there is one, else the original.
QString writeShownSpectrumCsv(const SpectrumOutcome& spectrum, const QString& sourceName, const QString& path);
// "<input>-filtered.<input's extension>" for audio files, .wav for anything else.
QString suggestedFilteredName(const LoadedSignal& original);

}  // namespace fftscope::gui
