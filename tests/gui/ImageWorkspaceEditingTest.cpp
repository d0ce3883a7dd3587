// Editing in the Image workspace: mask edits undo and redo, newer requests supersede older ones,
// the mouse reads the spectrum, places notches and paints, and auto notch leaves notched peaks alone
// with a notice beside the views, not over them.
#include "ImageWorkspaceTest.h"

void ImageWorkspaceTest::maskEditsUndoAndRedo() {
  MaskEditor* editor = workspace_->maskEditor();
  QUndoStack* stack = workspace_->undoStack();
  editor->clearAll();
  const int base = stack->index();
  workspace_->placeNotch(80.0 / 512, 48.0 / 512);
  QCOMPARE(editor->spec().notches.size(), std::size_t(1));
  // Selecting the notch in the list and changing the radius edits it: one undo step.
  auto* list = workspace_->filterPanel()->findChild<QTableWidget*>(QStringLiteral("notchList"));
  auto* radius = workspace_->filterPanel()->findChild<QDoubleSpinBox*>(QStringLiteral("notchRadius"));
  QVERIFY(list && radius);
  list->setCurrentCell(0, 0);
  const double placed = editor->spec().notches[0].radius;
  radius->setValue(placed + 0.004);
  radius->setValue(placed + 0.008);
  QCOMPARE(editor->spec().notches[0].radius, placed + 0.008);
  stack->undo();
  QCOMPARE(editor->spec().notches[0].radius, placed);
  stack->redo();
  stack->undo();
  editor->beginStroke();
  for (int i = 0; i < 5; ++i) editor->addStrokeDisc({0.2 + 0.01 * i, 0.1, 0.01, imaging::StrokeAction::Remove});
  editor->endStroke();
  editor->beginStroke();
  editor->addStrokeDisc({0.2, 0.1, 0.005, imaging::StrokeAction::Keep});
  editor->endStroke();
  QCOMPARE(editor->spec().strokes.size(), std::size_t(6));
  QCOMPARE(stack->index(), base + 3);  // notch, one stroke, one eraser stroke

  stack->undo();
  QCOMPARE(editor->spec().strokes.size(), std::size_t(5));
  stack->undo();
  QCOMPARE(editor->spec().strokes.size(), std::size_t(0));
  stack->undo();
  QCOMPARE(editor->spec().notches.size(), std::size_t(0));
  stack->redo();
  stack->redo();
  QCOMPARE(editor->spec().notches.size(), std::size_t(1));
  QCOMPARE(editor->spec().strokes.size(), std::size_t(5));
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  // The painted discs removed what they cover: the mask is 0 at the first disc's centre.
  const imaging::Mask mask = workspace_->lastOutcome()->mask();
  const int kx = int(std::lround(0.2 * mask.cols)), ky = int(std::lround(0.1 * mask.rows));
  QCOMPARE(mask.values[std::size_t(ky) * mask.cols + kx], 0.0f);
}

void ImageWorkspaceTest::newerRequestsSupersedeOlderOnes() {
  QSignalSpy results(workspace_.get(), &ImageWorkspace::resultShown);
  imaging::BaseFilter base;
  base.kind = imaging::FilterKind::LowPass;
  base.shape = imaging::FilterShape::Butterworth;
  base.order = 3;
  constexpr int kEdits = 40;
  for (int i = 0; i < kEdits; ++i) {
    base.cutoff = 0.02 + 0.005 * i;
    workspace_->filterPanel()->editBaseFilter(base);  // a slider being dragged
  }
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  QCOMPARE(workspace_->lastOutcome()->spec.base.cutoff, base.cutoff);
  qInfo("%d edits, %lld results shown", kEdits, qlonglong(results.count()));
  QVERIFY(results.count() < kEdits / 2);
  // One merged undo step for the whole drag, not one per position.
  workspace_->undoStack()->undo();
  QVERIFY(workspace_->maskEditor()->spec().base.cutoff != 0.02 + 0.005 * (kEdits - 2));
  workspace_->undoStack()->redo();
  QCOMPARE(workspace_->maskEditor()->spec().base.cutoff, base.cutoff);
}

