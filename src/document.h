// A parsed input: the bytes, the pugixml tree over them (in place, or over a private copy), and the facts
// the loader established before any rule runs (encoding, syntax errors, root element, namespaces).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pugixml.hpp>

#include "analysis/encoding_scan.h"
#include "analysis/robots_txt.h"
#include "redirect_hop.h"
#include "schema.h"
#include "tree_memory.h"

namespace sitemaplint {

// Elements deeper than this are not inspected; no sitemap comes near it, and it bounds the
// engine's memory on hostile input.
inline constexpr int kMaxInspectedDepth = 64;

enum class DocumentKind {
  None,  // nothing could be read as XML: empty input, or not well-formed
  UrlSet,  // <urlset>
  SitemapIndex,  // <sitemapindex>
  Feed,  // an RSS 2.0 or Atom feed, which search engines also accept as a sitemap
  Other,  // XML with any other root element
  Text,  // a text sitemap: one URL per line
  NotSitemap,  // neither XML nor a list of URLs (JSON, robots.txt, prose ...)
  Robots,  // a robots.txt given as one (--robots): each Sitemap: line is an entry
};

// How the bytes were obtained; set by the loader.
struct LoadFacts {
  bool compressed = false;  // the input was gzip-compressed
  bool decompression_stopped = false;  // inflating stopped at the protocol's size limit
  std::string compression_error;  // corrupt gzip
  long http_status = 0;  // fetched over HTTP: the final status (0: not fetched)
  std::string content_type;  // fetched over HTTP: the Content-Type header
  bool robots_txt = false;  // given as a robots.txt (--robots)
  // Read in another encoding than UTF-8 (load/declared_encoding.h): its name ("ISO-8859-1",
  // "UTF-16LE"), and `bytes` are the input decoded into UTF-8; empty: read as UTF-8, as written.
  std::string read_as;
  std::vector<ByteFinding> undecodable;  // sequences that encoding cannot map, at their U+FFFD
  std::optional<ByteFinding> encoding_conflict;  // a byte order mark or the bytes against the declaration
  // Fetched over HTTP and redirected: every request in order, from the URL named (a 3xx) to the
  // one that served the body (its final status). Empty when the first request served it.
  std::vector<RedirectHop> redirects;
  // Fetched over HTTP: the body was not what its Content-Encoding says (why, in libcurl's words),
  // and was read as sent.
  std::string content_encoding_error;
};

struct Document {
  std::string path;  // as the user named it; "-" is stdin
  // The input (uncompressed). As written, unless bytes_overwritten: parsed in place, it holds a NUL
  // after each name and value, where a delimiter was (a '<', '>', quote or white space).
  std::string_view bytes;
  bool bytes_overwritten = false;
  // Parsed in place, the parse failed or met what only the bytes as written can tell: read the input
  // again and parse a copy (lint_input does).
  bool needs_bytes_as_written = false;
  LoadFacts load;
  EncodingFacts encoding;
  std::vector<ByteFinding> syntax_errors;  // well-formedness errors, first is the parser's
  bool parsed = false;  // false: the XML is not well-formed enough to walk
  std::optional<std::size_t> doctype_offset;
  // An XML declaration that is not the very first bytes (after white space, a comment, or the
  // root): an xml-syntax error. When only white space comes before it, deleting
  // [bom, misplaced_declaration) is a safe fix.
  std::optional<std::size_t> misplaced_declaration;
  bool declaration_after_space_only = false;

  // The root element, when there is one.
  DocumentKind kind = DocumentKind::None;
  std::string_view root_local;  // local name, e.g. "urlset"
  std::string_view root_ns;  // resolved namespace URI, empty for none
  std::size_t root_offset = 0;  // offset of the root start tag's '<'
  std::optional<std::size_t> root_ns_value_offset;  // where the root's namespace URI is written
  std::size_t root_ns_value_length = 0;

  // Filled by the engine while it walks, complete when on_finish runs.
  std::size_t entry_count = 0;
  std::optional<std::size_t> nesting_limit_offset;  // first element below the inspected depth

  // Comments that start with "sitemaplint-" (inline suppressions), found by the engine's walk:
  // where the comment's "<!--" starts and its "-->" ends, and its text.
  struct DirectiveComment {
    std::size_t offset = 0;
    std::size_t end = 0;
    std::string_view text;
  };
  std::vector<DirectiveComment> directives;

  // Every namespace declaration (xmlns="..." and xmlns:prefix="..."), recorded by the walk:
  // checks of namespace URIs look here instead of at every element.
  struct NamespaceDeclaration {
    std::string_view prefix;  // empty for a default namespace
    std::string_view uri;  // as written (raw)
    std::size_t value_offset = 0;  // where the URI is written
    std::size_t element_offset = 0;
  };
  std::vector<NamespaceDeclaration> namespace_declarations;

  // The <sitemap> entries of an index, or the Sitemap: lines of a robots.txt, recorded by the
  // engine's walk for following them: the URL as written (trimmed, entities decoded), where it
  // is, and the entry's <lastmod> when valid.
  struct ChildRef {
    std::string url;
    std::size_t offset = 0;
    std::size_t length = 0;
    std::optional<std::int64_t> lastmod;  // seconds since the epoch
    std::size_t lastmod_offset = 0;
    std::size_t lastmod_length = 0;
  };
  std::vector<ChildRef> children;

  // A robots.txt's lines and groups, read once when it is parsed: its Sitemap: lines are the walk's
  // entries, the robots rules check the rest, and the run checks its URLs against its groups.
  std::shared_ptr<const RobotsTxt> robots;

  std::string_view looks_like;  // for NotSitemap: what the input seems to be, e.g. "JSON"

  // The memory the tree is in (nullptr: the heap's); declared first, so destroyed after the tree.
  std::unique_ptr<TreeMemory> tree_memory;
  pugi::xml_document tree;
  std::unique_ptr<char[]> parse_buffer;  // the copy pugixml parses, unless it parses `bytes` in place
  const char* parse_base = nullptr;  // where the parsed bytes start: parse_buffer or bytes

  // Offset in `bytes` of a string of the tree.
  std::size_t offset_of(const char* p) const { return static_cast<std::size_t>(p - parse_base); }
};

}  // namespace sitemaplint
