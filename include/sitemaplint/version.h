// The version of sitemaplint's public API (docs/library.md says what it promises).
#pragma once

// Raised when a change can break code written against an earlier version: a function, type or
// field removed or renamed, or its meaning changed. Adding a function, a type, a field with a
// default or a setting does not raise it. A program can check it at compile time:
//   static_assert(SITEMAPLINT_API_VERSION == 1);
#define SITEMAPLINT_API_VERSION 1
