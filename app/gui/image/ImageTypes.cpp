#include "image/ImageTypes.h"

namespace fftscope::gui {

imaging::Mask FilterOutcome::mask() const { return imaging::buildMask(maskRows, maskCols, spec); }

void registerImageTypes() {
  qRegisterMetaType<EngineInfo>();
  qRegisterMetaType<OpenRequest>();
  qRegisterMetaType<FilterRequest>();
  qRegisterMetaType<SpectrumRequest>();
  qRegisterMetaType<NotchProposal>();
  qRegisterMetaType<BatchProgress>();
  qRegisterMetaType<WorkspaceImagePtr>();
  qRegisterMetaType<FilterOutcomePtr>();
  qRegisterMetaType<SpectrumRenderingPtr>();
}

}  // namespace fftscope::gui
