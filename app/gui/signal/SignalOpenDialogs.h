// The questions some signal files need answered before they can be read: the layout of a raw
// file (sample type, byte order, channels, rate), the rate of a text or .npy file (or that the
// first column is time).
#pragma once

#include "signal/SignalReader.h"

#include <QString>

#include <optional>

class QWidget;

namespace fftscope::gui {

// Asks what the file's kind needs; the options as they are for audio files; nullopt when cancelled.
std::optional<signal::SignalReadOptions> askReadOptions(QWidget* parent, const QString& path);

// The file-dialog filter for signals.
QString signalFileFilter();

}  // namespace fftscope::gui
