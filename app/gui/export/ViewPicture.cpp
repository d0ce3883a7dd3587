#include "export/ViewPicture.h"

#include "widgets/SaveBytes.h"

#include <QBuffer>
#include <QFileInfo>
#include <QGraphicsView>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <qcustomplot.h>

namespace fftscope::gui {
namespace {

constexpr double kScreenDpi = 96;
constexpr int kCaptionMargin = 8;

QFont captionFont() { return QFont(QStringLiteral("DejaVu Sans"), 8); }

int captionHeight(const PictureOptions& options, const ExportMetadata& metadata) {
  if (!options.caption) return 0;
  const QFontMetrics metrics(captionFont());
  const QRect box = metrics.boundingRect(QRect(0, 0, options.width - 2 * kCaptionMargin, 10000),
                                         Qt::TextWordWrap | Qt::TextWrapAnywhere, metadata.captionText());
  return box.height() + 2 * kCaptionMargin;
}

// Everything in logical pixels; the painter's scale makes them device pixels.
void paint(QCPPainter& painter, QWidget* view, const ViewDrawer& draw, const PictureOptions& options,
           const ExportMetadata& metadata) {
  const QRectF target(0, 0, options.width, options.height);
  painter.fillRect(QRectF(0, 0, options.width, options.height + captionHeight(options, metadata)), Qt::white);
  painter.save();
  if (draw) {
    draw(painter, target);
  } else if (auto* plot = qobject_cast<QCustomPlot*>(view)) {
    plot->toPainter(&painter, options.width, options.height);
  } else if (auto* graphics = qobject_cast<QGraphicsView*>(view)) {
    // The view's visible part, its proportions kept, centred in the picture.
    const QRect source = graphics->viewport()->rect();
    QRectF fitted(QPointF(), QSizeF(source.size()).scaled(target.size(), Qt::KeepAspectRatio));
    fitted.moveCenter(target.center());
    graphics->render(&painter, fitted, source, Qt::IgnoreAspectRatio);
  } else {
    painter.scale(options.width / double(std::max(1, view->width())), options.height / double(std::max(1, view->height())));
    view->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
  }
  painter.restore();
  // toPainter laid the plot out at the export's size: the screen gets its own layout back.
  if (auto* plot = qobject_cast<QCustomPlot*>(view)) plot->replot(QCustomPlot::rpQueuedReplot);
  if (!options.caption) return;
  painter.setPen(Qt::black);
  painter.setFont(captionFont());
  painter.drawText(QRectF(kCaptionMargin, options.height + kCaptionMargin, options.width - 2 * kCaptionMargin,
                          captionHeight(options, metadata)),
                   Qt::TextWordWrap | Qt::TextWrapAnywhere, metadata.captionText());
}

QByteArray xmp(const ExportMetadata& metadata) {
  auto escaped = [](const QString& text) { return text.toHtmlEscaped().toUtf8(); };
  return "<?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?>"
         "<x:xmpmeta xmlns:x='adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
         "<rdf:Description rdf:about='' xmlns:dc='http://purl.org/dc/elements/1.1/' xmlns:xmp='http://ns.adobe.com/xap/1.0/'>"
         "<dc:title><rdf:Alt><rdf:li xml:lang='x-default'>" + escaped(metadata.title) + "</rdf:li></rdf:Alt></dc:title>"
         "<dc:description><rdf:Alt><rdf:li xml:lang='x-default'>" + escaped(metadata.captionText()) +
         "</rdf:li></rdf:Alt></dc:description>"
         "<dc:source>" + escaped(metadata.inputFile) + "</dc:source>"
         "<xmp:CreatorTool>FFTScope " + escaped(metadata.version) + "</xmp:CreatorTool>"
         "<xmp:CreateDate>" + escaped(metadata.date) + "</xmp:CreateDate>"
         "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end='w'?>";
}

}  // namespace

QImage renderPicture(QWidget* view, const ViewDrawer& draw, const PictureOptions& options, const ExportMetadata& metadata) {
  const double scale = options.dpi / kScreenDpi;
  const int height = options.height + captionHeight(options, metadata);
  QImage image(int(std::lround(options.width * scale)), int(std::lround(height * scale)), QImage::Format_RGB32);
  image.setDotsPerMeterX(int(std::lround(options.dpi / 0.0254)));
  image.setDotsPerMeterY(int(std::lround(options.dpi / 0.0254)));
  QCPPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.scale(scale, scale);
  paint(painter, view, draw, options, metadata);
  painter.end();
  return image;
}

QString exportPicture(QWidget* view, const ViewDrawer& draw, const QString& path, const PictureOptions& options,
                      const ExportMetadata& metadata) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (options.width < 16 || options.height < 16 || options.dpi < 24 || options.dpi > 1200)
    return QStringLiteral("%1: the size or DPI is out of range").arg(path);
  QByteArray bytes;
  QBuffer file(&bytes);
  file.open(QIODevice::WriteOnly);
  const int height = options.height + captionHeight(options, metadata);
  if (suffix == QLatin1String("png")) {
    QImage image = renderPicture(view, draw, options, metadata);
    for (const auto& [name, value] : metadata.fields()) image.setText(name, value);
    image.setText(QStringLiteral("Description"), metadata.captionText());
    if (!image.save(&file, "PNG")) return QStringLiteral("%1: cannot encode the PNG").arg(path);
  } else if (suffix == QLatin1String("svg")) {
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setResolution(int(kScreenDpi));
    svg.setSize(QSize(options.width, height));
    svg.setViewBox(QRect(0, 0, options.width, height));
    svg.setTitle(metadata.title.isEmpty() ? QStringLiteral("FFTScope") : metadata.title);
    svg.setDescription(metadata.captionText());
    QCPPainter painter;
    if (!painter.begin(&svg)) return QStringLiteral("%1: cannot draw the SVG").arg(path);
    paint(painter, view, draw, options, metadata);
  } else if (suffix == QLatin1String("pdf")) {
    QPdfWriter pdf(&file);
    pdf.setResolution(options.dpi);
    pdf.setPageSize(QPageSize(QSizeF(options.width * 72 / kScreenDpi, height * 72 / kScreenDpi), QPageSize::Point));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(metadata.title);
    pdf.setCreator(QStringLiteral("FFTScope ") + metadata.version);
    pdf.setDocumentXmpMetadata(xmp(metadata));
    QCPPainter painter;
    if (!painter.begin(&pdf)) return QStringLiteral("%1: cannot draw the PDF").arg(path);
    painter.scale(options.dpi / kScreenDpi, options.dpi / kScreenDpi);
    paint(painter, view, draw, options, metadata);
  } else {
    return QStringLiteral("%1: pictures are saved as .png, .svg or .pdf").arg(path);
  }
  file.close();
  return saveBytes(path, bytes);
}

}  // namespace fftscope::gui
