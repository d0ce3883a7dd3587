// Numbers typed into the Image workspace's filter panel: notches as coordinates (undoable) and a
// cutoff as a period in pixels.
#include "ImageViewsTest.h"

void ImageViewsTest::notchesAreTypedAsNumbersAndUndo() {
  MaskEditor* editor = workspace_->maskEditor();
  editor->clearAll();
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
  const int before = workspace_->undoStack()->index();
  // Add, then type the frequency of the stripe at (80, 48) / 512 and a radius.
  auto* add = workspace_->filterPanel()->findChild<QPushButton*>(QStringLiteral("addNotch"));
  QVERIFY(add);
  QTest::mouseClick(add, Qt::LeftButton);
  QCOMPARE(editor->spec().notches.size(), std::size_t(1));
  NotchTable* table = workspace_->filterPanel()->notchTable();
  QCOMPARE(table->rowCount(), 1);
  table->typeValue(0, NotchTable::Fx, 80.0 / 512);
  table->typeValue(0, NotchTable::Fy, 48.0 / 512);
  table->typeValue(0, NotchTable::Radius, 0.006);
  QCOMPARE(editor->spec().notches[0].fx, 80.0 / 512);
  QCOMPARE(editor->spec().notches[0].fy, 48.0 / 512);
  QCOMPARE(editor->spec().notches[0].radius, 0.006);
  QCOMPARE(table->item(0, NotchTable::Fx)->data(Qt::EditRole).toDouble(), 80.0 / 512);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const imaging::Mask mask = workspace_->lastOutcome()->mask();
  QVERIFY(mask.values[std::size_t(48) * 512 + 80] < 0.01f);  // the typed notch is in the mask
  QVERIFY(mask.values[std::size_t(512 - 48) * 512 + (512 - 80)] < 0.01f);
  // Undo goes back through the edits to no notch at all.
  while (workspace_->undoStack()->index() > before) workspace_->undoStack()->undo();
  QVERIFY(editor->spec().notches.empty());
  QCOMPARE(table->rowCount(), 0);
  workspace_->undoStack()->redo();
  QCOMPARE(table->rowCount(), 1);
  editor->clearAll();
}

void ImageViewsTest::aCutoffIsTypedAsAPeriod() {
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  workspace_->filterPanel()->editBaseFilter(base);
  workspace_->filterPanel()->cutoffControl()->setPeriod(20.0);  // pixels
  QCOMPARE(workspace_->maskEditor()->spec().base.cutoff, 0.05);
  QCOMPARE(workspace_->filterPanel()->cutoffControl()->value(), 0.05);
  workspace_->filterPanel()->cutoffControl()->setValue(0.125);
  QCOMPARE(workspace_->filterPanel()->cutoffControl()->findChild<QDoubleSpinBox*>(QStringLiteral("period"))->value(), 8.0);
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
}
