#include "export/ExportMetadata.h"

#include "session/SessionInputs.h"
#include "shell/Workspace.h"

#include <nlohmann/json.hpp>

#include <QDateTime>
#include <QWidget>

namespace fftscope::gui {
namespace {

QString& exportDevice() {
  static QString device;
  return device;
}

constexpr int kMaxParameterChars = 4000;  // a caption stays readable; the session keeps everything

// The first input record ({"path", "bytes", "sha256"}, SessionInputs.h) anywhere in `state`, and the state without them.
void takeInputs(nlohmann::json& state, ExportMetadata& metadata) {
  if (state.is_object()) {
    if (state.contains("path") && state.contains("bytes") && state["path"].is_string()) {
      if (metadata.inputFile.isEmpty()) {
        metadata.inputFile = QString::fromStdString(state["path"].get<std::string>());
        if (state.contains("sha256") && state["sha256"].is_string()) metadata.inputHash = QString::fromStdString(state["sha256"].get<std::string>());
      }
      state = "input";
      return;
    }
    for (auto& item : state.items()) takeInputs(item.value(), metadata);
  } else if (state.is_array()) {
    for (auto& item : state) takeInputs(item, metadata);
  }
}

}  // namespace

QList<QPair<QString, QString>> ExportMetadata::fields() const {
  QList<QPair<QString, QString>> all{{QStringLiteral("Title"), title},
                                     {QStringLiteral("Input"), inputFile},
                                     {QStringLiteral("SHA-256"), inputHash},
                                     {QStringLiteral("Parameters"), parameters},
                                     {QStringLiteral("Software"), QStringLiteral("FFTScope ") + version},
                                     {QStringLiteral("Device"), device},
                                     {QStringLiteral("Date"), date}};
  all.removeIf([](const QPair<QString, QString>& field) { return field.second.isEmpty(); });
  return all;
}

QString ExportMetadata::captionText() const {
  QStringList lines;
  for (const auto& [name, value] : fields()) lines << name + QStringLiteral(": ") + value;
  return lines.join(QLatin1Char('\n'));
}

ExportMetadata metadataFor(QWidget* view, const QString& title) {
  ExportMetadata metadata;
  metadata.title = title;
  metadata.version = QStringLiteral(FFTSCOPE_VERSION);
  metadata.device = exportDevice();
  metadata.date = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
  for (QWidget* widget = view; widget; widget = widget->parentWidget()) {
    auto* workspace = dynamic_cast<Workspace*>(widget);
    if (!workspace) continue;
    SessionInputs inputs;
    nlohmann::json state = workspace->saveState(inputs);
    inputs.completeHashes(state);
    takeInputs(state, metadata);
    metadata.parameters = QString::fromStdString(state.dump()).left(kMaxParameterChars);
    break;
  }
  return metadata;
}

void setExportDevice(const QString& device) { exportDevice() = device; }

}  // namespace fftscope::gui
