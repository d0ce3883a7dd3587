// What a pass is called: its kernel's name and the one-line label plans print.
#include "engine/description/PassInfo.h"

#include <sstream>

namespace fftscope {

std::string PassInfo::kernelName() const {
  switch (kind) {
    case PassKind::Stockham: return "stockham";
    case PassKind::Local: return "local_fft";
    case PassKind::Transpose: return "transpose";
    case PassKind::Copy: return "copy";
    case PassKind::Elementwise:
      switch (elementwise) {
        case ElementwiseKernel::ChirpPad: return "chirp_pad";
        case ElementwiseKernel::SpectrumProduct: return "spectrum_product";
        case ElementwiseKernel::ChirpUnpad: return "chirp_unpad";
        case ElementwiseKernel::RaderPermute: return "rader_permute";
        case ElementwiseKernel::Other: break;
      }
      return elementwiseKernel;
    case PassKind::Upload: return "upload";
    case PassKind::Download: return "download";
    case PassKind::Grouped: return "grouped_fft";
  }
  return "?";
}

std::string PassInfo::label() const {
  std::ostringstream out;
  out << kernelName();
  switch (kind) {
    case PassKind::Stockham:
      out << " r" << radix << " p=" << p << " n=" << length << " rows=" << rows;
      break;
    case PassKind::Local:
      out << " r" << radix;
      if (tailRadix > 1) out << "+r" << tailRadix;
      out << " m=" << span << " n=" << length << " rows=" << rows;
      if (groupRows > 1) out << " group-rows=" << groupRows;
      break;
    case PassKind::Transpose:
      out << " " << toString(transpose) << " " << span << "x" << length;
      break;
    case PassKind::Grouped:
      out << " F=" << span << " (";
      for (std::size_t i = 0; i < innerRadices.size(); ++i) out << (i ? " r" : "r") << innerRadices[i];
      out << ") p=" << p << " n=" << length << " rows=" << rows << " lanes=" << lanes;
      if (exchangeRounds > 1) out << " registers x" << exchangeRounds;
      if (hooks.splitCols) out << (batchFastest ? " columns of " : " rows of ") << length / hooks.splitCols << "x" << hooks.splitCols;
      if (hooks.splitCols && hooks.splitTwiddles != SplitTwiddles::Rows) {
        const bool columnsOnly = hooks.splitTwiddles == SplitTwiddles::Columns;
        if (batchFastest && (columnsOnly || hooks.chirpIn)) out << " +twiddles";
        if (!batchFastest) out << (columnsOnly ? " untwiddled" : " loads untwiddled");
      }
      if (hooks.chirpIn) out << (hooks.rader ? " +gather n=" : " +chirp-in n=") << hooks.n;
      if (hooks.filterOut) out << " +filter-out";
      if (hooks.filterMiddle) out << " +filter +p=1";
      if (hooks.chirpOut) out << (hooks.rader ? " +scatter n=" : " +chirp-out n=") << hooks.n;
      if (nextPoints) out << " +next-twiddles";
      if (twiddledBefore) out << " +twiddled-in";
      if (untangleOut) out << " +untangle";
      if (tangleIn) out << " +tangle";
      if (usedColumns) out << " columns=" << usedColumns;
      if (sourcePitch) out << " read-pitch=" << sourcePitch;
      if (destinationPitch) out << " write-pitch=" << destinationPitch;
      if (chunks > 1) out << " x" << chunks << " chunks";
      if (reverseGroups) out << " last-first";
      if (batchGroups) out << " batch-fast";
      if (pairedOut) out << " +pairs";
      break;
    case PassKind::Copy:
      out << " n=1 rows=" << rows;
      break;
    case PassKind::Elementwise:
      if (padded > 0)
        out << " n=" << length << " m=" << padded << " rows=" << rows << (pairedOut ? " pairs" : "")
            << (reverseGroups ? " last-first" : "");
      else
        out << " " << span << "x" << length;
      break;
    case PassKind::Upload:
    case PassKind::Download:
      out << " " << (bytesRead + bytesWritten) / 2 << " bytes";
      break;
  }
  if (axis == 1) out << " (columns)";
  return out.str();
}

}  // namespace fftscope
