# Every compiled test case becomes a ctest test of its own, so that `ctest -N` lists them and
# labels select sets. After each build of a test binary its cases are listed into a file that
# ctest includes: a GoogleTest binary's by --gtest_list_tests, each run by an exact filter; a
# QtTest binary's functions by -functions (QTEST), each run by naming it, so each sets up what it
# needs itself.
#
#   fftscope_discover_tests(TARGET [QTEST] [NAME prefix] [LABELS l...] [SLOW regex...] [ENVIRONMENT v=x...]
#                           [TIMEOUT s] [ARGS a...])
# Cases are named PREFIX:CASE (PREFIX: the target, or NAME where one binary runs twice, say under
# another environment). LABELS go on every case, `slow` also on the cases whose full name matches
# one of SLOW. ENVIRONMENT is also the listing's (a QtTest binary needs its platform to start).
# GoogleTest's own module (gtest_discover_tests) cannot label a subset of a binary's cases in
# CMake 3.25; this can.
function(fftscope_discover_tests target)
  cmake_parse_arguments(arg "QTEST" "TIMEOUT;NAME" "LABELS;SLOW;ENVIRONMENT;ARGS" ${ARGN})
  if(NOT arg_NAME)
    set(arg_NAME ${target})
  endif()
  if(NOT arg_TIMEOUT)
    set(arg_TIMEOUT 900)
  endif()
  set(kind gtest)
  if(arg_QTEST)
    set(kind qtest)
  endif()
  set(cases_file "${CMAKE_CURRENT_BINARY_DIR}/${arg_NAME}_cases.cmake")
  set(include_file "${CMAKE_CURRENT_BINARY_DIR}/${arg_NAME}_include.cmake")
  # Lists travel to the listing script joined by "|", the only separator -D keeps whole.
  string(JOIN "|" labels ${arg_LABELS})
  string(JOIN "|" slow ${arg_SLOW})
  string(JOIN "|" environment ${arg_ENVIRONMENT})
  string(JOIN "|" extra ${arg_ARGS})
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" -D "exe=$<TARGET_FILE:${target}>" -D "target=${arg_NAME}" 
            -D "labels=${labels}" -D "slow=${slow}" -D "environment=${environment}" -D "extra=${extra}"
            -D "timeout=${arg_TIMEOUT}" -D "kind=${kind}" -D "out=${cases_file}"
            -P "${PROJECT_SOURCE_DIR}/cmake/ListTestCases.cmake"
    BYPRODUCTS "${cases_file}"
    VERBATIM)
  file(WRITE "${include_file}"
    "if(EXISTS \"${cases_file}\")\n  include(\"${cases_file}\")\nelse()\n"
    "  add_test(${arg_NAME}_NOT_BUILT ${arg_NAME}_NOT_BUILT)\nendif()\n")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${include_file}")
endfunction()
