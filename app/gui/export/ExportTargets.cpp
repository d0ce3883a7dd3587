#include "export/ExportTargets.h"

#include "export/ExportDialog.h"

#include <QAbstractScrollArea>
#include <QApplication>
#include <QEvent>
#include <QFileInfo>
#include <QMenu>
#include <QPointer>
#include <QWidget>
#include <qcustomplot.h>

namespace fftscope::gui {
namespace {

QPointer<QWidget>& lastUsed() {
  static QPointer<QWidget> view;
  return view;
}

// Carries a view's spec and notes when it is used, so File > Export… takes the plot last touched.
class ExportHook : public QObject {
 public:
  ExportHook(QWidget* view, ExportSpec spec) : QObject(view), view_(view), spec_(std::move(spec)) {
    view->installEventFilter(this);
    // A scroll area (the image views) takes its clicks in its viewport.
    if (auto* area = qobject_cast<QAbstractScrollArea*>(view)) area->viewport()->installEventFilter(this);
  }
  const ExportSpec& spec() const { return spec_; }

 protected:
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::MouseButtonPress || event->type() == QEvent::FocusIn) lastUsed() = view_;
    return false;
  }

 private:
  QWidget* view_;
  ExportSpec spec_;
};

bool onScreen(const QWidget* view) { return view->isVisible() && view->width() > 0 && view->height() > 0; }

}  // namespace

void makeExportable(QWidget* view, ExportSpec spec) {
  new ExportHook(view, std::move(spec));
  view->setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(view, &QWidget::customContextMenuRequested, view, [view](const QPoint& at) {
    QMenu menu(view);
    menu.addAction(QObject::tr("Export…"), view, [view] { ExportDialog::open(view); });
    menu.exec(view->mapToGlobal(at));
  });
}

const ExportSpec* exportSpecOf(const QWidget* view) {
  if (!view) return nullptr;
  for (const QObject* child : view->children())
    if (const auto* hook = dynamic_cast<const ExportHook*>(child)) return &hook->spec();
  return nullptr;
}

QWidget* exportableIn(QWidget* root) {
  QWidget* largest = nullptr;
  for (QWidget* view : root->findChildren<QWidget*>()) {
    if (!exportSpecOf(view) || !onScreen(view)) continue;
    if (QWidget* focused = QApplication::focusWidget(); view == focused || view->isAncestorOf(focused)) return view;
    if (!largest || view->width() * view->height() > largest->width() * largest->height()) largest = view;
  }
  QWidget* last = lastUsed();
  if (last && onScreen(last) && root->isAncestorOf(last)) return last;
  return largest;
}

QList<QPair<QString, QString>> exportFormats() {
  return {{QStringLiteral("png"), QObject::tr("PNG image")},
          {QStringLiteral("svg"), QObject::tr("SVG drawing")},
          {QStringLiteral("pdf"), QObject::tr("PDF document")},
          {QStringLiteral("csv"), QObject::tr("CSV data")},
          {QStringLiteral("npy"), QObject::tr("NumPy array")}};
}

ViewData dataOf(QWidget* view) {
  const ExportSpec* spec = exportSpecOf(view);
  if (spec && spec->data) return spec->data();
  if (auto* plot = qobject_cast<QCustomPlot*>(view)) return plotData(plot);
  return {};
}

QString exportView(QWidget* view, const QString& path, const PictureOptions& options, const QString& title) {
  const ExportSpec* spec = exportSpecOf(view);
  lastUsed() = view;
  const QString suffix = QFileInfo(path).suffix().toLower();
  const QString named = title.isEmpty() && spec ? spec->title : title;
  const ExportMetadata metadata = metadataFor(view, named);
  if (suffix == QLatin1String("csv")) return writeCsv(dataOf(view), metadata, path);
  if (suffix == QLatin1String("npy")) return writeNpyFile(dataOf(view), path);
  return exportPicture(view, spec ? spec->draw : ViewDrawer(), path, options, metadata);
}

}  // namespace fftscope::gui
