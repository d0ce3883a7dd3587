// The spectrum of a selection of the image (RegionSpectrum.h), computed as a job of the engine
// service and rendered with the display settings; results come back as shared immutable values,
// and a newer selection supersedes one still pending.
#pragma once

#include "engine/RequestChannel.h"
#include "imaging/Image.h"
#include "imaging/RegionSpectrum.h"
#include "imaging/SpectrumDisplay.h"
#include "imaging/SpectrumLevels.h"
#include "imaging/SpectrumMagnitudes.h"
#include "imaging/SpectrumProfiles.h"

#include <QImage>
#include <QObject>

#include <memory>

namespace fftscope::gui {

class EngineService;

struct RegionRendering {
  quint64 generation = 0;
  quint64 imageId = 0;
  imaging::Region region;  // clipped to the image
  imaging::DisplaySettings settings;
  imaging::SpectrumMagnitudes magnitudes;  // of the region's spectrum, from its half
  imaging::RadialProfile radialProfile;
  imaging::MagnitudeRange magnitudeRange;
  QImage view;
  QString window;  // "Hann"
};
using RegionRenderingPtr = std::shared_ptr<const RegionRendering>;

class RegionAnalysis : public QObject {
  Q_OBJECT

 public:
  explicit RegionAnalysis(EngineService* service, QObject* parent = nullptr);

  quint64 request(quint64 imageId, std::shared_ptr<const imaging::Image> image, const imaging::Region& region,
                  const imaging::DisplaySettings& settings);
  void cancel();  // results still on their way are dropped
  quint64 latest() const { return channel_.latest(); }

 signals:
  void rendered(fftscope::gui::RegionRenderingPtr rendering);
  void refused(const QString& message);

 private:
  RequestChannel channel_;
};

}  // namespace fftscope::gui

Q_DECLARE_METATYPE(fftscope::gui::RegionRenderingPtr)
