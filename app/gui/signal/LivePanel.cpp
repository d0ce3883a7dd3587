#include "signal/LivePanel.h"

#include "signal/AnalysisPanel.h"
#include "signal/MicrophoneInput.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace fftscope::gui {

LivePanel::LivePanel(QWidget* parent) : QWidget(parent), devices_(audioInputDevices()) {
  source_ = new QComboBox;
  for (const QAudioDevice& device : devices_) source_->addItem(device.description());
  source_->addItem(tr("Generated signal (1 kHz and 3 kHz)"));
  source_->setToolTip(tr("The sound card to analyse; the generated signal plays in real time through the same analysis"));
  rate_ = new QComboBox;
  for (int rate : {44100, 48000, 96000}) rate_->addItem(QStringLiteral("%1 Hz").arg(rate), rate);
  rate_->setCurrentIndex(1);
  channels_ = new QSpinBox;
  channels_->setRange(1, 2);
  channels_->setValue(2);
  buffer_ = new QComboBox;
  for (int frames : {256, 512, 1024, 2048, 4096}) buffer_->addItem(QString::number(frames), frames);
  buffer_->setCurrentIndex(0);
  buffer_->setToolTip(tr("Frames the input hands over at a time: smaller is sooner, larger is safer"));

  window_ = AnalysisPanel::makeWindowCombo();
  fftSize_ = AnalysisPanel::makeSizeCombo(256, 65536, 1024);
  fftSize_->setToolTip(tr("Longer resolves finer but answers later: the latency grows by its length"));
  overlap_ = new QDoubleSpinBox;
  overlap_->setRange(0.0, 95.0);
  overlap_->setValue(75.0);
  overlap_->setSuffix(QStringLiteral(" %"));
  overlap_->setDecimals(0);
  hopFromDisplay_ = new QCheckBox(tr("Display"));
  hopFromDisplay_->setChecked(true);
  hopFromDisplay_->setToolTip(tr("Start a frame twice per displayed frame, whatever the FFT size, so each "
                                 "redraw has a new spectrum and the spectrogram scrolls at the display's refresh"));
  overlap_->setEnabled(false);
  connect(hopFromDisplay_, &QCheckBox::toggled, overlap_, [this](bool on) { overlap_->setEnabled(!on); });
  channel_ = new QComboBox;
  channel_->addItem(tr("Mix"), -1);
  channel_->addItem(tr("1 (left)"), 0);
  channel_->addItem(tr("2 (right)"), 1);
  averaging_ = new QComboBox;
  for (signal::LiveAveraging mode : signal::allLiveAveragings())
    averaging_->addItem(tr(std::string(toString(mode)).c_str()), int(mode));
  averagingSeconds_ = new QDoubleSpinBox;
  averagingSeconds_->setRange(0.05, 30.0);
  averagingSeconds_->setValue(0.5);
  averagingSeconds_->setSuffix(tr(" s"));
  averagingSeconds_->setToolTip(tr("The exponential average's time constant"));
  reset_ = new QPushButton(tr("Reset"));
  reset_->setToolTip(tr("Start the average or the held peaks over"));

  fraction_ = new QComboBox;
  for (int fraction : signal::octaveFractions())
    fraction_->addItem(fraction == 1 ? tr("1/1 octave") : tr("1/%1 octave").arg(fraction), fraction);
  fraction_->setCurrentIndex(1);
  weighting_ = new QComboBox;
  for (signal::FrequencyWeighting w : signal::allFrequencyWeightings())
    weighting_->addItem(QString::fromLatin1(toString(w).data(), qsizetype(toString(w).size())), int(w));
  timeWeighting_ = new QComboBox;
  for (signal::TimeWeightingKind kind : signal::allTimeWeightings())
    timeWeighting_->addItem(tr(std::string(toString(kind)).c_str()), int(kind));

  auto group = [](const QString& title) {
    auto* box = new QGroupBox(title);
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    return std::pair{box, form};
  };
  auto [input, inputForm] = group(tr("Input"));
  inputForm->addRow(tr("Source"), source_);
  inputForm->addRow(tr("Rate"), rate_);
  inputForm->addRow(tr("Channels"), channels_);
  inputForm->addRow(tr("Buffer"), buffer_);
  auto [spectrum, spectrumForm] = group(tr("Spectrum"));
  spectrumForm->addRow(tr("Window"), window_);
  spectrumForm->addRow(tr("FFT size"), fftSize_);
  auto* overlapRow = new QHBoxLayout;
  overlapRow->addWidget(overlap_, 1);
  overlapRow->addWidget(hopFromDisplay_);
  spectrumForm->addRow(tr("Overlap"), overlapRow);
  spectrumForm->addRow(tr("Channel"), channel_);
  spectrumForm->addRow(tr("Averaging"), averaging_);
  auto* timeRow = new QHBoxLayout;
  timeRow->addWidget(averagingSeconds_, 1);
  timeRow->addWidget(reset_);
  spectrumForm->addRow(tr("Time constant"), timeRow);
  auto [bands, bandsForm] = group(tr("Octave bands"));
  bandsForm->addRow(tr("Bands"), fraction_);
  bandsForm->addRow(tr("Frequency weighting"), weighting_);
  bandsForm->addRow(tr("Time weighting"), timeWeighting_);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(input);
  layout->addWidget(spectrum);
  layout->addWidget(bands);
  layout->addStretch();

  for (QComboBox* combo : {source_, rate_, buffer_})
    connect(combo, &QComboBox::currentIndexChanged, this, &LivePanel::sourceChanged);
  connect(channels_, &QSpinBox::valueChanged, this, &LivePanel::sourceChanged);
  for (QComboBox* combo : {window_, fftSize_, channel_, averaging_, fraction_, weighting_, timeWeighting_})
    connect(combo, &QComboBox::currentIndexChanged, this, &LivePanel::settingsChanged);
  for (QDoubleSpinBox* box : {overlap_, averagingSeconds_})
    connect(box, &QDoubleSpinBox::valueChanged, this, &LivePanel::settingsChanged);
  connect(hopFromDisplay_, &QCheckBox::toggled, this, &LivePanel::settingsChanged);
  connect(reset_, &QPushButton::clicked, this, &LivePanel::resetAveraging);
}

LiveSettings LivePanel::settings() const {
  LiveSettings s;
  s.window.kind = signal::WindowKind(window_->currentData().toInt());
  s.fftSize = std::max<std::size_t>(AnalysisPanel::sizeIn(fftSize_), 16);
  s.overlap = overlap_->value() / 100.0;
  s.hopFromDisplay = hopFromDisplay_->isChecked();
  s.channel = channel_->currentData().toInt();
  s.averaging = signal::LiveAveraging(averaging_->currentData().toInt());
  s.averagingSeconds = averagingSeconds_->value();
  s.octaveFraction = fraction_->currentData().toInt();
  s.weighting = signal::FrequencyWeighting(weighting_->currentData().toInt());
  s.timeWeighting = signal::TimeWeightingKind(timeWeighting_->currentData().toInt());
  return s;
}

LiveAudioFormat LivePanel::format() const {
  return {rate_->currentData().toInt(), channels_->value(), buffer_->currentData().toInt()};
}

std::optional<QAudioDevice> LivePanel::device() const {
  const int at = source_->currentIndex();
  if (at >= 0 && at < devices_.size()) return devices_[at];
  return std::nullopt;
}

QString LivePanel::weightingUnit() const {
  return tr("dB(%1) FS, %2").arg(weighting_->currentText(), timeWeighting_->currentText());
}

}  // namespace fftscope::gui
