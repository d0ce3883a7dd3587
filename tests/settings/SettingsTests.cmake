# The settings: the table, reading them, what they do to the planner's limits, and the table in
# docs/engine.md against `fftscope-cli tuning --json`.
add_executable(settings_tests settings/SettingsTest.cpp settings/LimitsOfSettingsTest.cpp)
target_link_libraries(settings_tests PRIVATE fftscope_settings fftscope_engine GTest::gtest_main)
fftscope_discover_tests(settings_tests)
add_test(NAME settings_docs COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/settings/settings_docs.py
                                    $<TARGET_FILE:fftscope-cli> ${PROJECT_SOURCE_DIR}/docs/engine.md)
