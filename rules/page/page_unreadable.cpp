// PAGE104 page-unreadable: a listed page whose file cannot be read as HTML, or not whole.
#include "analysis/encoding_labels.h"
#include "rules/page/utils/page_rule.h"

namespace sitemaplint {
namespace {

constexpr RuleMeta kMeta{.severity = Severity::Warning,
                         .summary = "A listed page cannot be read as HTML: binary, mis-encoded, or its head too long",
                         .docs = R"md(
## What it does
With `--pages`, reads each listed page the build serves as a search engine reads it: in the
encoding a browser would choose (a byte order mark, else the charset of the `Content-Type` it is
served with, else a `<meta charset>` or `<meta http-equiv="Content-Type">` in the first 1,024
bytes, else the first such tag later in the head, which makes browsers read the page again in its
encoding, else UTF-8), and reports a page that cannot be read so, with the place in the page file
where reading failed:

- a file that is no text (a NUL byte among its first 8,000 bytes: an image or an archive saved
  as `.html`, a page in UTF-16 without a byte order mark);
- bytes that are not UTF-8 where UTF-8 applies (the page declares UTF-8, or declares nothing in
  its head, or a byte order mark or the `Content-Type` says UTF-8 against its `<meta charset>`);
- an encoding label no browser knows (`<meta charset="latin-1">`), or an encoding that cannot be
  decoded (`iso-2022-kr` and its kin, which browsers decode to a single replacement character);
- a head that does not end within the first 512 KiB, or a tag in it with hundreds of attributes:
  the tags after that point are not read;
- a page of the build that is not read at all: a symbolic link that leads outside `--root` (what
  it leads to is not the build's, and nothing outside it is read), or a path that names no file
  (an encoded `/`, a NUL or a `..` segment).

## Why it matters
Google reads the served HTML. A file that is no text is not indexed as a page; a page decoded in
the wrong encoding is indexed with its accented letters as replacement characters, in its title
and snippets, and its canonical and hreflang links lead to other URLs than the ones written. The
other page rules read what could be read: a `noindex` or a canonical past the failure goes unseen.

## Example
```html
<head><title>Café</title></head>  <!-- saved in windows-1252 (é is the byte E9), no charset declared -->
```

## Use instead
Save pages as UTF-8 and say so first thing in the head, or declare the encoding they are in.
```html
<head><meta charset="utf-8"><title>Café</title></head>
```
)md",
                         .authorities = kGoogle};

class PageUnreadable final : public PageRule {
 public:
  explicit PageUnreadable(const RuleSettings& settings)
      : PageRule(settings, {UrlFieldKind::Loc, UrlFieldKind::HreflangHref}) {}

 protected:
  void check(const UrlField& url, const UrlAnalysis& a, const PageAnswer& page, FindingSink& out) override {
    if (page.status == PageStatus::Refused) {  // from a build: the reason says why it was not read
      out.report({.at = url_span(*url.field, a),
                  .message = url.quoted_value() + " is listed, but its page is not read: " + page.reason +
                             "; no page rule checks it"});
      return;
    }
    if (page.status != PageStatus::Served || !page.html) return;
    const PageProblem& problem = page.head.problem;
    if (problem.kind == PageProblemKind::None) return;
    const std::string where = page.file + ":" + std::to_string(problem.line);
    out.report(
        {.at = url_span(*url.field, a),
         .message = url.quoted_value() + " is listed, but its page " + what_went_wrong(page, where),
         .related = page_file_location(page, problem.offset, "where reading stopped", problem.line, problem.column)});
  }

 private:
  static std::string what_went_wrong(const PageAnswer& page, const std::string& where) {
    const HeadFacts& head = page.head;
    const PageProblem& problem = head.problem;
    const std::string at = " at " + where + " (offset " + std::to_string(problem.offset) + ")";
    switch (problem.kind) {
      case PageProblemKind::Binary:
        return "is not text: " + problem.what + at +
               "; search engines do not read it as HTML: build the page's HTML there (a page in UTF-16 needs a "
               "byte order mark)";
      case PageProblemKind::InvalidUtf8: {
        const WebEncoding* declared = head.charset.empty() ? nullptr : encoding_for_label(head.charset);
        std::string why;
        std::string fix = "save the page as UTF-8, or declare its encoding with <meta charset> at the top of the head";
        if (head.charset.empty() && head.encoding_source == EncodingSource::ContentType) {
          why = "the charset of the Content-Type it is served with says UTF-8, so it is read as UTF-8";
          fix = "save the page as UTF-8, or serve it with the charset it is saved in";
        } else if (head.charset.empty() && head.encoding_source == EncodingSource::ByteOrderMark) {
          why = "its byte order mark says UTF-8, so it is read as UTF-8";
          fix = "save the whole page as UTF-8";
        } else if (head.charset.empty()) {
          why = "it declares no encoding, so it is read as UTF-8";
        } else if (declared && (declared->name == "UTF-16LE" || declared->name == "UTF-16BE")) {
          why = "it declares " + quoted(head.charset) +
                ", which browsers take for UTF-8 in a page whose tags they can read, so it is read as UTF-8";
        } else if (declared && declared->name != "UTF-8") {
          // A declaration anywhere in the head counts unless something decided before it.
          why =
              "its byte order mark or the charset of the Content-Type it is served with says UTF-8, which "
              "decides before its declared " +
              quoted(head.charset) + ", so it is read as UTF-8";
          fix = "save the page as UTF-8, as they say it is";
        } else {
          why = "it is read as UTF-8";
        }
        return "is not valid UTF-8: " + problem.what + at + "; " + why +
               ", and search engines show such bytes as U+FFFD: " + fix;
      }
      case PageProblemKind::UnknownEncoding:
        return "declares the encoding " + problem.what + at +
               ", which browsers do not know, so they guess; declare a label of the Encoding Standard, such as "
               "<meta charset=\"utf-8\">";
      case PageProblemKind::UndecodableEncoding:
        return "declares the encoding " + problem.what + at +
               ", which cannot be decoded here (browsers read 'replacement' as a single U+FFFD), so its head was "
               "read as UTF-8; save the page as UTF-8 and declare that";
      case PageProblemKind::HeadNotClosed:
        return "has a head that does not end within the first " + problem.what + " (reading stopped at " + where +
               "); tags after that are not checked: move scripts, styles and inline data out of the head";
      case PageProblemKind::StallingTag:
        return "has " + problem.what + at +
               ", which ends the reading of its head; tags after it are not checked: fix the tag";
      case PageProblemKind::None: break;
    }
    return {};
  }
};

}  // namespace
}  // namespace sitemaplint

SITEMAPLINT_DEFINE_RULE(page_unreadable, kMeta, PageUnreadable)
