#include "engine/TimingSummary.h"

#include <QStringList>

#include <map>

namespace fftscope::gui {

double totalMilliseconds(const std::vector<TimingRecord>& records) {
  double ns = 0;
  for (const TimingRecord& r : records) ns += double(r.nanoseconds);
  return ns / 1e6;
}

QString kernelsUsed(const std::vector<TimingRecord>& records) {
  QStringList names;
  for (const TimingRecord& r : records) {
    const QString name = QString::fromStdString(r.pass.kernelName());
    if (!names.contains(name)) names << name;
  }
  return names.join(QStringLiteral(" + "));
}

QString timingBreakdown(const std::vector<TimingRecord>& records, const QString& plan, double computeMs,
                        double roundTripMs) {
  struct Row {
    int count = 0;
    double ms = 0;
    std::uint64_t bytes = 0;
  };
  std::vector<std::string> order;
  std::map<std::string, Row> rows;
  for (const TimingRecord& r : records) {
    const std::string label = r.pass.label();
    if (!rows.count(label)) order.push_back(label);
    Row& row = rows[label];
    ++row.count;
    row.ms += double(r.nanoseconds) / 1e6;
    row.bytes += r.pass.bytesRead + r.pass.bytesWritten;
  }
  const double total = totalMilliseconds(records);
  QString html = QStringLiteral("<b>%1</b><br>").arg(plan.toHtmlEscaped());
  if (!records.empty()) {
    html += QStringLiteral("<table cellspacing=4><tr><th align=left>kernel launch</th><th>runs</th>"
                           "<th align=right>ms</th><th align=right>share</th><th align=right>GB/s</th></tr>");
    for (const std::string& label : order) {
      const Row& row = rows[label];
      const double gbps = row.ms > 0 ? double(row.bytes) / (row.ms * 1e6) : 0.0;
      html += QStringLiteral("<tr><td>%1</td><td align=center>%2</td><td align=right>%3</td>"
                             "<td align=right>%4%</td><td align=right>%5</td></tr>")
                  .arg(QString::fromStdString(label).toHtmlEscaped())
                  .arg(row.count)
                  .arg(row.ms, 0, 'f', 3)
                  .arg(total > 0 ? 100.0 * row.ms / total : 0.0, 0, 'f', 0)
                  .arg(gbps, 0, 'f', 1);
    }
    html += QStringLiteral("</table>kernels: %1 ms").arg(total, 0, 'f', 2);
    html += QStringLiteral(" (inverse transforms, from OpenCL profiling events)<br>");
  }
  html += QStringLiteral("mask, transforms and conversion on the worker: %1 ms<br>").arg(computeMs, 0, 'f', 1);
  html += QStringLiteral("parameter change to new image: %1 ms").arg(roundTripMs, 0, 'f', 1);
  return html;
}

}  // namespace fftscope::gui
