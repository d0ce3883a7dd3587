// The filter's controls: the base filter (kind, shape, cutoffs, order), the notches (list,
// size of new ones, auto notch), the brush, and how the image is prepared (padding, channels).
// It shows a spec (setSpec) and says what the user asked for; it owns no state of its own.
#pragma once

#include "imaging/FilterPipeline.h"
#include "imaging/FilterSpec.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace fftscope::gui {

class OutputRangeBox;

// A slider and a spin box showing one frequency in cycles per pixel, kept in step.
class FrequencyControl : public QWidget {
  Q_OBJECT
 public:
  explicit FrequencyControl(double minimum, double maximum, QWidget* parent = nullptr);
  double value() const;
  void setValue(double value);  // does not emit
  void setPeriod(double pixels);  // as typing a period: emits
 signals:
  void valueEdited(double value);

 private:
  int sliderPosition(double value) const;
  void showPeriod();

  QSlider* slider_;
  QDoubleSpinBox* spin_;
  QDoubleSpinBox* period_;
  double minimum_;
  double maximum_;
};

class NotchTable;

class FilterPanel : public QWidget {
  Q_OBJECT

 public:
  explicit FilterPanel(QWidget* parent = nullptr);

  void setSpec(const imaging::FilterSpec& spec);  // shows it without emitting
  imaging::BaseFilter baseFilter() const;
  double notchRadius() const;
  imaging::NotchEdge notchEdge() const;
  double brushRadius() const;
  imaging::PadMode padMode() const;
  imaging::ChannelMode channelMode() const;
  void setPreparation(imaging::PadMode pad, imaging::ChannelMode channels);  // does not emit
  void setColourImage(bool colour);  // the channel choice matters only for colour images
  void setAutoNotchBusy(bool busy);
  FrequencyControl* cutoffControl() const { return cutoff_; }
  NotchTable* notchTable() const { return notchList_; }
  // How the filtered values are shown and saved: a choice the Image document resolves for its filter.
  OutputRangeBox* outputRangeBox() const { return outputRange_; }

  // For tests and scripted use: the same path as the user's edits.
  void editBaseFilter(const imaging::BaseFilter& base);

 signals:
  void baseFilterEdited(const imaging::BaseFilter& base);
  void autoNotchRequested();
  void removeNotchRequested(int index);
  void notchEdited(int index, double radius, imaging::NotchEdge edge);  // the selected notch's size or edge
  void clearNotchesRequested();
  void notchTyped(int index, const imaging::Notch& notch);  // a number typed into the table
  void notchAddRequested(const imaging::Notch& notch);
  void clearStrokesRequested();
  void brushRadiusChanged(double radius);
  void padModeChanged(imaging::PadMode mode);
  void channelModeChanged(imaging::ChannelMode mode);
  void outputRangeChanged();

 private:
  QWidget* makeBaseGroup();
  QWidget* makeNotchGroup();
  QWidget* makeBrushGroup();
  QWidget* makeImageGroup();
  void emitBase();
  void updateEnabled();

  QComboBox* kind_;
  QComboBox* shape_;
  FrequencyControl* cutoff_;
  FrequencyControl* upper_;
  QLabel* cutoffLabel_;
  QLabel* upperLabel_;
  QSpinBox* order_;
  OutputRangeBox* outputRange_;
  QLabel* orderLabel_;
  NotchTable* notchList_;
  QPushButton* addNotch_;
  QDoubleSpinBox* notchRadius_;
  QCheckBox* softNotch_;
  QPushButton* autoNotch_;
  QPushButton* removeNotch_;
  QPushButton* clearNotches_;
  QDoubleSpinBox* brushRadius_;
  QLabel* strokeCount_;
  QPushButton* clearStrokes_;
  QComboBox* pad_;
  QComboBox* channels_;
  bool showing_ = false;
  std::vector<imaging::Notch> shownNotches_;
};

}  // namespace fftscope::gui
