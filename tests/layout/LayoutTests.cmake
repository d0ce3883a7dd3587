# The layout, read from the #include lines: the engine's folders without a cycle, no Qt in core/, no
# OpenCV in the engine; and the check itself against planted trees, so that it can fail.
add_test(NAME layout COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/layout/check_layout.py ${PROJECT_SOURCE_DIR})
add_test(NAME layout_checker COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/layout/check_layout.py --self-test)
