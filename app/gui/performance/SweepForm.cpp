#include "performance/SweepForm.h"

#include "widgets/PowerOfTwoSpinBox.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QListWidget>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <stdexcept>

namespace fftscope::gui {

namespace {

QListWidget* checkList(const QStringList& names, const QStringList& checked) {
  auto* list = new QListWidget;
  for (const QString& name : names) {
    auto* item = new QListWidgetItem(name, list);
    item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
    item->setCheckState(checked.contains(name) ? Qt::Checked : Qt::Unchecked);
  }
  return list;
}

QStringList checkedNames(const QListWidget* list) {
  QStringList names;
  for (int i = 0; i < list->count(); ++i)
    if (list->item(i)->checkState() == Qt::Checked) names << list->item(i)->text();
  return names;
}

QSpinBox* spin(int low, int high, int value) {
  auto* box = new QSpinBox;
  box->setRange(low, high);
  box->setValue(value);
  return box;
}

QSpinBox* sizeField(int lowLog2, int highLog2, int log2, const QString& name) {
  auto* box = new PowerOfTwoSpinBox;
  box->setRange(lowLog2, highLog2);
  box->setValue(log2);
  box->setObjectName(name);
  return box;
}

}  // namespace

SweepForm::SweepForm(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);

  auto* what = new QGroupBox(tr("Variants"));
  auto* whatLayout = new QVBoxLayout(what);
  variants_ = checkList({}, {});
  fillVariants();
  variants_->setToolTip(tr("Each radix with each twiddle mode; local-memory kernel; the planner's choice"));
  whatLayout->addWidget(variants_);
  transposes_ = checkList({QStringLiteral("tiled"), QStringLiteral("naive"), QStringLiteral("padded"),
                           QStringLiteral("none")},
                          {QStringLiteral("tiled")});
  transposes_->setMaximumHeight(84);
  transposes_->setToolTip(tr("2D: how columns are reached, for every variant chosen above"));
  whatLayout->addWidget(transposes_);
  layout->addWidget(what, 1);

  auto* shape = new QGroupBox(tr("Sizes"));
  auto* form = new QFormLayout(shape);
  precision_ = new QComboBox;
  precision_->addItems({QStringLiteral("f32"), QStringLiteral("f64")});
  dims_ = new QComboBox;
  dims_->addItems({QStringLiteral("1D"), QStringLiteral("2D")});
  fromLog2_ = sizeField(1, 30, 8, QStringLiteral("smallestSize"));
  toLog2_ = sizeField(1, 30, 16, QStringLiteral("largestSize"));
  auto* range = new QHBoxLayout;
  range->addWidget(fromLog2_);
  range->addWidget(toLog2_);
  byPoints_ = new QRadioButton(tr("points per case"));
  byBatch_ = new QRadioButton(tr("batch"));
  byPoints_->setChecked(true);
  pointsLog2_ = sizeField(4, 30, 20, QStringLiteral("pointsPerCase"));
  batch_ = spin(1, 1 << 20, 1);
  auto* points = new QHBoxLayout;
  points->addWidget(byPoints_);
  points->addWidget(pointsLog2_);
  auto* batch = new QHBoxLayout;
  batch->addWidget(byBatch_);
  batch->addWidget(batch_);
  form->addRow(tr("Precision"), precision_);
  form->addRow(tr("Dimensions"), dims_);
  form->addRow(tr("Size (side in 2D)"), range);
  form->addRow(points);
  form->addRow(batch);
  layout->addWidget(shape);

  auto* peers = new QGroupBox(tr("Peers and timing"));
  auto* peerForm = new QFormLayout(peers);
  fftw_ = new QCheckBox(QStringLiteral("FFTW (host threads)"));
  clfft_ = new QCheckBox(QStringLiteral("clFFT"));
  vkfft_ = new QCheckBox(QStringLiteral("VkFFT"));
  auto* peerRow = new QHBoxLayout;
  peerRow->addWidget(fftw_);
  peerRow->addWidget(clfft_);
  peerRow->addWidget(vkfft_);
  peerForm->addRow(peerRow);
  warmup_ = spin(0, 1000, 3);
  repeat_ = spin(1, 10000, 20);
  peerForm->addRow(tr("Warm-ups"), warmup_);
  peerForm->addRow(tr("Repetitions"), repeat_);
  peerLimit_ = spin(1, 86400, 300);
  peerLimit_->setSuffix(tr(" s"));
  peerLimit_->setToolTip(tr("Each peer case runs in a process of its own: one still running after this "
                            "long is stopped and listed as failed, and the sweep goes on"));
  peerForm->addRow(tr("Peer time limit"), peerLimit_);
  layout->addWidget(peers);
}

