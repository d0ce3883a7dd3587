# The atomic writer and the .npy files, alone: fftscope_io links nothing of the engine.
add_executable(io_tests
  io/ForkedChild.cpp
  io/NpyPartsTest.cpp
  io/NpyWriteTest.cpp
  io/ScratchFolder.cpp
  io/StagedFileTest.cpp
  io/StagedFilesTest.cpp
)
target_link_libraries(io_tests PRIVATE fftscope_io GTest::gtest_main)
fftscope_discover_tests(io_tests)
