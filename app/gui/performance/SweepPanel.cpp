#include "performance/SweepPanel.h"

#include "bench/ResultCsv.h"
#include "bench/ResultFile.h"
#include "io/AtomicWrite.h"
#include "bench/ResultJson.h"
#include "bench/SweepSpread.h"
#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "performance/SweepCharts.h"
#include "performance/SweepForm.h"
#include "widgets/PlotExport.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace fftscope::gui {

namespace {

const QStringList kColumns{QObject::tr("variant"), QObject::tr("size"),    QObject::tr("batch"),
                           QObject::tr("verified"), QObject::tr("rel. L2 (gate)"), QObject::tr("host ms [q1–q3]"),
                           QObject::tr("kernel ms"), QObject::tr("GFLOP/s"), QObject::tr("GB/s"),
                           QObject::tr("% copy"),  QObject::tr("error")};

QString number(double v, int decimals) { return std::isfinite(v) ? QString::number(v, 'f', decimals) : QStringLiteral("—"); }

}  // namespace

SweepPanel::SweepPanel(EngineService* service, QWidget* parent, SweepStore store)
    : QWidget(parent),
      service_(service),
      form_(new SweepForm),
      charts_(new SweepCharts),
      table_(new QTableWidget),
      sweeps_(service, QStringLiteral("performance")),
      peerHelper_(QCoreApplication::applicationFilePath()),
      store_(std::move(store)) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  auto* scroll = new QScrollArea;
  scroll->setWidget(form_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  leftLayout->addWidget(scroll, 1);
  run_ = new QPushButton(tr("&Run sweep"));
  cancel_ = new QPushButton(tr("Cancel"));
  cancel_->setEnabled(false);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(run_);
  buttons->addWidget(cancel_);
  leftLayout->addLayout(buttons);
  progress_ = new QProgressBar;
  progress_->setRange(0, 1);
  progress_->setValue(0);
  status_ = new QLabel(tr("Pick variants, sizes and peers, then Run."));
  status_->setWordWrap(true);
  leftLayout->addWidget(progress_);
  leftLayout->addWidget(status_);
  auto* files = new QHBoxLayout;
  auto* saveResults = new QPushButton(tr("Save results…"));
  auto* open = new QPushButton(tr("Open…"));
  auto* overlay = new QPushButton(tr("Overlay…"));
  auto* saveChart = new QPushButton(tr("Save chart…"));
  files->addWidget(open);
  files->addWidget(saveResults);
  files->addWidget(overlay);
  files->addWidget(saveChart);
  leftLayout->addLayout(files);
  left->setMinimumWidth(260);
  left->setMaximumWidth(380);

  table_->setColumnCount(int(kColumns.size()));
  table_->setHorizontalHeaderLabels(kColumns);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->verticalHeader()->setVisible(false);
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(charts_);
  right->addWidget(table_);
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 1);
  layout->addWidget(left);
  layout->addWidget(right, 1);

  connect(run_, &QPushButton::clicked, this, &SweepPanel::run);
  connect(cancel_, &QPushButton::clicked, this, &SweepPanel::cancel);
  auto report = [this](const QString& error) {
    if (!error.isEmpty()) QMessageBox::warning(this, tr("FFTScope"), error);
  };
  connect(saveResults, &QPushButton::clicked, this, [this, report] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save sweep results"), QStringLiteral("sweep.json"),
                                                      tr("JSON (*.json);;CSV (*.csv)"));
    if (!path.isEmpty()) report(this->saveResults(path));
  });
  connect(open, &QPushButton::clicked, this, [this, report] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open saved sweep results"), {},
                                                      tr("Sweep results (*.json *.csv)"));
    if (!path.isEmpty()) report(openResults(path));
  });
  connect(overlay, &QPushButton::clicked, this, [this, report] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Overlay a saved sweep"), {},
                                                      tr("Sweep results (*.json *.csv)"));
    if (!path.isEmpty()) report(openOverlay(path));
  });
  connect(saveChart, &QPushButton::clicked, this, [this, report] {
    const QString path = askPlotPath(this, tr("Save chart"), QStringLiteral("sweep.svg"));
    if (!path.isEmpty()) report(this->saveChart(path));
  });
  restoreStored();
}

SweepPanel::~SweepPanel() = default;

QString SweepPanel::statusText() const { return status_->text(); }

