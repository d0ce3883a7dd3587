// The filter kind and shape pickers the Image and Signal workspaces both offer, filled alike.
#pragma once

#include <QComboBox>
#include <QString>

namespace fftscope::gui {

// None (all-pass, named `noneLabel`), low-pass, high-pass, band-pass, band-stop.
void addFilterKinds(QComboBox* combo, const QString& noneLabel);
// Ideal, Gaussian, Butterworth.
void addFilterShapes(QComboBox* combo);

}  // namespace fftscope::gui
