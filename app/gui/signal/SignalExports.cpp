#include "signal/SignalExports.h"

#include "signal/AudioWriter.h"
#include "signal/SignalReader.h"
#include "signal/SpectrumCsv.h"

#include <QFileInfo>
#include <QObject>

#include <exception>

namespace fftscope::gui {

QString writeFilteredAudio(const LoadedSignal& original, const LoadedSignal& filtered, const QString& path) {
  try {
    signal::writeAudio(*filtered.signal, path.toStdString(),
                       signal::formatForPath(path.toStdString(), original.signal->format));
    return {};
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
}

QString writeShownSpectrumCsv(const SpectrumOutcome& spectrum, const QString& sourceName, const QString& path) {
  try {
    const signal::Spectrum& chosen = spectrum.filtered ? *spectrum.filtered : spectrum.original;
    const QString name = sourceName + (spectrum.filtered ? QObject::tr(" (filtered)") : QString());
    signal::writeSpectrumCsv(chosen, path.toStdString(), name.toStdString());
    return {};
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
}

QString suggestedFilteredName(const LoadedSignal& original) {
  const QFileInfo source(original.path);
  const bool audio =
      !original.path.isEmpty() && signal::signalFileKind(original.path.toStdString()) == signal::SignalFileKind::Audio;
  return (original.path.isEmpty() ? QStringLiteral("signal") : source.completeBaseName()) + QStringLiteral("-filtered.") +
         (audio ? source.suffix() : QStringLiteral("wav"));
}

}  // namespace fftscope::gui
