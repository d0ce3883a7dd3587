// The window's exports (charts, diagrams) encoded in memory and written like every other output,
// through the atomic writer (io/StagedFile.h): the old file or the new one, never a part; a
// device node or FIFO written through, not replaced; a write error reported naming the file.
#pragma once

#include <QByteArray>
#include <QString>

namespace fftscope::gui {

// An empty string, or the message naming the file and the cause.
QString saveBytes(const QString& path, const QByteArray& bytes);

}  // namespace fftscope::gui
