// Core images into QImages for display: deep copies, so the result outlives its source and may
// cross threads.
#pragma once

#include "imaging/DisplayRange.h"
#include "imaging/Image.h"
#include "imaging/Mask.h"
#include "imaging/RgbImage.h"

#include <QColor>
#include <QImage>

#include <vector>

namespace fftscope::gui {

// Grey 8-bit -> Grayscale8, grey 16-bit -> Grayscale16, RGB 8-bit -> RGB888, RGB 16-bit -> RGBX64.
QImage toQImage(const imaging::Image& image);
QImage toQImage(const imaging::RgbImage& image);
// For the image views: 8-bit grey or RGB, `range` spread over black .. white (DisplayRange.h).
QImage toDisplayQImage(const imaging::Image& image, const imaging::DisplayRange& range);

// The mask, centred like the spectrum display: transparent where it keeps everything, `colour`
// with up to maxAlpha opacity where it removes.
QImage maskOverlay(const imaging::Mask& mask, QColor colour = QColor(40, 190, 255), int maxAlpha = 130);
// The same from a mask's half (buildHalfMask), each bin left out read at its twin.
QImage maskOverlay(int rows, int cols, const std::vector<float>& half, QColor colour = QColor(40, 190, 255),
                   int maxAlpha = 130);

}  // namespace fftscope::gui