void ImageWorkspaceTest::theMouseReadsPlacesNotchesAndPaints() {
  workspace_->filterPanel()->editBaseFilter(imaging::BaseFilter{});
  workspace_->fitToWindow();
  SpectrumView* view = workspace_->spectrumView();
  QWidget* viewport = view->viewport();
  // The centre of displayed bin (x, y) on the screen; DC is at (256, 256) in a 512 spectrum.
  auto at = [view](double x, double y) { return view->mapFromScene(QPointF(x + 0.5, y + 0.5)); };

  // Zoomed in about the stripe's peak, so that one bin spans several screen pixels.
  QTest::qWait(100);  // layouts settle (the previous test switched the views around)
  view->setViewState(ViewState{4.0, QPointF(336.0 / 512, 304.0 / 512)});
  QTest::qWait(50);

  // The readout under the pointer: the stripe at bin (80, 48), period 512 / sqrt(80^2 + 48^2).
  QTest::mouseMove(viewport, at(256 + 80, 256 + 48));
  QTRY_VERIFY2(workspace_->readoutText().contains(QStringLiteral("fx 0.156")) &&
                   workspace_->readoutText().contains(QStringLiteral("fy 0.0938")),
               qPrintable(workspace_->readoutText()));
  QVERIFY2(workspace_->readoutText().contains(QStringLiteral("period 5.49 px")), qPrintable(workspace_->readoutText()));

  // A click near the peak, with the notch tool, notches the peak itself (and its twin).
  workspace_->setTool(SpectrumTool::Notch);
  QTest::mouseClick(viewport, Qt::LeftButton, {}, at(256 + 81, 256 + 47));
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), std::size_t(1));
  QCOMPARE(workspace_->maskEditor()->spec().notches[0].fx, 80.0 / 512);
  QCOMPARE(workspace_->maskEditor()->spec().notches[0].fy, 48.0 / 512);
  QTRY_VERIFY_WITH_TIMEOUT(workspace_->isFilterCurrent(), kWait);
  const imaging::Mask mask = workspace_->lastOutcome()->mask();
  QVERIFY(mask.values[std::size_t(48) * 512 + 80] < 0.01f);
  QVERIFY(mask.values[std::size_t(512 - 48) * 512 + (512 - 80)] < 0.01f);  // the twin

  // The brush paints a stroke (one undo step) and the eraser paints back.
  workspace_->setTool(SpectrumTool::Brush);
  QTest::mousePress(viewport, Qt::LeftButton, {}, at(330, 300));
  for (int i = 1; i <= 10; ++i) QTest::mouseMove(viewport, at(330 + i, 300));
  QTest::mouseRelease(viewport, Qt::LeftButton, {}, at(340, 300));
  const std::size_t painted = workspace_->maskEditor()->spec().strokes.size();
  QVERIFY(painted >= 2);
  workspace_->setTool(SpectrumTool::Eraser);
  QTest::mouseClick(viewport, Qt::LeftButton, {}, at(335, 300));
  QCOMPARE(workspace_->maskEditor()->spec().strokes.back().action, imaging::StrokeAction::Keep);
  workspace_->undoStack()->undo();
  QCOMPARE(workspace_->maskEditor()->spec().strokes.size(), painted);
  workspace_->undoStack()->undo();
  QVERIFY(workspace_->maskEditor()->spec().strokes.empty());
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), std::size_t(1));
  workspace_->setTool(SpectrumTool::Notch);
  workspace_->fitToWindow();
}

void ImageWorkspaceTest::autoNotchTwiceKeepsOneNotchAPeakAndItsNoticeCoversNoView() {
  openAndWait(std::make_shared<imaging::Image>(stripedImage(256, 256, 40, -24, 20.0, nullptr)), QStringLiteral("striped"));
  workspace_->maskEditor()->clearAll();
  QSignalSpy added(workspace_.get(), &ImageWorkspace::notchesAdded);
  workspace_->requestAutoNotch();
  QVERIFY(added.wait(kWait));
  const std::size_t placed = workspace_->maskEditor()->spec().notches.size();
  QVERIFY(placed >= 1);
  // The notice lies beside the three views, none of them hidden under it.
  auto* notice = workspace_->findChild<MessageBar*>();
  QVERIFY(notice && notice->isVisible());
  QTRY_VERIFY(notice->height() > 0);
  const QRect noticeRect(notice->mapTo(workspace_.get(), QPoint()), notice->size());
  for (QWidget* view : std::initializer_list<QWidget*>{workspace_->originalView(), workspace_->spectrumView(),
                                                       workspace_->filteredView()})
    if (view->isVisible())
      QVERIFY2(!noticeRect.intersects(QRect(view->mapTo(workspace_.get(), QPoint()), view->size())),
               view->metaObject()->className());
  // Asked again, it finds the same peaks notched and adds nothing.
  workspace_->requestAutoNotch();
  QVERIFY(added.wait(kWait));
  QCOMPARE(added.last().first().toInt(), 0);
  QCOMPARE(workspace_->maskEditor()->spec().notches.size(), placed);
  QVERIFY2(workspace_->lastMessage().contains(QStringLiteral("already")), qPrintable(workspace_->lastMessage()));
}
