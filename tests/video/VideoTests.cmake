# Video files through the image filter, against the file mode's result per frame.
if(TARGET fftscope_video)
  find_package(OpenCV REQUIRED COMPONENTS core videoio)
  add_executable(video_tests video/VideoFilterTest.cpp video/FrameSamplesTest.cpp video/EncoderTest.cpp video/DecoderTest.cpp video/ConversionPoolTest.cpp
                             video/VideoTestSupport.cpp
                             io/ScratchFolder.cpp)
  target_link_libraries(video_tests PRIVATE fftscope_video ${OpenCV_LIBS} GTest::gtest_main)
  target_include_directories(video_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine)
  fftscope_discover_tests(video_tests)
  if(TARGET fftscope)
    # The command itself, against the image command on the same frames (the default device).
    add_executable(video_command_tests video/VideoCommandTest.cpp video/VideoTestSupport.cpp io/ScratchFolder.cpp)
    target_link_libraries(video_command_tests PRIVATE fftscope_video ${OpenCV_LIBS} GTest::gtest_main)
    target_compile_definitions(video_command_tests PRIVATE FFTSCOPE_GUI_PROGRAM="$<TARGET_FILE:fftscope>")
    add_dependencies(video_command_tests fftscope)
    fftscope_discover_tests(video_command_tests LABELS gpu TIMEOUT 300)
  endif()
  if(TARGET fftscope_gui)
    # File > Filter Video…'s dialog, on the default device.
    add_executable(gui_VideoFilterDialogTest gui/VideoFilterDialogTest.cpp video/VideoTestSupport.cpp io/ScratchFolder.cpp)
    set_target_properties(gui_VideoFilterDialogTest PROPERTIES AUTOMOC ON)
    target_link_libraries(gui_VideoFilterDialogTest PRIVATE fftscope_gui ${OpenCV_LIBS} Qt6::Test GTest::gtest)
    fftscope_discover_tests(gui_VideoFilterDialogTest QTEST LABELS gui gpu ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300)
    # Pictures of live video from the camera's path and of Filter Video…: not a test.
    add_executable(fftscope-video-screenshots gui/VideoScreenshots.cpp gui/CameraFeed.cpp video/VideoTestSupport.cpp)
    target_link_libraries(fftscope-video-screenshots PRIVATE fftscope_gui ${OpenCV_LIBS} GTest::gtest)
    # Live video from a file in the window.
    add_executable(gui_LiveVideoTest gui/LiveVideoTest.cpp gui/CameraFeed.cpp gui/GuiTestSupport.cpp video/VideoTestSupport.cpp io/ScratchFolder.cpp)
    set_target_properties(gui_LiveVideoTest PROPERTIES AUTOMOC ON)
    target_link_libraries(gui_LiveVideoTest PRIVATE fftscope_gui ${OpenCV_LIBS} Qt6::Test GTest::gtest PkgConfig::FFTW3)
    fftscope_discover_tests(gui_LiveVideoTest QTEST LABELS gui gpu ENVIRONMENT "QT_QPA_PLATFORM=offscreen" TIMEOUT 300)
  endif()
endif()