void SweepPanel::run() {
  if (running_) return;
  if (!service_->isReady() || !service_->info().openCl) {
    status_->setText(tr("Sweeps time the OpenCL engine: no OpenCL device is in use (%1).").arg(service_->info().notice));
    return;
  }
  bench::SweepSpec spec;
  try {
    spec = form_->spec();
  } catch (const std::exception& error) {
    status_->setText(tr("Cannot run this sweep: %1").arg(QString::fromStdString(error.what())));
    return;
  }
  running_ = true;
  results_.clear();
  table_->setRowCount(0);
  refresh();
  run_->setEnabled(false);
  cancel_->setEnabled(true);
  status_->setText(tr("Waiting for the engine…"));
  const std::string planted = planted_.toStdString();
  bench::PeerIsolation peers;
  peers.helper = peerHelper_.toStdString();
  peers.limitSeconds = form_->peerLimitSeconds();
  if (!simulatedPeer_.isEmpty())
    peers.extraArguments = [peer = simulatedPeer_.toStdString(), extra = simulation_](std::string_view name) {
      std::vector<std::string> arguments;
      if (name == peer)
        for (const QString& a : extra) arguments.push_back(a.toStdString());
      return arguments;
    };
  store_.save({}, false);
  sweeps_.post([this, spec, planted, service = service_, peers](EngineRuntime& runtime, const RequestTicket& ticket) {
    bench::SweepCallbacks callbacks;
    callbacks.peers = peers;
    callbacks.progress = [this, ticket](const bench::SweepProgress& p) {
      ticket.deliver([this, p] {
        progress_->setRange(0, int(p.total));
        progress_->setValue(int(p.done));
        status_->setText(tr("Running %1 (%2 of %3)").arg(QString::fromStdString(p.next)).arg(p.done + 1).arg(p.total));
      });
    };
    callbacks.result = [this, ticket](const bench::BenchResult& r) { ticket.deliver([this, r] { onResult(r); }); };
    if (!planted.empty())
      callbacks.alterOutput = [planted](std::string_view name, std::span<std::complex<double>> out) {
        if (name == planted && !out.empty()) out[0] += std::complex<double>(1.0, 0.0);
      };
    // Every timed launch reaches the chart, one request per enqueue, named by its device: live
    // on one device; on several (the shapes spread over them, SweepSpread.h) once the sweep ends,
    // as the devices' transfer logs are read on this thread only.
    std::vector<cl::DeviceContext*> contexts;
    for (imaging::OpenClFftBackend* device : runtime.devices()) contexts.push_back(&device->context());
    quint64 enqueues = 0;
    std::vector<std::pair<std::size_t, std::vector<TimingRecord>>> held;
    const auto publishLaunches = [&](std::size_t device, std::vector<TimingRecord> records) {
      for (TimingRecord& r : records) r.device = runtime.deviceLabel(device);
      runtime.publish(std::move(records), ++enqueues);
    };
    const auto launches = [&](std::size_t device, std::vector<TimingRecord> records) {
      if (contexts.size() == 1) publishLaunches(device, std::move(records));
      else held.emplace_back(device, std::move(records));
    };
    service->setHolder(tr("a sweep"));
    bool cancelled = false;
    QString error;
    try {
      cancelled = bench::runSweepOver(contexts, spec, callbacks, ticket.stopFlag(), launches).cancelled;
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    for (auto& [device, records] : held) publishLaunches(device, std::move(records));
    service->setHolder({});
    ticket.deliver([this, cancelled, error] { onFinished(cancelled, error); });
  });
}

void SweepPanel::onFinished(bool cancelled, const QString& error) {
  running_ = false;
  if (error.isEmpty() && !cancelled) progress_->setValue(progress_->maximum());
  store_.save(results_, error.isEmpty() && !cancelled);
  run_->setEnabled(true);
  cancel_->setEnabled(false);
  const int failed =
      int(std::count_if(results_.begin(), results_.end(), [](const bench::BenchResult& r) { return !r.verified; }));
  status_->setText(!error.isEmpty() ? tr("The sweep stopped: %1").arg(error)
                   : cancelled      ? tr("Cancelled after %1 cases.").arg(results_.size())
                                    : tr("%1 cases, %2 failed.").arg(results_.size()).arg(failed));
  emit finished(cancelled);
}

void SweepPanel::cancel() {
  sweeps_.cancel();
  status_->setText(tr("Cancelling after the case that is running…"));
}

void SweepPanel::simulatePeer(const QString& peer, const QStringList& arguments) {
  simulatedPeer_ = peer;
  simulation_ = arguments;
}

void SweepPanel::onResult(const bench::BenchResult& result) {
  results_.push_back(result);
  // Kept on disk at once: a crash or a kill of the application loses at most the next case.
  if (const QString error = store_.save(results_, false); !error.isEmpty())
    status_->setText(tr("The sweep's cases cannot be kept on disk: %1").arg(error));
  addRow(result);
  if (result.copyGbs > 0) emit copyBandwidthMeasured(result.copyGbs);
  refresh();
}

void SweepPanel::addRow(const bench::BenchResult& r) {
  const int row = table_->rowCount();
  table_->insertRow(row);
  const QString size = r.dims == 2 ? QStringLiteral("%1×%2").arg(r.rows).arg(r.cols) : QString::number(r.cols);
  const QStringList cells{QString::fromStdString(r.variant),
                          size,
                          QString::number(r.batch),
                          r.verified ? tr("yes") : tr("NO"),
                          QStringLiteral("%1 (%2)").arg(r.relL2, 0, 'g', 3).arg(r.l2Gate, 0, 'g', 3),
                          QStringLiteral("%1 [%2–%3]").arg(number(r.hostMs.median, 4), number(r.hostMs.q1, 4),
                                                           number(r.hostMs.q3, 4)),
                          number(r.kernelMs.median, 4),
                          number(r.gflops, 1),
                          number(r.gbs, 1),
                          number(100 * r.copyFraction, 0),
                          QString::fromStdString(r.error)};
  for (int c = 0; c < cells.size(); ++c) {
    auto* item = new QTableWidgetItem(cells[c]);
    if (!r.verified) item->setForeground(QColor(200, 0, 0));  // failed: flagged, never charted as a time
    table_->setItem(row, c, item);
  }
}

void SweepPanel::refresh() { charts_->setResults(results_, overlays_); }

QString SweepPanel::saveResults(const QString& path) const {
  bench::BenchReport report;
  report.results = results_;
  const bool csv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
  try {
    io::writeFileAtomically(path.toStdString(), csv ? bench::toCsv(report) : bench::toJson(report));
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

namespace {

bench::BenchReport readReport(const QString& path) {
  const std::string text = bench::readTextFile(path.toStdString());
  const bool csv = QFileInfo(path).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0;
  return csv ? bench::reportFromCsv(text) : bench::reportFromJson(text);
}

}  // namespace

QString SweepPanel::openOverlay(const QString& path) {
  try {
    overlays_.emplace_back(QFileInfo(path).fileName(), readReport(path));
  } catch (const std::exception& error) {
    return QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(error.what()));
  }
  refresh();
  return {};
}

QString SweepPanel::openResults(const QString& path) {
  if (running_) return tr("A sweep is running: open its results once it ends.");
  try {
    results_ = readReport(path).results;
  } catch (const std::exception& error) {
    return QStringLiteral("%1: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(error.what()));
  }
  showResults(results_);
  if (!results_.empty()) {
    const bench::BenchResult& first = results_.front();
    status_->setText(tr("%1: %2 cases measured on %3 (%4), %5.")
                         .arg(QFileInfo(path).fileName()).arg(results_.size())
                         .arg(QString::fromStdString(first.device), QString::fromStdString(first.driver),
                              QString::fromStdString(first.date)));
  }
  return {};
}

void SweepPanel::showResults(const std::vector<bench::BenchResult>& results) {
  results_ = results;
  table_->setRowCount(0);
  for (const bench::BenchResult& r : results_) addRow(r);
  refresh();
  emit resultsShown();
}

void SweepPanel::restoreStored() {
  const std::optional<bench::BenchReport> stored = store_.load();
  if (!stored || stored->results.empty()) return;
  showResults(stored->results);
  const std::size_t failed = std::size_t(std::count_if(results_.begin(), results_.end(),
                                                       [](const bench::BenchResult& r) { return !r.verified; }));
  status_->setText(stored->cancelled
                       ? tr("The last sweep did not end (the application was closed, killed or crashed, or it was "
                            "cancelled): the %1 cases measured before it stopped are shown, %2 failed.")
                             .arg(results_.size()).arg(failed)
                       : tr("The last sweep's %1 cases are shown, %2 failed.").arg(results_.size()).arg(failed));
}

QString SweepPanel::saveChart(const QString& path) const {
  return exportPlot(charts_->currentPlot(), path, 1600, 900, charts_->currentTitle());
}

}  // namespace fftscope::gui
