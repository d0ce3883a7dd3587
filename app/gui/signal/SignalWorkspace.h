// The Signal workspace: open or generate a signal, see it against time, its spectrum and its
// spectrogram, filter it (every edit undoable), play the original or the filtered signal, and
// export audio, the spectrum as CSV and the plots. The views only show what the document holds.
#pragma once

#include "signal/SignalResults.h"
#include "shell/Workspace.h"
#include "widgets/MessageBar.h"

#include "signal/SignalReader.h"

#include <QWidget>

#include <map>

class QComboBox;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QStackedWidget;
class QTabBar;
class QPushButton;
class QUndoStack;

namespace fftscope::gui {

class AnalysisPanel;
class EngineService;
class LiveMode;
class SignalDocument;
class SignalFilterPanel;
class SignalPlayer;
class SpectrogramView;
class SpectrumPlot;
class TimePlot;

class SignalWorkspace : public QWidget, public Workspace {
  Q_OBJECT

 public:
  explicit SignalWorkspace(EngineService* service, QWidget* parent = nullptr);
  ~SignalWorkspace() override;

  SignalDocument* document() const { return document_; }
  TimePlot* timePlot() const { return timePlot_; }
  SpectrumPlot* spectrumPlot() const { return spectrumPlot_; }
  SpectrogramView* spectrogramView() const { return spectrogramView_; }
  AnalysisPanel* analysisPanel() const { return analysisPanel_; }
  SignalFilterPanel* filterPanel() const { return filterPanel_; }
  SignalPlayer* player() const { return player_; }
  MessageBar* messageBar() const { return messageBar_; }
  QComboBox* channelPicker() const { return channel_; }
  QUndoStack* undoStack() const override;
  LiveMode* liveMode() const { return live_; }
  // The file mode (a signal read or generated) or the Live mode (the input as it arrives).
  void setLive(bool live);
  bool isLive() const;

  // Asks what a raw, text or .npy file needs, then opens it.
  void openFile(const QString& path) override;
  void openFile(const QString& path, const signal::SignalReadOptions& options);
  void chooseAndOpen();
  void chooseAndGenerate();
  // Whether the spectrum, the spectrogram and the filter shown are all the current ones.
  bool isAnalysisCurrent() const;

  // Exports; each returns an empty string, or a message naming the problem.
  QString exportFilteredAudio(const QString& path);
  QString exportSpectrumCsv(const QString& path);
  QString exportPlotImage(QCustomPlot* plot, const QString& path);

  void playOriginal();
  void playFiltered();

  // Workspace (SignalWorkspaceState.cpp): the signal's file, channel, selection, filter and analysis.
  QString workspaceName() const override { return QStringLiteral("signal"); }
  QWidget* workspaceWidget() override { return this; }
  nlohmann::json saveState(SessionInputs& inputs) const override;
  std::function<void()> prepareRestore(const nlohmann::json& state, SessionInputs& inputs) override;
  void watchChanges(std::function<void()> changed) override;
  // The window's side of Workspace (SignalWorkspaceShell.cpp).
  WorkspaceMenus menus() override;
  bool opens(const QString& path) const override;
  void applyStartOptions(const StartOptions& options) override;
  std::vector<SampleSource> sampleSources() override;
  void applyPreferences(const Settings& settings) override;

 signals:
  void signalChanged(fftscope::gui::LoadedSignalPtr signal);
  void analysisShown();  // every view shows the current signal's results

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void reportToWindow();  // SignalWorkspaceShell.cpp: this workspace's signals as WorkspaceEvents
  QWidget* makeToolbar();
  QWidget* makeProgress();
  void onLoaded(LoadedSignalPtr signal);
  void onFilterShown();
  void onChannelChosen();
  void updateDisplay();
  void updateInfo();
  void checkAnalysisShown();
  void chooseExport(QCustomPlot* plot, const QString& name);
  void chooseAudioExport();
  void chooseCsvExport();
  void report(const QString& what, const QString& path, const QString& error);

  SignalDocument* document_;
  SignalPlayer* player_;
  TimePlot* timePlot_;
  SpectrumPlot* spectrumPlot_;
  SpectrogramView* spectrogramView_;
  AnalysisPanel* analysisPanel_;
  SignalFilterPanel* filterPanel_;
  MessageBar* messageBar_;
  QComboBox* channel_ = nullptr;
  QWidget* progressRow_ = nullptr;
  QLabel* progressLabel_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* info_;
  LiveMode* live_;
  QTabBar* modeTabs_ = nullptr;
  QStackedWidget* modes_ = nullptr;
  QString lastDirectory_;
  std::map<QString, signal::SignalReadOptions> readOptions_;  // how each file was opened
  bool linking_ = false;
  // The spectrum request shown last, until the plot replots with it and then paints it.
  quint64 spectrumToReplot_ = 0, spectrumToPaint_ = 0;
};

}  // namespace fftscope::gui
