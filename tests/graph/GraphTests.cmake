# The flow graph of a plan (core/graph) and stepping a plan pass by pass on the device.
add_executable(graph_tests
  graph/AnnotationsTest.cpp
  graph/FlowGraphJsonTest.cpp
  graph/GraphEvaluationTest.cpp
  graph/MemoryAccessViewTest.cpp
  graph/PassStepperTest.cpp
  graph/StockhamGraphTest.cpp
)
target_include_directories(graph_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/engine)
target_link_libraries(graph_tests PRIVATE fftscope_graph GTest::gtest_main)
fftscope_discover_tests(graph_tests LABELS gpu)
