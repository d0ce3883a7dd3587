#include "image/RegionAnalysis.h"

#include "engine/EngineRuntime.h"
#include "image/ImageConversion.h"

namespace fftscope::gui {

RegionAnalysis::RegionAnalysis(EngineService* service, QObject* parent)
    : QObject(parent), channel_(service, QStringLiteral("image")) {
  channel_.setKind(QStringLiteral("selection"));
  qRegisterMetaType<RegionRenderingPtr>();
  connect(&channel_, &RequestChannel::failed, this, [this](quint64, const QString& message) { emit refused(message); });
}

void RegionAnalysis::cancel() { channel_.abandon(); }

quint64 RegionAnalysis::request(quint64 imageId, std::shared_ptr<const imaging::Image> image,
                                const imaging::Region& region, const imaging::DisplaySettings& settings) {
  return channel_.post([this, imageId, image, region, settings](EngineRuntime& runtime, const RequestTicket& ticket) {
    auto r = std::make_shared<RegionRendering>();
    r->generation = ticket.generation();
    r->imageId = imageId;
    r->region = imaging::clipRegion(region, image->width, image->height);
    r->settings = settings;
    r->window = QString::fromLatin1(imaging::kRegionWindowName);
    const imaging::Spectrum spectrum = imaging::regionSpectrum(*image, r->region, runtime.fft());
    r->magnitudes = imaging::halfMagnitudesOf(spectrum);  // the windowed region is real
    r->radialProfile = imaging::radialProfile(r->magnitudes);
    r->magnitudeRange = imaging::magnitudeRange(r->magnitudes);
    r->view = toQImage(imaging::renderSpectrum(spectrum, settings));
    ticket.deliver([this, r] { emit rendered(r); });
  });
}

}  // namespace fftscope::gui
