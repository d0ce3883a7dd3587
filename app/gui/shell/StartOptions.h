// What the command line asks of the window as it starts: files to open, the device, the tab in
// front, a screenshot to take. Each workspace takes the options that concern it
// (Workspace::applyStartOptions).
#pragma once

#include "imaging/ColourMap.h"
#include "imaging/FilterSpec.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace fftscope::gui {

struct StartOptions {
  QStringList files;       // the first opened as openAnyFile does; the sample image when empty
  QString device;          // engine device selector ("" = as Settings says, or the default)
  bool useFftw = false;    // compute with FFTW instead of the engine
  bool autoNotch = false;  // run auto notch once the first image is shown
  std::optional<imaging::BaseFilter> baseFilter;  // applied to the first image
  std::optional<imaging::ColourMap> colourMap;     // for the spectrum (and remembered)
  QString screenshot;      // save the window to this PNG once the first result shows, then quit
  QString workspace;       // the tab to show first: image, signal or performance ("" = as last time)
  QString signalFile;      // opened in the Signal workspace
  QString liveVideo;       // a video file as the Image workspace's live source
  QString session;         // a session (.fftscope) opened once the window is up
  // A session left by a crash (SessionManager.h): offered in a prompt, restored, or left alone.
  enum class CrashedSession { Ignore, Offer, Restore };
  CrashedSession crashedSession = CrashedSession::Ignore;
  QString autosaveFolder;  // "" = the application's data folder
};

}  // namespace fftscope::gui
