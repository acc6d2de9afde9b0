#include "cli/version.h"

#include <CLI/Version.hpp>
#include <boost/version.hpp>
#include <curl/curlver.h>
#include <nlohmann/json.hpp>
#include <pugixml.hpp>
#include <toml++/impl/version.h>  // the version alone
#include <unicode/uversion.h>
#include <zlib.h>

namespace sitemaplint {
namespace {

std::string icu_version() {
  UVersionInfo version;
  u_getVersion(version);  // the library loaded at run time, not the headers built against
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(version, text);
  return text;
}

}  // namespace

std::string version_text() {
  // Libraries linked dynamically report the version loaded now; header-only ones, and pugixml
  // and Boost (no run-time query), the version built against. So does libcurl: it is loaded only
  // when a URL is fetched (load/curl_library.h), and loading it here, with its TLS library and
  // the rest, would cost --version more than everything else it does.
  std::string text = "sitemaplint " SITEMAPLINT_VERSION "\n";
  text += "pugixml " + std::to_string(PUGIXML_VERSION / 1000) + "." + std::to_string(PUGIXML_VERSION / 10 % 100) + "\n";
  text += "ICU " + icu_version() + "\n";
  text += "libcurl " LIBCURL_VERSION " (built against; loaded when a URL is fetched)\n";
  text += "zlib " + std::string(zlibVersion()) + "\n";
  text += "Boost " + std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
          std::to_string(BOOST_VERSION % 100) + " (Boost.URL)\n";
  text += "toml++ " + std::to_string(TOML_LIB_MAJOR) + "." + std::to_string(TOML_LIB_MINOR) + "." +
          std::to_string(TOML_LIB_PATCH) + "\n";
  text += "nlohmann-json " + std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." +
          std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_PATCH) + "\n";
  text += "CLI11 " CLI11_VERSION;
  return text;
}

}  // namespace sitemaplint
