# The FFTW reference, accuracy measures and .npy files.
add_executable(core_tests
  core/AccuracyTest.cpp
  core/FftwReferenceTest.cpp
  core/NpyTest.cpp
  core/NpyLimitsTest.cpp
)
target_link_libraries(core_tests PRIVATE fftscope_engine GTest::gtest_main)
target_compile_definitions(core_tests PRIVATE FFTSCOPE_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
fftscope_discover_tests(core_tests)
