# Writes a program's man page from its --help and --version with help2man, gzipped as Debian
# keeps them. For a program with subcommands, each one's --help becomes a section of its own.
#   cmake -DPROGRAM=path -DNAME=text -DOUTPUT=prog.1.gz -DSEE_ALSO=other [-DCOMMANDS=a|b|c] -P ManPage.cmake
get_filename_component(program_name "${PROGRAM}" NAME)
get_filename_component(work "${OUTPUT}" DIRECTORY)
set(include_file "${work}/${program_name}.h2m")
set(text "[SEE ALSO]\n.BR ${SEE_ALSO} (1)\n")
if(COMMANDS)
  string(REPLACE "|" ";" commands "${COMMANDS}")
  string(APPEND text "[COMMANDS]\n")
  foreach(command IN LISTS commands)
    execute_process(COMMAND "${PROGRAM}" ${command} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "${program_name} ${command} --help failed (${rc})")
    endif()
    # Preformatted roff: backslashes escaped, a line's leading dot or quote made literal.
    string(REPLACE "\\" "\\e" help "${help}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
    string(APPEND text ".SS \"${command}\"\n.nf\n${help}.fi\n")
  endforeach()
endif()
file(WRITE "${include_file}" "${text}")

find_program(HELP2MAN help2man REQUIRED)
find_program(GZIP gzip REQUIRED)
set(page "${work}/${program_name}.1")
execute_process(COMMAND "${HELP2MAN}" --no-info --section=1 --manual "User Commands" --source FFTScope
                        "--name=${NAME}" "--include=${include_file}" "--output=${page}" "${PROGRAM}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed for ${program_name} (${rc})")
endif()
# -n leaves the name and time out of the archive, so the same page gives the same bytes.
execute_process(COMMAND "${GZIP}" -9n -c "${page}" OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed for ${page}")
endif()
