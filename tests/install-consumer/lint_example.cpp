// The README's example: lint a sitemap with the google profile and print its findings.
#include <sitemaplint/sitemaplint.h>

#include <iostream>

static_assert(SITEMAPLINT_API_VERSION == 1);

int main(int argc, char** argv) {
  namespace sl = sitemaplint::api;
  if (argc != 2) return 2;
  sl::Settings settings;
  settings.profile = "google";
  settings.now = "2026-01-01";
  try {
    const sl::Result result = sl::lint_file(argv[1], settings);
    for (const sl::Finding& f : result.findings) {
      std::cout << f.file << ':' << f.line << ':' << f.column << ": " << sl::severity_name(f.severity) << ": "
                << f.message << " [" << f.code << ' ' << f.rule << "]\n";
    }
    std::cout << result.summary.errors << " errors, " << result.summary.warnings << " warnings, "
              << result.summary.infos << " infos\n";
    return result.summary.errors > 0 ? 1 : 0;
  } catch (const sl::Error& e) {
    std::cerr << e.what() << '\n';
    return 2;
  }
}
