// The Image workspace's values that travel between the GUI thread and the engine thread: requests go in
// by value, results come back as shared immutable objects. Nothing here is ever modified after it
// is sent, so both threads may read it without locks.
#pragma once

#include "engine/EngineInfo.h"
#include "engine/runtime/Plan.h"
#include "imaging/AutoNotch.h"
#include "imaging/BatchFilter.h"
#include "imaging/FilterPipeline.h"
#include "imaging/FilterSpec.h"
#include "imaging/DisplayRange.h"
#include "imaging/Image.h"
#include "imaging/Mask.h"
#include "imaging/OutputRange.h"
#include "imaging/Padding.h"
#include "imaging/Spectrum.h"
#include "imaging/SpectrumDisplay.h"
#include "imaging/SpectrumLevels.h"
#include "imaging/SpectrumMagnitudes.h"
#include "imaging/SpectrumProfiles.h"

#include <QImage>
#include <QMetaType>
#include <QString>

#include <memory>
#include <vector>

namespace fftscope::gui {

struct OpenRequest {
  quint64 ticket = 0;  // becomes the image's id when it opens
  QString path;        // a file to read, or empty when `image` is given
  std::shared_ptr<const imaging::Image> image;
  QString name;
  imaging::PadMode padMode = imaging::PadMode::Mirror;
  imaging::ChannelMode channelMode = imaging::ChannelMode::PerChannel;
  imaging::DisplayRangeSettings displayRange;  // how the view is drawn
};

// An opened image, analysed: what the views show and what the readout needs.
struct WorkspaceImage {
  quint64 id = 0;
  QString name;  // file name or "sample"
  QString path;  // empty for the sample
  std::shared_ptr<const imaging::Image> image;
  imaging::PadGeometry geometry;
  imaging::PadMode padMode = imaging::PadMode::Mirror;
  imaging::ChannelMode channelMode = imaging::ChannelMode::PerChannel;
  // |X| of the spectrum shown (ImageSpectrum.h), from its half: for the readout, peak snapping
  // and auto notch. The spectrum itself stays with the engine.
  imaging::SpectrumMagnitudes magnitudes;
  imaging::RadialProfile radialProfile;     // of `magnitudes`, for the profile plot
  imaging::MagnitudeRange magnitudeRange;   // of `magnitudes`, for the colour bar
  QImage view;                 // the image as displayed, 8-bit, over displayRange
  imaging::DisplayRange displayRange;
  QStringList notices;         // e.g. "alpha channel dropped"
  double analyseMs = 0;
};

struct FilterRequest {
  quint64 generation = 0;
  quint64 imageId = 0;
  imaging::FilterSpec spec;
  imaging::OutputRange range = imaging::OutputRange::Clip;
  imaging::DisplayRangeSettings displayRange;
  quint64 requestId = 0;  // RequestTicket::id
};

struct FilterOutcome {
  quint64 generation = 0;
  quint64 requestId = 0;  // the request's RequestTicket::id: the view says when it is painted
  quint64 imageId = 0;
  imaging::FilterSpec spec;
  imaging::OutputRange range = imaging::OutputRange::Clip;
  imaging::Image filtered;  // mapped as `range` says: what is shown and saved (Float: stretched)
  imaging::FilteredSamples exact;  // the unclipped values, kept only for Float: what it saves
  int maskRows = 0, maskCols = 0;  // the padded size: mask() rebuilds the mask from spec
  QImage view;          // the filtered image as displayed, 8-bit, over displayRange
  imaging::DisplayRange displayRange;
  QImage maskOverlay;   // centred, translucent where the mask attenuates
  std::vector<TimingRecord> timings;  // of the inverse transforms (empty with FFTW)
  QString plan;         // the engine's plan summary, or "FFTW"
  double computeMs = 0; // mask, inverse transforms and conversion, on the worker

  // The mask applied, padded size, unshifted: made again from spec when it is asked for (to save
  // it), rather than kept with every result.
  imaging::Mask mask() const;
};

struct SpectrumRequest {
  quint64 generation = 0;
  quint64 imageId = 0;
  imaging::DisplaySettings settings;
};

struct SpectrumRendering {
  quint64 generation = 0;
  quint64 imageId = 0;
  imaging::DisplaySettings settings;
  QImage view;  // centred or not as the settings say
};

struct NotchProposal {
  quint64 imageId = 0;
  std::vector<imaging::NotchSuggestion> suggestions;
};

using WorkspaceImagePtr = std::shared_ptr<const WorkspaceImage>;
using FilterOutcomePtr = std::shared_ptr<const FilterOutcome>;
using SpectrumRenderingPtr = std::shared_ptr<const SpectrumRendering>;

// One file of a batch, filtered (or refused): its place in the list and its outcome.
struct BatchProgress {
  quint64 batch = 0;
  int index = 0;
  imaging::BatchItem item;
};

void registerImageTypes();

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::OpenRequest)
Q_DECLARE_METATYPE(fftscope::gui::FilterRequest)
Q_DECLARE_METATYPE(fftscope::gui::SpectrumRequest)
Q_DECLARE_METATYPE(fftscope::gui::NotchProposal)
Q_DECLARE_METATYPE(fftscope::gui::BatchProgress)
Q_DECLARE_METATYPE(fftscope::gui::WorkspaceImagePtr)
Q_DECLARE_METATYPE(fftscope::gui::FilterOutcomePtr)
Q_DECLARE_METATYPE(fftscope::gui::SpectrumRenderingPtr)
