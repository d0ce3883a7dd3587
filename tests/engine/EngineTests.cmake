# Engine tests: the planner as data, every variant against FFTW, transposes, error messages.
add_executable(engine_tests
  engine/EngineAccuracyTest.cpp
  engine/EngineErrorsTest.cpp
  engine/PassPlanLimitsTest.cpp
  engine/PassPlanGroupOrderTest.cpp
  engine/PassPlanTest.cpp
  engine/AnySizeTest.cpp
  engine/EveryLengthTest.cpp
  engine/StagePlannerTest.cpp
  engine/TransposeTest.cpp
  engine/PeerFftTest.cpp
  engine/RealPeerTest.cpp
  engine/RealTransformTest.cpp
  engine/GroupedPassTest.cpp
  engine/ShortRowTest.cpp
  engine/CompositeRadixTest.cpp
  engine/RegisterPassTest.cpp
  engine/RegisterValuesTest.cpp
  engine/OddRegisterPassTest.cpp
  engine/ExchangeLayoutTest.cpp
  engine/WideRadixTest.cpp
  engine/BluesteinFusedTest.cpp
  engine/RaderTest.cpp
  engine/SplitBluesteinTest.cpp
  engine/CacheChunkTest.cpp
  engine/PlanCandidatesTest.cpp
  engine/WisdomTest.cpp
)
target_link_libraries(engine_tests PRIVATE fftscope_engine GTest::gtest_main)
# The accuracy sweeps against FFTW are the slow part.
fftscope_discover_tests(engine_tests LABELS gpu SLOW "^Engine/" "^Lengths[0-9]/" "^AnySize/" "^OneD/RealTransform")

# Compiled programs kept on disk: the file's form, the folder's bound, and on the device a second
# context that builds nothing from source.
add_executable(program_cache_tests engine/ProgramCacheTest.cpp io/ScratchFolder.cpp)
target_link_libraries(program_cache_tests PRIVATE fftscope_engine GTest::gtest_main)
fftscope_discover_tests(program_cache_tests LABELS gpu)

# A DeviceContext on an outside context and queue (the Python package's PyOpenCL arrays).
add_executable(outside_queue_tests engine/OutsideQueueTest.cpp)
target_link_libraries(outside_queue_tests PRIVATE fftscope_engine GTest::gtest_main)
fftscope_discover_tests(outside_queue_tests LABELS gpu)

# What every pass of a broad set of plans builds and launches, as hashes against the recorded
# ones: a change that should leave plans alone leaves these alone (PlanSignatures.cpp).
add_executable(plan_signatures engine/PlanSignatures.cpp engine/PlanSignatureCases.cpp)
target_link_libraries(plan_signatures PRIVATE fftscope_engine)
add_test(NAME plan_signatures COMMAND plan_signatures --check ${CMAKE_CURRENT_SOURCE_DIR}/data/plan_signatures.txt)
set_tests_properties(plan_signatures PROPERTIES LABELS planning)