void SweepForm::fillVariants() {
  const QStringList radices{QStringLiteral("r2"), QStringLiteral("r4"), QStringLiteral("r8"), QStringLiteral("r16")};
  const QStringList twiddles{QString(), QStringLiteral("/sincos"), QStringLiteral("/native"),
                             QStringLiteral("/recurrence")};
  QStringList names;
  for (const QString& twiddle : twiddles)
    for (const QString& radix : radices) names << radix + twiddle;
  names << QStringLiteral("local") << QStringLiteral("auto");
  for (const QString& name : names) {
    auto* item = new QListWidgetItem(name, variants_);
    item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
    const bool byDefault = !name.contains(QLatin1Char('/'));
    item->setCheckState(byDefault ? Qt::Checked : Qt::Unchecked);
  }
}

bench::SweepSpec SweepForm::spec() const {
  bench::SweepSpec spec;
  const int dims = dims_->currentIndex() + 1;
  QStringList transposes = checkedNames(transposes_);
  if (dims == 1 || transposes.isEmpty()) transposes = {QStringLiteral("tiled")};
  for (const QString& variant : checkedNames(variants_))
    for (const QString& transpose : transposes)
      spec.variants.push_back(bench::parseVariantChoice((variant + QLatin1Char('/') + transpose).toStdString()));
  if (fftw_->isChecked()) spec.peers.push_back("fftw");
  if (clfft_->isChecked()) spec.peers.push_back("clfft");
  if (vkfft_->isChecked()) spec.peers.push_back("vkfft");
  spec.precision = precision_->currentIndex() == 0 ? Precision::F32 : Precision::F64;
  const int low = std::min(fromLog2_->value(), toLog2_->value()), high = std::max(fromLog2_->value(), toLog2_->value());
  spec.shapes = bench::parseSizes(QStringLiteral("2^%1..2^%2").arg(low).arg(high).toStdString(), dims);
  if (byPoints_->isChecked())
    spec.points = std::size_t{1} << pointsLog2_->value();
  else
    spec.batch = std::size_t(batch_->value());
  spec.warmup = warmup_->value();
  spec.repeat = repeat_->value();
  bench::validate(spec);
  return spec;
}

void SweepForm::select(const QStringList& variants, const QStringList& peers, int fromLog2, int toLog2) {
  for (int i = 0; i < variants_->count(); ++i)
    variants_->item(i)->setCheckState(variants.contains(variants_->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
  fftw_->setChecked(peers.contains(QStringLiteral("fftw")));
  clfft_->setChecked(peers.contains(QStringLiteral("clfft")));
  vkfft_->setChecked(peers.contains(QStringLiteral("vkfft")));
  fromLog2_->setValue(fromLog2);
  toLog2_->setValue(toLog2);
}

void SweepForm::setPrecision(const QString& precision) {
  if (const int index = precision_->findText(precision); index >= 0) precision_->setCurrentIndex(index);
}

void SweepForm::setRepetitions(int warmup, int repeat) {
  warmup_->setValue(warmup);
  repeat_->setValue(repeat);
}

void SweepForm::setPoints(std::size_t points) {
  byPoints_->setChecked(true);
  int log2 = 0;
  while ((std::size_t{1} << (log2 + 1)) <= points) ++log2;
  pointsLog2_->setValue(log2);
}

int SweepForm::peerLimitSeconds() const { return peerLimit_->value(); }

void SweepForm::setPeerLimitSeconds(int seconds) { peerLimit_->setValue(seconds); }

}  // namespace fftscope::gui
