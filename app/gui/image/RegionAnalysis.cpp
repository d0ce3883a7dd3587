#include "image/RegionAnalysis.h"

#include "engine/EngineRuntime.h"
#include "engine/EngineService.h"
#include "image/ImageConversion.h"

namespace fftscope::gui {

RegionAnalysis::RegionAnalysis(EngineService* service, QObject* parent)
    : QObject(parent), service_(service), relay_(std::make_shared<RegionRelay>()) {
  qRegisterMetaType<RegionRenderingPtr>();
  connect(relay_.get(), &RegionRelay::rendered, this, [this](RegionRenderingPtr rendering) {
    if (rendering->generation == relay_->latest.load()) emit rendered(rendering);
  }, Qt::QueuedConnection);
  connect(relay_.get(), &RegionRelay::refused, this, [this](quint64 generation, const QString& message) {
    if (generation == relay_->latest.load()) emit refused(message);
  }, Qt::QueuedConnection);
}

RegionAnalysis::~RegionAnalysis() {
  relay_->latest.store(~quint64(0));  // every job still queued is superseded
  disconnect(relay_.get(), nullptr, this, nullptr);
}

void RegionAnalysis::cancel() { relay_->latest.fetch_add(1); }

quint64 RegionAnalysis::request(quint64 imageId, std::shared_ptr<const imaging::Image> image,
                                const imaging::Region& region, const imaging::DisplaySettings& settings) {
  const quint64 generation = relay_->latest.fetch_add(1) + 1;
  service_->post(QStringLiteral("image"), generation,
                 [relay = relay_, generation, imageId, image, region, settings](EngineRuntime& runtime) {
    if (relay->latest.load() != generation) return;
    try {
      auto r = std::make_shared<RegionRendering>();
      r->generation = generation;
      r->imageId = imageId;
      r->region = imaging::clipRegion(region, image->width, image->height);
      r->settings = settings;
      r->window = QString::fromLatin1(imaging::kRegionWindowName);
      const imaging::Spectrum spectrum = imaging::regionSpectrum(*image, r->region, runtime.fft());
      r->magnitudes = imaging::halfMagnitudesOf(spectrum);  // the windowed region is real
      r->radialProfile = imaging::radialProfile(r->magnitudes);
      r->magnitudeRange = imaging::magnitudeRange(r->magnitudes);
      r->view = toQImage(imaging::renderSpectrum(spectrum, settings));
      emit relay->rendered(r);
    } catch (const std::exception& error) {
      emit relay->refused(generation, QString::fromStdString(error.what()));
    }
  });
  return generation;
}

}  // namespace fftscope::gui
