// SM216 loc-percent-encoding: percent-escapes that decode to a control character or to bytes that
// are not UTF-8.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "analysis/ascii.h"
#include "analysis/percent_encoding.h"
#include "url_analysis.h"
#include "rules/rule_support.h"
#include "analysis/clean_escape_run.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{
    .severity = Severity::Warning,
    .summary = "A percent-escape in a URL decodes to a control character or to bytes that are not UTF-8",
    .docs = R"md(
## What it does
Decodes the percent-escapes (`%XX`) of an `http` or `https` URL, in `<loc>` or any URL field of an
extension, and reports the first that
- decodes to a control character: `%00` to `%1F`, `%7F`, or `%C2%80` to `%C2%9F`, in the path; in
  the query only `%00` (a form may well send a line break, `%0A`);
- is not UTF-8, in the path: a byte that cannot start a UTF-8 character (`%A9`), a character cut
  short (`%C3%28`: `%C3` starts a two-byte character that `%28` does not continue; `%E9` alone,
  which is how Latin-1 writes `é`), an overlong form or a surrogate (`%E0%80%AF`, `%ED%A0%80`).

The query is not checked for UTF-8: what it encodes is up to the application, which may send
binary tokens.

## Why it matters
RFC 3986 (section 2.5) and the IRI standard, RFC 3987, encode characters as UTF-8 before
percent-encoding them, and browsers and crawlers decode them so to show and compare URLs. An
escape that is not UTF-8 names a different address than the one the site links to, or comes from
a legacy charset the server may no longer answer to. A control character has no place in a page's
address: `%00` ends the string in servers written in C (a classic injection), and a stray `%0A`
or `%09` is a line break or tab carried over from the data the URL was built from.

## Example
```xml
<url>
  <loc>https://example.com/caf%E9</loc>
</url>
```

## Use instead
```xml
<url>
  <loc>https://example.com/caf%C3%A9</loc>
</url>
```
)md",
    .authorities = kRfc3986 | kRfc3987 | kAdvice};

// One decoded byte and where its "%XX" is in the URL.
struct Escaped {
  unsigned char byte;
  std::size_t at;
};

std::string escapes_text(std::string_view t, const std::vector<Escaped>& run, std::size_t from, std::size_t count) {
  return std::string(t.substr(run[from].at, run[from + count - 1].at + 3 - run[from].at));
}

