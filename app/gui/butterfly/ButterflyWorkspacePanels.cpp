// The Butterfly explorer's panels: the controls above the graph and the launches and memory
// accesses beside it.
#include "butterfly/ButterflyWorkspace.h"

#include "butterfly/FlowGraphView.h"
#include "butterfly/MemoryView.h"
#include "export/ExportDialog.h"
#include "graph/FlowGraphBuilder.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace fftscope::gui {

QWidget* ButterflyWorkspace::makeControls() {
  // Two rows, so that the window fits a 1366-pixel screen: what to transform, then how to step
  // and see it.
  auto* bar = new QWidget;
  auto* rows = new QVBoxLayout(bar);
  rows->setContentsMargins(0, 0, 0, 0);
  rows->setSpacing(2);
  auto* what = new QHBoxLayout;
  auto* how = new QHBoxLayout;
  rows->addLayout(what);
  rows->addLayout(how);
  size_ = new QComboBox;
  for (int n = 2; n <= int(graph::kMaxGraphPoints); n *= 2) size_->addItem(QString::number(n), n);
  size_->setCurrentText(QStringLiteral("16"));
  variant_ = new QComboBox;
  for (const char* v : {"r2", "r4", "r8", "r16", "local", "auto"}) variant_->addItem(QString::fromLatin1(v));
  variant_->setCurrentText(QStringLiteral("r4"));
  direction_ = new QComboBox;
  direction_->addItems({tr("forward"), tr("inverse")});
  precision_ = new QComboBox;
  precision_->setObjectName(QStringLiteral("precision"));
  precision_->addItems({QStringLiteral("f32"), QStringLiteral("f64")});
  graphChoice_ = new QComboBox;
  graphChoice_->addItems({tr("engine's plan"), tr("engine's plan, radix-2 insides"), tr("textbook DIT (bit-reversed in)"),
                          tr("textbook DIF (bit-reversed out)")});
  input_ = new QComboBox;
  input_->addItems({tr("impulse"), tr("exponential at bin k"), tr("random")});
  bin_ = new QSpinBox;
  bin_->setRange(0, 1023);
  bin_->setValue(1);
  bin_->setPrefix(QStringLiteral("k = "));
  back_ = new QPushButton(tr("◀ Back"));
  back_->setObjectName(QStringLiteral("back"));
  next_ = new QPushButton(tr("Next pass ▶"));
  next_->setObjectName(QStringLiteral("next"));
  play_ = new QPushButton(tr("Play"));
  play_->setCheckable(true);
  delay_ = new QSpinBox;
  delay_->setRange(50, 5000);
  delay_->setValue(700);
  delay_->setSuffix(tr(" ms"));
  auto* reset = new QPushButton(tr("Reset"));
  auto* exportButton = new QPushButton(tr("Export…"));
  auto* zoomOut = new QPushButton(QStringLiteral("−"));
  auto* zoomIn = new QPushButton(QStringLiteral("+"));
  auto* fit = new QPushButton(tr("Fit"));
  fit->setObjectName(QStringLiteral("fit"));
  fit->setToolTip(tr("The whole graph in the view (0); Ctrl+wheel, + and − zoom, the wheel scrolls"));
  for (QPushButton* button : {zoomOut, zoomIn}) button->setMaximumWidth(32);
  zoom_ = new QSpinBox;
  zoom_->setObjectName(QStringLiteral("zoom"));
  zoom_->setRange(int(100 * FlowGraphView::kMinZoom), int(100 * FlowGraphView::kMaxZoom));
  zoom_->setSuffix(QStringLiteral(" %"));
  zoom_->setToolTip(tr("Zoom of the graph"));
  for (QWidget* w : std::initializer_list<QWidget*>{new QLabel(tr("N")), size_, variant_, direction_, precision_,
                                                    graphChoice_, new QLabel(tr("input")), input_, bin_})
    what->addWidget(w);
  what->addStretch(1);
  for (QWidget* w : std::initializer_list<QWidget*>{reset, back_, next_, play_, delay_})
    how->addWidget(w);
  how->addSpacing(16);
  for (QWidget* w : std::initializer_list<QWidget*>{new QLabel(tr("zoom")), zoomOut, zoom_, zoomIn, fit})
    how->addWidget(w);
  how->addStretch(1);
  how->addWidget(exportButton);

  connect(zoomIn, &QPushButton::clicked, view_, &FlowGraphView::zoomIn);
  connect(zoomOut, &QPushButton::clicked, view_, &FlowGraphView::zoomOut);
  connect(fit, &QPushButton::clicked, view_, &FlowGraphView::fit);
  connect(view_, &FlowGraphView::zoomChanged, zoom_, [this](double zoom) {
    const QSignalBlocker quiet(zoom_);
    zoom_->setValue(int(std::lround(100 * zoom)));
  });
  connect(zoom_, &QSpinBox::valueChanged, view_, [this](int percent) {
    if (std::lround(100 * view_->zoom()) != percent) view_->setZoom(percent / 100.0);
  });

  for (QComboBox* box : {size_, variant_, direction_, precision_, graphChoice_, input_})
    connect(box, &QComboBox::currentIndexChanged, this, &ButterflyWorkspace::rebuild);
  connect(bin_, &QSpinBox::valueChanged, this, [this] {
    if (input_->currentIndex() == 1) rebuild();
  });
  connect(reset, &QPushButton::clicked, this, &ButterflyWorkspace::resetSteps);
  connect(back_, &QPushButton::clicked, this, &ButterflyWorkspace::previousPass);
  connect(next_, &QPushButton::clicked, this, &ButterflyWorkspace::nextPass);
  connect(play_, &QPushButton::toggled, this, [this](bool on) {
    if (on) {
      if (position_ >= launchCount()) resetSteps();
      player_->start(delay_->value());
    } else {
      player_->stop();
    }
  });
  connect(delay_, &QSpinBox::valueChanged, player_, [this](int ms) { player_->setInterval(ms); });
  // The one Export dialog: the graph as a picture, its node values as data, its stages as an animation.
  connect(exportButton, &QPushButton::clicked, view_, [this] { ExportDialog::open(view_); });
  return bar;
}

QWidget* ButterflyWorkspace::makeSidePanel() {
  auto* panel = new QWidget;
  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 0, 0);
  table_->setColumnCount(7);
  table_->setHorizontalHeaderLabels({tr("launch"), tr("kernel"), tr("butterflies"), tr("flops"), tr("bytes"),
                                     tr("device ms"), tr("max |device − CPU|")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->verticalHeader()->setVisible(false);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  layout->addWidget(table_, 2);
  memorySummary_->setWordWrap(true);
  layout->addWidget(memorySummary_);
  layout->addWidget(memory_, 1);
  connect(table_, &QTableWidget::currentCellChanged, this, &ButterflyWorkspace::showMemoryOf);
  panel->setMinimumWidth(340);
  return panel;
}

void ButterflyWorkspace::showMemoryOf(int row) {
  std::optional<graph::PassAccessView> view;
  for (const graph::PassAccessView& v : memoryViews_)
    if (int(v.launch) == row) view = v;
  memory_->setView(view);
  memorySummary_->setText(memory_->summary());
}

}  // namespace fftscope::gui
