// Sweeps in the Performance workspace: the form, Run and Cancel with progress, results as they
// come (table and charts), export as CSV and JSON (the format `fftscope-cli bench --json`
// writes), charts as PNG, PDF or SVG, and saved results opened to overlay the current run. A
// sweep runs on the engine thread and holds the device while it runs: other workspaces' requests
// wait behind it, so neither disturbs the other's timings. Each peer case runs in a child process
// (this program's hidden peer-case command), so a peer that crashes or hangs fails its case only;
// the cases are stored as they arrive (SweepStore) and shown again at the next start.
#pragma once

#include "bench/BenchResult.h"
#include "engine/RequestChannel.h"
#include "performance/SweepStore.h"

#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace fftscope::gui {

class EngineService;
class SweepCharts;
class SweepForm;

class SweepPanel : public QWidget {
  Q_OBJECT

 public:
  // Shows the sweep `store` holds, if any (what was measured before the application last stopped).
  explicit SweepPanel(EngineService* service, QWidget* parent = nullptr, SweepStore store = {});
  ~SweepPanel() override;

  SweepForm* form() const { return form_; }
  SweepCharts* charts() const { return charts_; }
  bool isRunning() const { return running_; }
  const std::vector<bench::BenchResult>& results() const { return results_; }
  QString statusText() const;

  // Return an empty string, or a message naming the file and the problem.
  QString saveResults(const QString& path) const;  // .json or .csv by extension
  QString openOverlay(const QString& path);
  QString openResults(const QString& path);  // replaces the current run (when no sweep runs)
  QString saveChart(const QString& path) const;     // the chart on screen

  // Tests only: makes the named variant's first output wrong before it is checked.
  void plantWrongResult(const QString& variant) { planted_ = variant; }
  // The program that runs peer cases (`PROGRAM peer-case ...`); this application by default.
  void setPeerHelper(const QString& program) { peerHelper_ = program; }
  // Tests only: extra arguments of the named peer's child (e.g. --simulate crash).
  void simulatePeer(const QString& peer, const QStringList& arguments);
  const SweepStore& store() const { return store_; }
  // Replaces the results shown (a session's), as opening a results file does.
  void showResults(const std::vector<bench::BenchResult>& results);

 public slots:
  void run();
  void cancel();

 signals:
  void finished(bool cancelled);
  void copyBandwidthMeasured(double gbs);
  void resultsShown();  // the table and charts show other results

 private:
  void onResult(const bench::BenchResult& result);
  void onFinished(bool cancelled, const QString& error);
  void refresh();
  void addRow(const bench::BenchResult& result);
  void restoreStored();

  EngineService* service_;
  SweepForm* form_;
  SweepCharts* charts_;
  QTableWidget* table_;
  QProgressBar* progress_;
  QLabel* status_;
  QPushButton* run_;
  QPushButton* cancel_;
  RequestChannel sweeps_;
  std::vector<bench::BenchResult> results_;
  std::vector<std::pair<QString, bench::BenchReport>> overlays_;
  bool running_ = false;
  QString planted_;
  QString peerHelper_;
  QString simulatedPeer_;
  QStringList simulation_;
  SweepStore store_;
};

}  // namespace fftscope::gui
