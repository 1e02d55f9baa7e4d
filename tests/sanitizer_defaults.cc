// The sanitizer build's default options (CARDBOARD_SANITIZE, docs/sanitizers.md),
// compiled into each of its programs (the command, the tests, the benchmarks
// and the fuzz targets), so that a program run by hand reports as it does
// under ctest. ASAN_OPTIONS, UBSAN_OPTIONS and LSAN_OPTIONS still override them.

// A report names file:line and shows the stack; the first one ends the
// process with an error (the build's -fno-sanitize-recover does the same for
// undefined behaviour).
extern "C" __attribute__((visibility("default"))) const char* __asan_default_options() {
  return "detect_leaks=1:check_initialization_order=1:detect_stack_use_after_return=1:strict_string_checks=1";
}

extern "C" __attribute__((visibility("default"))) const char* __ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}
