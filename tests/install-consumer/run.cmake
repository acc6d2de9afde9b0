# ctest's library_install_consumer: `cmake --install` of the build into a fresh prefix, the example
# program configured and built against it with find_package(sitemaplint), run on the README's
# example sitemap, and its output checked against the command line's.
# Usage: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DGENERATOR=... -P run.cmake
set(work ${BUILD_DIR}/install-consumer-test)
file(REMOVE_RECURSE ${work})
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL 0)
    message(FATAL_ERROR "${ARGN} failed (${code}):\n${out}\n${err}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${work}/prefix)
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/tests/install-consumer -B ${work}/build -G ${GENERATOR}
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${work}/prefix)
run(${CMAKE_COMMAND} --build ${work}/build)
execute_process(COMMAND ${work}/build/lint_example ${SOURCE_DIR}/testdata/example/sitemap.xml
                RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
execute_process(COMMAND ${BUILD_DIR}/sitemaplint --no-config --profile google --now 2026-01-01 --format gcc
                        ${SOURCE_DIR}/testdata/example/sitemap.xml
                OUTPUT_VARIABLE cli)
# The same findings as the command line's (--format gcc: "file:line:col: severity: message [CODE
# name]", where "info" is gcc's "note"), then the summary.
string(REPLACE ": note: " ": info: " cli "${cli}")
string(FIND "${out}" "${cli}" at)
if(NOT at EQUAL 0 OR cli STREQUAL "")
  message(FATAL_ERROR "the example's findings differ from the command line's:\n${out}\n${err}\n--- the command line's:\n${cli}")
endif()
string(LENGTH "${cli}" cli_length)
string(SUBSTRING "${out}" ${cli_length} -1 summary)
if(NOT summary MATCHES "^0 errors, 0 warnings, [1-9][0-9]* infos\n$" OR NOT code EQUAL 0)
  message(FATAL_ERROR "unexpected summary '${summary}' or exit code ${code}:\n${out}\n${err}")
endif()
message("${out}")
