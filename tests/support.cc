// Shared helpers for the tests: see support.h.
