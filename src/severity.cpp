#include "severity.h"

#include "analysis/edit_distance.h"
#include "analysis/message_text.h"

namespace sitemaplint {

std::string unknown_severity_message(std::string_view text) {
  return "unknown level " + quoted(text) + did_you_mean(closest_word(text, {"error", "warning", "info"})) +
         " (use error, warning or info)";
}

}  // namespace sitemaplint
