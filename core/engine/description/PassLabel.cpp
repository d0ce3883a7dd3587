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
      switch (elementwise.kernel) {
        case ElementwiseKernel::ChirpPad: return "chirp_pad";
        case ElementwiseKernel::SpectrumProduct: return "spectrum_product";
        case ElementwiseKernel::ChirpUnpad: return "chirp_unpad";
        case ElementwiseKernel::RaderPermute: return "rader_permute";
        case ElementwiseKernel::Other: break;
      }
      return elementwise.name;
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
      if (localFft.tailRadix > 1) out << "+r" << localFft.tailRadix;
      out << " m=" << span << " n=" << length << " rows=" << rows;
      if (localFft.groupRows > 1) out << " group-rows=" << localFft.groupRows;
      break;
    case PassKind::Transpose:
      out << " " << toString(transpose) << " " << span << "x" << length;
      break;
    case PassKind::Grouped: {
      const GroupedPass& g = grouped;
      const HalfSpectrum& half = g.half;
      out << " F=" << span << " (";
      for (std::size_t i = 0; i < g.innerRadices.size(); ++i) out << (i ? " r" : "r") << g.innerRadices[i];
      out << ") p=" << p << " n=" << length << " rows=" << rows << " lanes=" << g.lanes;
      if (g.exchangeRounds > 1) out << " registers x" << g.exchangeRounds << (g.componentExchange ? " by component" : "");
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
      if (g.nextPoints) out << " +next-twiddles";
      if (g.twiddledBefore) out << " +twiddled-in";
      if (half.untangleOut) out << " +untangle";
      if (half.tangleIn) out << " +tangle";
      if (half.usedColumns) out << " columns=" << half.usedColumns;
      if (half.sourcePitch) out << " read-pitch=" << half.sourcePitch;
      if (half.destinationPitch) out << " write-pitch=" << half.destinationPitch;
      if (chunks > 1) out << " x" << chunks << " chunks";
      if (reverseGroups) out << " last-first";
      if (g.batchGroups) out << " batch-fast";
      if (pairedOut) out << " +pairs";
      break;
    }
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
