// The Signal workspace offscreen: it renders; a 48 kHz WAV of a 0.5-amplitude 1 kHz sine reads a
// peak at 1000 Hz and -6.02 dBFS (Hann); a truncated WAV and a CSV with a bad number are refused
// with a message naming the problem while the current signal stays; a band-stop around the tone
// lowers it by at least 40 dB and undoes; the spectrogram has one column per frame and one row per
// bin; plots export as PNG and SVG, the spectrum as CSV and the filtered audio as the input's WAV;
// without an audio device, playing gives a message.
#pragma once

#include "GuiTestSupport.h"
#include "engine/EngineService.h"
#include "shell/MainWindow.h"
#include "signal/AnalysisPanel.h"
#include "signal/GainCurveEditor.h"
#include "signal/SignalFilterPanel.h"
#include "signal/SignalDocument.h"
#include "signal/SignalEnvelope.h"
#include "signal/SignalPlayer.h"
#include "signal/SignalWorkspace.h"
#include "signal/SpectrogramView.h"
#include "signal/SpectrumPlot.h"
#include "signal/TimePlot.h"

#include "signal/AudioReader.h"
#include "signal/AudioWriter.h"
#include "signal/Generators.h"
#include "signal/GeneratorDialog.h"

#include <QAudioDevice>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QScrollArea>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <filesystem>

using namespace fftscope;
using namespace fftscope::gui;

namespace {
constexpr int kWait = 240000;
}

class SignalWorkspaceTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void init();
  void cleanup();
  void theWorkspaceRendersOffscreen();
  void aHalfScaleSineReadsMinusSixDbfsAt1kHz();
  void aTruncatedWavIsRefusedAndTheSignalStays();
  void aCsvWithABadNumberIsRefusedWithItsLine();
  void aBandStopLowersTheToneByFortyDecibelsAndUndoes();
  void theSpectrogramHasOneColumnPerFrame();
  void aNarrowToneIsDrawnAtItsLevelAtEverySize();
  void theSpectrogramReadsTheCellUnderThePointer();
  void theSpectrogramHasALogFrequencyAxis();
  void aSelectionIsWhatTheSpectrumAnalyses();
  void aNewerFilterEditSupersedesAnOlderOne();
  void aCancelledLoadLeavesTheSignal();
  void theSpectrogramCanShowTheFilteredSignal();
  void aDrawnGainCurveScalesTheTone();
  void plotsSpectrumAndAudioExport();
  void noAudioDeviceGivesAMessage();
  void theEnvelopeBracketsEverySample();
  void anHourOfAudioDrawsFromAFewBlocksPerPixel();
  void eachChannelOfAStereoFileCanBeAnalysed();
  void aRawFileOpensWithItsLayout();
  void theGeneratorMakesWhatItSays();
  void aTypedFftSizeGivesItsBins();
  void thePanelNamesTheTransformUsed();

 private:
  QString writeSine(const QString& name, signal::Encoding encoding);
  void waitForAnalysis();
  void applyBandStop();  // 800 ... 1200 Hz, ideal

  // Each function gets a window of its own with the sine open (Hann), so that none depends on another.
  QTemporaryDir folder_;
  std::unique_ptr<MainWindow> window_;
  SignalWorkspace* workspace_ = nullptr;
  QString sinePath_;
};
