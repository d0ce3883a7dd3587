#include "widgets/FilterChoices.h"

#include "imaging/FilterSpec.h"

#include <QCoreApplication>

namespace fftscope::gui {

void addFilterKinds(QComboBox* combo, const QString& noneLabel) {
  using imaging::FilterKind;
  combo->addItem(noneLabel, int(FilterKind::AllPass));
  combo->addItem(QCoreApplication::translate("FilterChoices", "Low-pass"), int(FilterKind::LowPass));
  combo->addItem(QCoreApplication::translate("FilterChoices", "High-pass"), int(FilterKind::HighPass));
  combo->addItem(QCoreApplication::translate("FilterChoices", "Band-pass"), int(FilterKind::BandPass));
  combo->addItem(QCoreApplication::translate("FilterChoices", "Band-stop"), int(FilterKind::BandStop));
}

void addFilterShapes(QComboBox* combo) {
  using imaging::FilterShape;
  combo->addItem(QCoreApplication::translate("FilterChoices", "Ideal"), int(FilterShape::Ideal));
  combo->addItem(QCoreApplication::translate("FilterChoices", "Gaussian"), int(FilterShape::Gaussian));
  combo->addItem(QCoreApplication::translate("FilterChoices", "Butterworth"), int(FilterShape::Butterworth));
}

}  // namespace fftscope::gui