// The length of the UTF-8 sequence `lead` starts, or 0 when it starts none.
std::size_t sequence_length(unsigned char lead) {
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

class LocPercentEncoding final : public Rule {
 public:
  void subscribe(Subscriptions& s) const override { s.urls_showing(kUrlUncleanEscape); }

  void on_url(const UrlField& url, FindingSink& out) override {
    const UrlAnalysis& a = url.analysis();
    if (a.shape != UrlShape::Http || !a.has_percent) return;
    const UrlParts parts = url_parts(a);
    if (check(url, a, parts.path_begin, parts.path_end, true, out)) return;
    check(url, a, parts.query_begin, parts.query_end, false, out);
  }

 private:
  // Checks each run of escapes in t[begin, end); true once it reported one.
  bool check(const UrlField& url, const UrlAnalysis& a, std::size_t begin, std::size_t end, bool in_path,
             FindingSink& out) {
    const std::string_view t = a.trimmed;
    for (std::size_t i = begin; i < end;) {
      const void* percent = std::memchr(t.data() + i, '%', end - i);
      if (!percent) return false;
      i = static_cast<std::size_t>(static_cast<const char*>(percent) - t.data());
      const std::size_t first = i;
      CleanRun clean(in_path);
      for (int byte = 0; i + 3 <= end && t[i] == '%' && (byte = escaped_byte(t.data() + i + 1)) >= 0; i += 3) {
        clean.add(static_cast<unsigned char>(byte));
      }
      if (i == first) {
        ++i;
        continue;
      }
      // Nearly every run is clean: its bytes and the places of its escapes are wanted only to
      // report one.
      if (clean.clean()) continue;
      run_.clear();
      for (std::size_t at = first; at < i; at += 3) {
        run_.push_back({static_cast<unsigned char>(escaped_byte(t.data() + at + 1)), at});
      }
      if (check_run(url, a, in_path, out)) return true;
    }
    return false;
  }

  bool check_run(const UrlField& url, const UrlAnalysis& a, bool in_path, FindingSink& out) {
    const std::string_view t = a.trimmed;
    for (std::size_t k = 0; k < run_.size();) {
      const unsigned char b = run_[k].byte;
      if (b < 0x80) {
        if ((in_path && (b < 0x20 || b == 0x7F)) || b == 0) {
          report_control(url, a, k, 1, std::string(1, static_cast<char>(b)), in_path, out);
          return true;
        }
        ++k;
        continue;
      }
      if (!in_path) return false;  // the query's bytes are the application's
      const std::size_t length = sequence_length(b);
      std::size_t have = 1;
      while (have < length && k + have < run_.size() && (run_[k + have].byte & 0xC0) == 0x80) ++have;
      char decoded[4];  // a UTF-8 sequence is at most four bytes (sequence_length)
      for (std::size_t n = 0; n < have; ++n) decoded[n] = static_cast<char>(run_[k + n].byte);
      const std::string_view bytes(decoded, have);
      // A Latin-1 byte read as UTF-8 is the commonest cause: say which character a byte escaped on
      // its own ("caf%E9") would be. Built only for a finding: every escaped character passes here.
      const auto latin1_hint = [&]() -> std::string {
        if (b < 0xA0 || k + 1 != run_.size()) return "";
        return " (in Latin-1, " + escapes_text(t, run_, k, 1) + " is " + quoted(latin1(b)) + ")";
      };
      // The example of an encoding from UTF-8: that character's own, when Latin-1 is the likely cause.
      const auto example = [&]() -> std::string {
        if (latin1_hint().empty()) return "as 'é' is %C3%A9";
        char utf8[7];
        std::snprintf(utf8, sizeof utf8, "%%%02X%%%02X", 0xC0 | (b >> 6), 0x80 | (b & 0x3F));
        return "as " + quoted(latin1(b)) + " is " + utf8;
      };
      if (length == 0) {
        report_not_utf8(url, a, k, 1, escapes_text(t, run_, k, 1) + " cannot start a UTF-8 character" + latin1_hint(),
                        example(), out);
        return true;
      }
      if (have < length) {
        const std::size_t after = run_[k + have - 1].at + 3;
        const bool next_is_escape = k + have < run_.size();
        const std::string next = next_is_escape     ? escapes_text(t, run_, k + have, 1)
                                 : after < t.size() ? quoted(code_point_at(t, after))
                                                    : std::string("the end of the URL");
        report_not_utf8(url, a, k, have + (next_is_escape ? 1 : 0),
                        escapes_text(t, run_, k, 1) + " starts a " + std::to_string(length) +
                            "-byte UTF-8 character that " + next + " does not continue" + latin1_hint(),
                        example(), out);
        return true;
      }
      if (!is_valid_utf8(bytes)) {
        report_not_utf8(url, a, k, have, "an overlong form or a surrogate, which UTF-8 forbids", example(), out);
        return true;
      }
      const char32_t c = decode_code_point(bytes);
      if (c >= 0x80 && c <= 0x9F) {
        report_control(url, a, k, have, std::string(bytes), in_path, out);
        return true;
      }
      k += have;
    }
    return false;
  }

  static std::string latin1(unsigned char b) {
    std::string s;
    s += static_cast<char>(0xC0 | (b >> 6));
    s += static_cast<char>(0x80 | (b & 0x3F));
    return s;
  }

  void report_control(const UrlField& url, const UrlAnalysis& a, std::size_t k, std::size_t count,
                      const std::string& character, bool in_path, FindingSink& out) {
    const std::string escapes = escapes_text(a.trimmed, run_, k, count);
    const Span span = url_span(*url.field, a, run_[k].at, escapes.size());
    out.report({.at = span,
                .message = url.quoted_value() + " has " + quoted(escapes) + " at position " +
                           std::to_string(url_position(a, run_[k].at)) + ", the control character " +
                           character_label(character) + (in_path ? ", in its path" : ", in its query") +
                           "; no page address holds one (it is usually a stray byte or line break from the data the "
                           "URL was built from): remove it",
                .rests_on = kAdvice});
  }

  void report_not_utf8(const UrlField& url, const UrlAnalysis& a, std::size_t k, std::size_t count,
                       const std::string& why, const std::string& example, FindingSink& out) {
    const std::string escapes = escapes_text(a.trimmed, run_, k, count);
    const Span span = url_span(*url.field, a, run_[k].at, escapes.size());
    out.report({.at = span,
                .message = url.quoted_value() + " has " + quoted(escapes) + " at position " +
                           std::to_string(url_position(a, run_[k].at)) + ", which is not UTF-8: " + why +
                           "; URLs percent-encode a character's UTF-8 bytes (RFC 3986, section 2.5), so encode it from "
                           "UTF-8, " +
                           example,
                .rests_on = kRfc3986 | kRfc3987});
  }

  std::vector<Escaped> run_;
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(loc_percent_encoding, kMeta, LocPercentEncoding)
