// The libFuzzer entry point of one target: CMake compiles this file once per target, naming the
// target's function in SITEMAPLINT_FUZZ_TARGET.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz_targets.h"

namespace sitemaplint::fuzz {

void fail(const std::string& what) {
  std::fprintf(stderr, "sitemaplint fuzz target " SITEMAPLINT_FUZZ_TARGET_NAME ": %s\n", what.c_str());
  std::abort();  // libFuzzer keeps the input as a crash
}

}  // namespace sitemaplint::fuzz

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  sitemaplint::fuzz::SITEMAPLINT_FUZZ_TARGET(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
