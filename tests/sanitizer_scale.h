// What a sanitizer build changes for the tests: time and memory limits, and the size of the tests
// whose size is the point.
#pragma once

#include <cstddef>

namespace sitemaplint::testing {

// Sanitizer builds run several times slower, and AddressSanitizer keeps freed memory in quarantine
// (up to 256 MB) besides its shadow memory; time and memory limits scale with these.
#if defined(__SANITIZE_ADDRESS__)
#define SITEMAPLINT_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SITEMAPLINT_TEST_ASAN 1
#endif
#endif
#ifdef SITEMAPLINT_TEST_ASAN
inline constexpr double kSlowdown = 4.0;
inline constexpr long kMemoryFactor = 2;
inline constexpr std::size_t kSanitizedShare = 8;
#else
inline constexpr double kSlowdown = 1.0;
inline constexpr long kMemoryFactor = 1;
inline constexpr std::size_t kSanitizedShare = 1;
#endif

// The size of a test whose size is the point (memory at scale, many random cases, a bound on the
// work): full in a normal build, an eighth under the sanitizers. What a sanitizer looks for, a bad
// access, needs the code paths, not the size, and at full size these tests cost CI minutes there
// (their memory and time figures are not checked under the sanitizers anyway).
constexpr std::size_t sized_for_build(std::size_t full) { return full / kSanitizedShare; }

}  // namespace sitemaplint::testing
