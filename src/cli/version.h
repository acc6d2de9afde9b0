// --version: sitemaplint's version and those of the libraries it runs with, which is what a bug
// report needs (a distribution's ICU or libcurl decides some findings and every fetch). libcurl's
// is the version built against: it is loaded only to fetch a URL.
#pragma once

#include <string>

namespace sitemaplint {

std::string version_text();

}  // namespace sitemaplint
