// One header reader and one completeness check per format, dispatched by ImageHeader.cpp.
// Each throws std::runtime_error with a message that starts "truncated:" or "corrupt:" or says
// what is not supported.
#pragma once

#include "imaging/ByteReader.h"
#include "imaging/ImageHeader.h"

namespace fftscope::imaging::detail {

ImageHeader readPngHeader(const ByteReader& in);
void checkPngComplete(const ByteReader& in);

ImageHeader readJpegHeader(const ByteReader& in);
void checkJpegComplete(const ByteReader& in);

ImageHeader readTiffHeader(const ByteReader& in);
void checkTiffComplete(const ByteReader& in);

ImageHeader readBmpHeader(const ByteReader& in);
void checkBmpComplete(const ByteReader& in);

ImageHeader readPnmHeader(const ByteReader& in);
void checkPnmComplete(const ByteReader& in);

ImageHeader readWebpHeader(const ByteReader& in);
void checkWebpComplete(const ByteReader& in);

}  // namespace fftscope::imaging::detail
