# fftscope-cli against NumPy, and its answers to bad files.
add_test(NAME cli_plan_graph COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_plan_graph.py
                                      $<TARGET_FILE:fftscope-cli>)
# A CPU device's buffers counted against the host's memory budget before the driver allocates them.
add_test(NAME cli_host_memory COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_host_memory.py
                                      $<TARGET_FILE:fftscope-cli>)
# plan --source and FFTSCOPE_PRINT_KERNELS=1: the programs a plan builds, as `fft` builds them.
add_test(NAME cli_plan_source COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_plan_source.py
                                      $<TARGET_FILE:fftscope-cli>)
add_test(NAME cli_matches_numpy COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_matches_numpy.py
                                        $<TARGET_FILE:fftscope-cli>)
add_test(NAME cli_real_matches_numpy COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_real_matches_numpy.py
                                             $<TARGET_FILE:fftscope-cli>)
add_test(NAME cli_real_peers COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_real_peers.py
                                     $<TARGET_FILE:fftscope-cli>)
# A peer that crashes on PoCL (VkFFT at 2^17) fails its case only; bench --json FILE survives a kill.
add_test(NAME cli_peer_crash COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_peer_crash.py
                                     $<TARGET_FILE:fftscope-cli>)
set_tests_properties(cli_peer_crash PROPERTIES TIMEOUT 600 LABELS gpu)
# The planner: candidates, measure mode, the wisdom file and its bad forms.
add_test(NAME cli_quiet_build COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_quiet_build.py $<TARGET_FILE:fftscope-cli>)
set_tests_properties(cli_quiet_build PROPERTIES LABELS gpu)
add_test(NAME cli_wisdom COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_wisdom.py $<TARGET_FILE:fftscope-cli>)
# bench-video: batches of frames on the device against the host filter, their parts timed apart.
add_test(NAME cli_bench_video COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_bench_video.py $<TARGET_FILE:fftscope-cli>)
set_tests_properties(cli_bench_video PROPERTIES LABELS gpu)
# Its answers to bad options and huge files, --help everywhere, and bench's JSON and CSV output.
add_test(NAME cli_options_and_json COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_options_and_json.py
                                           $<TARGET_FILE:fftscope-cli> ${CMAKE_CURRENT_SOURCE_DIR}/data)
# fft --timings: every phase of a start, on the device and with FFTW, adding up to the time in main.
add_test(NAME cli_fft_timings COMMAND /usr/bin/python3 ${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_fft_timings.py
                                      $<TARGET_FILE:fftscope-cli>)
