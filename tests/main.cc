// The Catch2 runner, alone in its file so the test files compile quickly.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
