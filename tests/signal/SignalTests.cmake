# Signal workspace: the core library (FFTW) and its OpenCL spectrogram.
add_executable(signal_tests
  signal/AudioIoTest.cpp
  signal/BandDesignTest.cpp
  signal/BadInputTest.cpp
  signal/FilterTest.cpp
  signal/GeneratorsTest.cpp
  signal/HostileSignalTest.cpp
  signal/LiveMetersTest.cpp
  signal/OctaveBandsTest.cpp
  signal/PeakDownsampleTest.cpp
  signal/PeakProminenceTest.cpp
  signal/SpectrogramTest.cpp
  signal/SpectrumTest.cpp
)
target_link_libraries(signal_tests PRIVATE fftscope_signal GTest::gtest_main)
fftscope_discover_tests(signal_tests)
# The spectrogram's chunks spread over sub-devices of the CPU device against one device.
add_executable(signal_spread_tests signal/SpreadSpectrogramTest.cpp engine/multi/SubDeviceContexts.cpp)
target_include_directories(signal_spread_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine/multi)
target_link_libraries(signal_spread_tests PRIVATE fftscope_signal GTest::gtest_main)
fftscope_discover_tests(signal_spread_tests LABELS gpu)
# A sweep's shapes spread over sub-devices of the CPU device against one device.
add_executable(sweep_spread_tests bench/SweepSpreadTest.cpp engine/multi/SubDeviceContexts.cpp)
target_include_directories(sweep_spread_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine/multi)
target_link_libraries(sweep_spread_tests PRIVATE fftscope_bench GTest::gtest_main)
fftscope_discover_tests(sweep_spread_tests LABELS gpu)
add_executable(signal_opencl_tests signal/OpenClSpectrogramTest.cpp)
target_link_libraries(signal_opencl_tests PRIVATE fftscope_signal GTest::gtest_main)
fftscope_discover_tests(signal_opencl_tests LABELS gpu)

# Spectrogram of an hour of stereo with FFTW and OpenCL: times and peak memory (not a test; no Qt,
# no OpenCV, so that it can be carried to a GPU machine).
find_package(CLI11 CONFIG REQUIRED)
add_executable(fftscope-signal-bench signal/SignalBench.cpp)
target_link_libraries(fftscope-signal-bench PRIVATE fftscope_signal CLI11::CLI11)
if(TARGET fftscope)
  add_test(NAME signal_commands
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/signal/signal_commands.py $<TARGET_FILE:fftscope>)
  # The hostile signal inputs and options of docs/reliability.md, each refused or read as it should be.
  add_test(NAME signal_bad_inputs
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/signal/signal_bad_inputs.py $<TARGET_FILE:fftscope>)
  # Butterworth band-stop and band-pass levels against SciPy's butter (python3-scipy).
  add_test(NAME signal_band_filters
           COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/signal/signal_band_filters.py $<TARGET_FILE:fftscope>)
  set_tests_properties(signal_band_filters PROPERTIES TIMEOUT 600)
  # Every command's output through the one writer: device nodes, the input itself, limits, full disks.
  add_test(NAME output_paths COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/io/output_paths.py
                                     $<TARGET_FILE:fftscope> $<TARGET_FILE:fftscope-cli>)
  set_tests_properties(output_paths PROPERTIES LABELS gpu TIMEOUT 600)
endif()
