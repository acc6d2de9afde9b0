// --version: sitemaplint's version and those of the libraries it runs with, which is what a bug
// report needs (a distribution's ICU or libcurl decides some findings and every fetch).
#pragma once

#include <string>

namespace sitemaplint {

std::string version_text();

}  // namespace sitemaplint
