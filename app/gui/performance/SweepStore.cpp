#include "performance/SweepStore.h"

#include "bench/ResultFile.h"
#include "io/AtomicWrite.h"
#include "bench/ResultJson.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QStandardPaths>

namespace fftscope::gui {

SweepStore::SweepStore()
    : SweepStore(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                     .filePath(QStringLiteral("sweeps/current.json"))) {}

SweepStore::SweepStore(QString path) : path_(std::move(path)) {}

QString SweepStore::save(const std::vector<bench::BenchResult>& results, bool ended) const {
  bench::BenchReport report;
  report.results = results;
  report.cancelled = !ended;
  try {
    if (!QDir().mkpath(QFileInfo(path_).absolutePath())) return QObject::tr("cannot make the folder of %1").arg(path_);
    io::writeFileAtomically(path_.toStdString(), bench::toJson(report));
  } catch (const std::exception& error) {
    return QString::fromStdString(error.what());
  }
  return {};
}

std::optional<bench::BenchReport> SweepStore::load() const {
  if (!QFileInfo::exists(path_)) return std::nullopt;
  try {
    return bench::reportFromJson(bench::readTextFile(path_.toStdString()));
  } catch (const std::exception&) {
    return std::nullopt;  // an unreadable store is not worth a message at start
  }
}

}  // namespace fftscope::gui
