// Frequency axes over the spectrum view: ticks and labels in cycles per pixel along the bottom
// (fx) and left (fy, growing down the rows as the readout reads it) edges of what is in view,
// following zoom and pan. Drawn in the view's foreground, over the picture.
#pragma once

class QGraphicsView;
class QPainter;

namespace fftscope::gui {

// cols, rows: the centred spectrum's size in scene pixels.
void drawFrequencyAxes(QPainter& painter, const QGraphicsView& view, int cols, int rows);

// A tick step (1, 2 or 5 times a power of ten) that puts ticks at least `minPixels` apart.
double tickStep(double pixelsPerUnit, double minPixels);

}  // namespace fftscope::gui
