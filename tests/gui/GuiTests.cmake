# The fftscope GUI (QtTest, offscreen) and its headless commands.
if(TARGET fftscope_gui)
  find_package(Qt6 REQUIRED COMPONENTS Test)
  set(gui_test_environment "QT_QPA_PLATFORM=offscreen")
  foreach(name ImageWorkspaceTest ImageViewsTest ImageOutputTest MainWindowTest OpenCancelTest EngineServiceTest PerformanceWorkspaceTest
                LargeResultsTest ExportWritesTest
                ButterflyWorkspaceTest SignalWorkspaceTest SignalFilterPlotTest InputFieldsTest LaptopScreenTest
                SpectrumPeaksTest SpectrumPlotTest SweepChartsTest ShortcutsTest SessionTest DevicesTest
                ViewExportTest PreferencesTest AnimationExportTest RequestTimingTest)
    add_executable(gui_${name} gui/${name}.cpp gui/GuiTestSupport.cpp)
    set_target_properties(gui_${name} PROPERTIES AUTOMOC ON)
    target_link_libraries(gui_${name} PRIVATE fftscope_gui Qt6::Test PkgConfig::FFTW3)
    fftscope_discover_tests(gui_${name} QTEST LABELS gui gpu ENVIRONMENT "${gui_test_environment}" TIMEOUT 300)
  endforeach()
  # The Image workspace's model with no window, on an engine that computes with FFTW: no device needed.
  add_executable(gui_ImageDocumentTest gui/ImageDocumentTest.cpp gui/GuiTestSupport.cpp)
  set_target_properties(gui_ImageDocumentTest PROPERTIES AUTOMOC ON)
  target_link_libraries(gui_ImageDocumentTest PRIVATE fftscope_gui Qt6::Test PkgConfig::FFTW3)
  fftscope_discover_tests(gui_ImageDocumentTest QTEST LABELS gui ENVIRONMENT "${gui_test_environment}" TIMEOUT 180)
  # The request channel on an engine that computes with FFTW: no device needed.
  add_executable(gui_RequestChannelTest gui/RequestChannelTest.cpp)
  set_target_properties(gui_RequestChannelTest PROPERTIES AUTOMOC ON)
  target_link_libraries(gui_RequestChannelTest PRIVATE fftscope_gui Qt6::Test)
  fftscope_discover_tests(gui_RequestChannelTest QTEST LABELS gui ENVIRONMENT "${gui_test_environment}" TIMEOUT 120)
  add_executable(fftscope-session-screenshots gui/SessionScreenshots.cpp)
  target_link_libraries(fftscope-session-screenshots PRIVATE fftscope_gui)
  add_executable(fftscope-export-screenshots gui/ExportScreenshots.cpp)
  target_link_libraries(fftscope-export-screenshots PRIVATE fftscope_gui)
  # Crash recovery runs the real program and kills it.
  add_executable(gui_SessionCrashTest gui/SessionCrashTest.cpp)
  set_target_properties(gui_SessionCrashTest PROPERTIES AUTOMOC ON)
  target_link_libraries(gui_SessionCrashTest PRIVATE fftscope_gui Qt6::Test)
  target_compile_definitions(gui_SessionCrashTest PRIVATE FFTSCOPE_GUI_PROGRAM="$<TARGET_FILE:fftscope>")
  add_dependencies(gui_SessionCrashTest fftscope)
  fftscope_discover_tests(gui_SessionCrashTest QTEST LABELS gui ENVIRONMENT "${gui_test_environment}" TIMEOUT 300)
  # The live mode on the generated source (real time, FFTW): no sound card needed. The two
  # minutes (the defaults, and 4096 points at 75%) are labelled slow.
  add_executable(gui_LiveAudioTest gui/LiveAudioTest.cpp)
  set_target_properties(gui_LiveAudioTest PROPERTIES AUTOMOC ON)
  target_link_libraries(gui_LiveAudioTest PRIVATE fftscope_gui Qt6::Test)
  fftscope_discover_tests(gui_LiveAudioTest QTEST LABELS gui ENVIRONMENT "${gui_test_environment}" TIMEOUT 180
                          SLOW "^noBufferDroppedOverSixtySeconds$" "^defaultsDrawAtDisplayRefresh$")
  # Peer cases run in the application's hidden peer-case command.
  target_compile_definitions(gui_PerformanceWorkspaceTest PRIVATE FFTSCOPE_GUI_PROGRAM="$<TARGET_FILE:fftscope>")
  add_dependencies(gui_PerformanceWorkspaceTest fftscope)
  target_link_libraries(gui_ImageOutputTest PRIVATE ${OpenCV_LIBS})  # reads the float TIFF back
  # Fixtures whose tests are split by idea: the class in NAME.h, its tests in these files.
  target_sources(gui_ImageWorkspaceTest PRIVATE gui/ImageWorkspaceEditingTest.cpp gui/ImageWorkspaceShapesTest.cpp)
  target_sources(gui_ImageViewsTest PRIVATE gui/ImageViewsReadingTest.cpp gui/ImageViewsTypedValuesTest.cpp)
  target_sources(gui_SignalWorkspaceTest PRIVATE gui/SignalWorkspaceFilterTest.cpp gui/SignalWorkspaceViewsTest.cpp
                                                 gui/SignalWorkspaceExportTest.cpp gui/SpectrogramDrawingTest.cpp)
  # The same window with no OpenCL platform at all: FFTW computes, and a notice says so.
  file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/no-opencl-vendors)
  fftscope_discover_tests(gui_MainWindowTest QTEST NAME gui_MainWindowTest_without_opencl LABELS gui TIMEOUT 300
                          ENVIRONMENT "${gui_test_environment}" "OCL_ICD_VENDORS=${CMAKE_CURRENT_BINARY_DIR}/no-opencl-vendors")
  # A request served by FFTW: host compute where the device parts would be.
  fftscope_discover_tests(gui_RequestTimingTest QTEST NAME gui_RequestTimingTest_without_opencl LABELS gui TIMEOUT 120
                          ENVIRONMENT "${gui_test_environment}" "OCL_ICD_VENDORS=${CMAKE_CURRENT_BINARY_DIR}/no-opencl-vendors")
  add_test(NAME gui_headless_commands
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/gui/headless_commands.py $<TARGET_FILE:fftscope>
                   ${PROJECT_SOURCE_DIR}/resources/samples/periodic-noise.png)
  # Output ranges against NumPy (python3-numpy, python3-tifffile) and batch filtering.
  add_test(NAME gui_headless_range_and_batch
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/gui/headless_range_and_batch.py $<TARGET_FILE:fftscope>)
  # Files and colour planes spread over 2 and 3 sub-devices against one device.
  add_test(NAME gui_headless_devices
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/gui/headless_devices.py $<TARGET_FILE:fftscope>)
  # The README's pictures, from the real window (not a test).
  add_executable(fftscope-screenshots gui/Screenshots.cpp gui/GuiTestSupport.cpp)
  target_link_libraries(fftscope-screenshots PRIVATE fftscope_gui Qt6::Test PkgConfig::FFTW3)
  # Bad numbers refused with the option named; failed writes leave every existing file whole.
  add_test(NAME gui_headless_bad_inputs
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/gui/headless_bad_inputs.py $<TARGET_FILE:fftscope>
                   ${PROJECT_SOURCE_DIR}/resources/samples/periodic-noise.png)
  # Live filtering round trip on a 1024 x 1024 image (prints numbers for docs/performance-history.md).
  add_executable(fftscope-roundtrip-bench gui/RoundTripBench.cpp gui/GuiTestSupport.cpp)
  set_target_properties(fftscope-roundtrip-bench PROPERTIES AUTOMOC ON)
  target_link_libraries(fftscope-roundtrip-bench PRIVATE fftscope_gui Qt6::Test PkgConfig::FFTW3)
endif()
