// toml++'s parse errors said again in sitemaplint's words: what is wrong in the user's file and
// how to write it, not the parser's state ("Error while parsing value: could not determine value
// type" for `profile = google`).
#pragma once

#include <string>
#include <string_view>

namespace sitemaplint {

// The message for toml++'s error `description` at the 1-based `line`, `column` of `text`.
std::string toml_error_in_words(std::string_view description, std::string_view text, std::size_t line,
                                std::size_t column);

}  // namespace sitemaplint
