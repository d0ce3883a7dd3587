#include "widgets/SaveBytes.h"

#include "io/AtomicWrite.h"

#include <stdexcept>
#include <string_view>

namespace fftscope::gui {

QString saveBytes(const QString& path, const QByteArray& bytes) {
  try {
    io::writeFileAtomically(path.toStdString(), std::string_view(bytes.constData(), std::size_t(bytes.size())));
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

}  // namespace fftscope::gui
