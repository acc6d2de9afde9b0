// A live answer packed into bytes, and back. A live audit keeps each URL's answer for the run (a
// rule may ask about the URL again: a URL listed twice, a redirect's target, a canonical); one no
// rule has asked for lately is kept packed, in a fraction of the room of a PageAnswer and its
// strings (live_pages.h). The bytes never leave the process, which reads only what it wrote.
#pragma once

#include <string>
#include <string_view>

#include "page.h"

namespace sitemaplint {

std::string pack_answer(const PageAnswer& answer);
PageAnswer unpack_answer(std::string_view bytes);

}  // namespace sitemaplint
