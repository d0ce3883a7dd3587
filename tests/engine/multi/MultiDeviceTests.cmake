# Transforms split over several devices (sub-devices of the CPU device here) against FFTW, the
# splits' cost model and `auto`'s choice, and the device list.
add_executable(huge_split_tests
  engine/multi/BatchSplitTest.cpp
  engine/multi/DeviceRelayTest.cpp
  engine/multi/DeviceSetTest.cpp
  engine/multi/HugeSplitCostTest.cpp
  engine/multi/HostThreadPoolTest.cpp
  engine/multi/HugeSplitTest.cpp
  engine/multi/SplitChoiceTest.cpp
  engine/multi/StagedDownloadTest.cpp
  engine/multi/SpreadItemsTest.cpp
  engine/multi/SubDeviceContexts.cpp
  engine/multi/ToneSignalTest.cpp
)
target_link_libraries(huge_split_tests PRIVATE fftscope_engine GTest::gtest_main)
fftscope_discover_tests(huge_split_tests LABELS gpu)
add_test(NAME cli_split_bench COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_split_bench.py $<TARGET_FILE:fftscope-cli>)
# Images spread over 2 and 3 sub-devices by file and by colour plane, checked against FFTW.
add_test(NAME cli_images_bench COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_images_bench.py $<TARGET_FILE:fftscope-cli>)
set_tests_properties(cli_split_bench cli_images_bench PROPERTIES LABELS gpu)
