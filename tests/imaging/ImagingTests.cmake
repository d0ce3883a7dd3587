# The imaging library: reading and writing images, padding, masks, auto notch, display.
find_package(OpenCV REQUIRED COMPONENTS core imgcodecs)
add_executable(imaging_tests
  imaging/AutoNotchTest.cpp
  imaging/BandRejectTest.cpp
  imaging/BatchFilterTest.cpp
  imaging/ChannelModeTest.cpp
  imaging/ColourMapTest.cpp
  imaging/DeviceImageFilterTest.cpp
  imaging/DeviceOutputTest.cpp
  imaging/DisplayRangeTest.cpp
  imaging/GaussianReferenceTest.cpp
  imaging/HostileHeaderTest.cpp
  imaging/ImageReaderTest.cpp
  imaging/ImageWriterTest.cpp
  imaging/MaskExtremesTest.cpp
  imaging/MaskTest.cpp
  imaging/OutputRangeTest.cpp
  imaging/PaddingTest.cpp
  imaging/PeakSnapTest.cpp
  imaging/SampleImageTest.cpp
  imaging/SpectrumDisplayTest.cpp
  imaging/SpectrumMagnitudesTest.cpp
  imaging/SpectrumProfilesTest.cpp
  imaging/RegionSpectrumTest.cpp
  imaging/TestFiles.cpp
)
target_link_libraries(imaging_tests PRIVATE fftscope_imaging GTest::gtest_main ${OpenCV_LIBS})
target_include_directories(imaging_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine)
target_compile_definitions(imaging_tests PRIVATE FFTSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
fftscope_discover_tests(imaging_tests LABELS gpu)

# Masks made on the device against the host's: the host mask's sources alone, no OpenCV, so that
# the test travels to the GPU machine beside fftscope-cli (packed with it: bash .gpu/run.sh device_mask_tests).
add_executable(device_mask_tests imaging/DeviceMaskTest.cpp ${PROJECT_SOURCE_DIR}/core/imaging/Mask.cpp)
target_link_libraries(device_mask_tests PRIVATE fftscope_device_filtering fftscope_filter_formulas GTest::gtest_main)
target_include_directories(device_mask_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine)
fftscope_discover_tests(device_mask_tests LABELS gpu)

# The device's spectral filter and centred display against FFTW: device filtering alone, no OpenCV.
add_executable(device_spectral_filter_tests imaging/DeviceSpectralFilterTest.cpp imaging/OverlappedUploadTest.cpp)
target_link_libraries(device_spectral_filter_tests PRIVATE fftscope_device_filtering GTest::gtest_main)
target_include_directories(device_spectral_filter_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine)
fftscope_discover_tests(device_spectral_filter_tests LABELS gpu)

# Video frames filtered on the device in batches against the host filter: no OpenCV.
add_executable(device_frame_batch_tests imaging/DeviceFrameBatchTest.cpp imaging/FramePlanesTest.cpp)
target_link_libraries(device_frame_batch_tests PRIVATE fftscope_device_filtering fftscope_imaging_host GTest::gtest_main)
target_include_directories(device_frame_batch_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine)
fftscope_discover_tests(device_frame_batch_tests LABELS gpu)

# The OpenCL imaging backend.
if(TARGET fftscope_imaging_opencl)
  add_executable(imaging_opencl_tests imaging/OpenClFftBackendTest.cpp)
  target_link_libraries(imaging_opencl_tests PRIVATE fftscope_imaging_opencl GTest::gtest_main)
  fftscope_discover_tests(imaging_opencl_tests LABELS gpu)
endif()
