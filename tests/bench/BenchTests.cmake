# The benchmark library: statistics, sweep descriptions, result files, and a small sweep on the device.
find_package(nlohmann_json 3 REQUIRED CONFIG)
add_executable(bench_tests
  bench/PeerIsolationTest.cpp
  bench/PlanMeasureTest.cpp
  bench/ResultFilesTest.cpp
  bench/ResultRangesTest.cpp
  bench/ShardTest.cpp
  bench/StatisticsTest.cpp
  bench/SweepRunnerTest.cpp
  bench/SweepSpecTest.cpp
)
target_link_libraries(bench_tests PRIVATE fftscope_bench nlohmann_json::nlohmann_json GTest::gtest_main)
# Peer cases run in fftscope-cli's hidden peer-case command.
target_compile_definitions(bench_tests PRIVATE FFTSCOPE_CLI_PROGRAM="$<TARGET_FILE:fftscope-cli>")
add_dependencies(bench_tests fftscope-cli)
fftscope_discover_tests(bench_tests LABELS gpu)
