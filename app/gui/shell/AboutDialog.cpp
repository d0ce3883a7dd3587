#include "shell/AboutDialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

namespace fftscope::gui {

QString AboutDialog::deviceDescription(const EngineInfo& engine, bool engineReady) {
  if (!engineReady) return tr("The engine is starting…");
  if (!engine.openCl) return tr("FFTW on the host. %1").arg(engine.notice.toHtmlEscaped());
  return tr("%1<br>OpenCL platform: %2<br>Driver: %3")
      .arg(engine.deviceName.toHtmlEscaped(), engine.platformName.toHtmlEscaped(), engine.driverVersion.toHtmlEscaped());
}

AboutDialog::AboutDialog(const EngineInfo& engine, bool engineReady, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("About FFTScope"));
  auto* icon = new QLabel;
  icon->setPixmap(QIcon(QStringLiteral(":/icons/fftscope.svg")).pixmap(72, 72));
  icon->setAlignment(Qt::AlignTop);
  auto* text = new QLabel(
      tr("<h2>FFTScope %1</h2>"
         "<p>Filter images in the frequency domain, learn how the FFT's butterflies work and compare FFT kernel "
         "variants, on the project's own OpenCL FFT engine.</p>"
         "<p><b>Device in use</b><br>%2</p>"
         "<p>Built with Qt %3, OpenCV and FFTW.</p>")
          .arg(QCoreApplication::applicationVersion(), deviceDescription(engine, engineReady),
               QString::fromLatin1(qVersion())));
  text->setObjectName(QStringLiteral("aboutText"));
  text->setWordWrap(true);
  text->setTextInteractionFlags(Qt::TextSelectableByMouse);
  text->setMinimumWidth(420);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* row = new QHBoxLayout;
  row->addWidget(icon);
  row->addWidget(text, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(row);
  layout->addWidget(buttons);
}

}  // namespace fftscope::gui
