#include "load/wellformed.h"

#include <algorithm>
#include <string>
#include <vector>

#include "analysis/ascii.h"
#include "analysis/line_index.h"
#include "load/xml_declaration.h"

namespace sitemaplint {
namespace {

bool is_name_char(char c) { return !is_xml_space(c) && c != '>' && c != '/' && c != '<' && c != '=' && c != '\0'; }

std::string_view name_at(std::string_view bytes, std::size_t offset) {
  std::size_t end = offset;
  while (end < bytes.size() && is_name_char(bytes[end])) ++end;
  return bytes.substr(offset, end - offset);
}

// A short, printable excerpt of the input for messages.
std::string excerpt(std::string_view bytes, std::size_t offset) {
  std::string out;
  for (std::size_t i = offset; i < bytes.size() && out.size() < 30; ++i) {
    const char c = bytes[i];
    if (c == '\n' || c == '\r') break;
    out += c;
  }
  return out;
}

std::size_t doctype_end(std::string_view rest);

// The '<' of the innermost element still open at `limit`, or npos when none is: the start and end
// tags before it, matched on a stack as they come (pugixml took all of them, so they pair up in
// order). One pass, however deep the nesting: asking of each open element in turn whether its end
// tag came later searched the rest of the input once per level, 21 s for 100,000 levels.
std::size_t innermost_open_element(std::string_view bytes, std::size_t limit) {
  limit = std::min(limit, bytes.size());
  std::vector<std::size_t> open;
  std::size_t i = 0;
  // Past the first `end` after i, or to the limit.
  const auto skip_past = [&](std::string_view end) {
    const std::size_t at = bytes.substr(0, limit).find(end, i);
    i = at == std::string_view::npos ? limit : at + end.size();
  };
  while (i < limit) {
    i = bytes.substr(0, limit).find('<', i);
    if (i == std::string_view::npos) break;
    const std::string_view rest = bytes.substr(i, limit - i);
    if (rest.starts_with("<!--")) {
      i += 4;
      skip_past("-->");
    } else if (rest.starts_with("<![CDATA[")) {
      i += 9;
      skip_past("]]>");
    } else if (rest.starts_with("<?")) {
      i += 2;
      skip_past("?>");
    } else if (rest.starts_with("<!")) {
      i += doctype_end(rest);
    } else if (rest.starts_with("</")) {
      if (!open.empty()) open.pop_back();
      i += 2;
      skip_past(">");
    } else {
      const std::size_t start = i++;
      while (i < limit && bytes[i] != '>') {  // the end of the start tag, past quoted values
        if (bytes[i] == '"' || bytes[i] == '\'') {
          const std::size_t close = bytes.substr(0, limit).find(bytes[i], i + 1);
          i = close == std::string_view::npos ? limit : close + 1;
        } else {
          ++i;
        }
      }
      if (i < limit && bytes[i - 1] != '/') open.push_back(start);
      ++i;
    }
  }
  return open.empty() ? std::string_view::npos : open.back();
}

std::string where(const Document& doc, std::size_t offset) {
  const Position pos = LineIndex(doc.bytes).position(offset);
  return "line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column);
}

std::string describe_mismatch(const Document& doc, std::size_t offset, ByteFinding& finding) {
  const bool at_end_tag = offset >= 2 && offset <= doc.bytes.size() && doc.bytes.substr(offset - 2, 2) == "</";
  // Parsers stop at a NUL byte: for them the input ends there.
  const std::size_t end_of_input = std::min(doc.bytes.find('\0'), doc.bytes.size());
  const std::size_t open = innermost_open_element(doc.bytes, at_end_tag ? offset - 2 : end_of_input);
  const std::string open_text = open != std::string_view::npos ? "<" + std::string(name_at(doc.bytes, open + 1)) +
                                                                     "> opened at " + where(doc, open)
                                                               : std::string("the open element");
  if (!at_end_tag) {
    finding.offset = doc.bytes.size();
    return "unexpected end of input: " + open_text + " is never closed";
  }
  finding.offset = offset - 2;
  const std::string_view closing = name_at(doc.bytes, offset);
  finding.length = closing.size() + 2;
  // A file cut off in its last closing tag ("</urlse"): what is missing is its end, not a match.
  std::size_t after = offset + closing.size();
  while (after < end_of_input && is_xml_space(doc.bytes[after])) ++after;
  if (after >= end_of_input) {
    return "unexpected end of input inside the closing tag </" + std::string(closing) + ": the file is cut off, and " +
           open_text + " is never closed";
  }
  return "closing tag </" + std::string(closing) + "> does not match " + open_text;
}

}  // namespace

ByteFinding describe_parse_error(const Document& doc, const pugi::xml_parse_result& result) {
  ByteFinding finding;
  finding.offset = static_cast<std::size_t>(result.offset);
  if (finding.offset > doc.bytes.size()) finding.offset = doc.bytes.size();
  const std::size_t at = finding.offset;
  switch (result.status) {
    case pugi::status_end_element_mismatch: finding.message = describe_mismatch(doc, at, finding); break;
    case pugi::status_no_document_element: {
      bool blank = true;
      for (std::size_t i = doc.encoding.bom_length; i < doc.bytes.size() && blank; ++i)
        blank = is_xml_space(doc.bytes[i]);
      finding.offset = 0;
      finding.message = doc.bytes.size() == doc.encoding.bom_length ? "the input is empty"
                        : blank                                     ? "the input contains only white space"
                                : "no root element: the input contains no XML element";
      break;
    }
    case pugi::status_unrecognized_tag:
      finding.message = "'<' does not start a valid tag: '" + excerpt(doc.bytes, at ? at - 1 : 0) + "'";
      if (at) finding.offset = at - 1;
      break;
    case pugi::status_bad_start_element:
      finding.message = "malformed start tag near '" + excerpt(doc.bytes, at) + "' (is a '>' missing?)";
      break;
    case pugi::status_bad_attribute:
      finding.message =
          "malformed attribute near '" + excerpt(doc.bytes, at) + "' (attributes are name=\"value\", values quoted)";
      break;
    case pugi::status_bad_end_element:
      finding.message = "malformed closing tag near '" + excerpt(doc.bytes, at) + "'";
      break;
    case pugi::status_bad_pi:
      finding.message = "malformed processing instruction or XML declaration near '" + excerpt(doc.bytes, at) + "'";
      break;
    case pugi::status_bad_comment: finding.message = "malformed comment near '" + excerpt(doc.bytes, at) + "'"; break;
    case pugi::status_bad_cdata:
      finding.message = "malformed CDATA section near '" + excerpt(doc.bytes, at) + "'";
      break;
    case pugi::status_bad_doctype: finding.message = "malformed DOCTYPE near '" + excerpt(doc.bytes, at) + "'"; break;
    case pugi::status_bad_pcdata: finding.message = "malformed text near '" + excerpt(doc.bytes, at) + "'"; break;
    default: finding.message = std::string("XML parse error: ") + result.description(); break;
  }
  // pugixml, like every XML parser, stops at a NUL byte: that is where the document really ends.
  const std::size_t nul = doc.bytes.find('\0');
  if (nul != std::string_view::npos && nul < finding.offset) {
    finding.offset = nul;
    finding.length = 1;
    finding.message = "a NUL byte ends the document here for XML parsers; " + finding.message;
  }
  return finding;
}

namespace {

// The end of a DOCTYPE declaration whose "<!DOCTYPE" starts `rest`: just past its '>', or
// rest.size() when it is not closed.
std::size_t doctype_end(std::string_view rest) {
  int brackets = 0;
  std::size_t i = 9;
  for (; i < rest.size(); ++i) {
    const char ch = rest[i];
    if (ch == '"' || ch == '\'') {  // a quoted entity value or system id may hold ']' and '>'
      const auto close = rest.find(ch, i + 1);
      if (close == std::string_view::npos) break;
      i = close;
    } else if (rest.substr(i).starts_with("<!--")) {
      const auto close = rest.find("-->", i + 4);
      if (close == std::string_view::npos) break;
      i = close + 2;
    } else if (ch == '[') {
      ++brackets;
    } else if (ch == ']') {
      --brackets;
    } else if (ch == '>' && brackets <= 0) {
      break;
    }
  }
  return std::min(i + 1, rest.size());
}

// Where the last end tag starts (the root's, in a document that ends well): searched for from the
// end, so that what follows the root is read without a pass over the whole document. 0 for none.
std::size_t last_end_tag(std::string_view head) {
  const std::size_t at = head.rfind("</");
  return at == std::string_view::npos ? 0 : at;
}

// Where the root element's '<' most likely is: the first '<' that starts no processing
// instruction, comment or DOCTYPE. Text before it is stepped over (the scan reports it).
std::size_t likely_root_start(std::string_view bytes, std::size_t pos) {
  while (pos < bytes.size()) {
    pos = bytes.find('<', pos);
    if (pos == std::string_view::npos) return bytes.size();
    const std::string_view rest = bytes.substr(pos);
    std::size_t skip = 0;
    if (rest.starts_with("<?")) skip = rest.find("?>");
    else if (rest.starts_with("<!--")) skip = rest.find("-->");
    else if (rest.starts_with("<!DOCTYPE")) skip = doctype_end(rest);
    else return pos;
    if (skip == std::string_view::npos) return bytes.size();
    pos += std::max<std::size_t>(skip, 1);
  }
  return bytes.size();
}

}  // namespace

OutsideRoot scan_outside_root(std::string_view bytes, std::size_t bom_length) {
  return scan_outside_root(bytes, bom_length, likely_root_start(bytes, bom_length));
}

OutsideRoot scan_outside_root(std::string_view bytes, std::size_t bom_length, std::size_t root_start) {
  OutsideRoot out;
  out.root_start = root_start;
  // Before the root: only white space, comments, processing instructions and one DOCTYPE; the
  // XML declaration, if any, must be the very first bytes.
  std::size_t pos = bom_length;
  while (pos < root_start) {
    const char c = bytes[pos];
    if (is_xml_space(c)) {
      ++pos;
      continue;
    }
    const std::string_view rest = bytes.substr(pos, root_start - pos);
    if (rest.starts_with("<?")) {
      const bool declaration =
          rest.size() > 5 && rest.substr(2, 3) == "xml" && (is_xml_space(rest[5]) || rest[5] == '?');
      if (declaration && pos != bom_length) {
        const std::string_view before = bytes.substr(bom_length, pos - bom_length);
        out.declaration_after_space_only = std::all_of(before.begin(), before.end(), is_xml_space);
        out.misplaced_before_root = pos;
        out.before_root.push_back(
            {pos, 5,
             "the XML declaration must be the very first thing in the file; " + std::to_string(before.size()) +
                 " byte(s) come before it (" +
                 (out.declaration_after_space_only ? "white space" : "white space, a comment or text") + ")"});
      }
      const auto end = rest.find("?>");
      pos = end == std::string_view::npos ? root_start : pos + end + 2;
    } else if (rest.starts_with("<!--")) {
      const auto end = rest.find("-->");
      pos = end == std::string_view::npos ? root_start : pos + end + 3;
    } else if (rest.starts_with("<!DOCTYPE")) {
      if (out.doctype_offset) {
        out.before_root.push_back({pos, 9, "a second DOCTYPE declaration: a document has at most one"});
      } else {
        out.doctype_offset = pos;
      }
      pos += doctype_end(rest);
    } else {
      out.before_root.push_back({pos, 1,
                                 "text before the root element: '" + excerpt(bytes.substr(0, root_start), pos) +
                                     "' (only white space, comments and the XML "
                                     "declaration may come before it)"});
      break;
    }
  }
  // After the root: scan backwards over white space, comments and processing instructions; what
  // is left must end with the root's '>'.
  std::size_t end = bytes.size();
  while (end > root_start) {
    if (is_xml_space(bytes[end - 1])) {
      --end;
      continue;
    }
    const std::string_view head = bytes.substr(0, end);
    if (head.ends_with("-->")) {
      const auto open = head.rfind("<!--");
      if (open == std::string_view::npos || open < root_start) break;
      end = open;
    } else if (head.ends_with("?>")) {
      const auto open = head.rfind("<?");
      if (open == std::string_view::npos || open < root_start) break;
      const std::string_view target = head.substr(open + 2);
      if (target.size() > 3 && target.starts_with("xml") && (is_xml_space(target[3]) || target[3] == '?')) {
        out.misplaced_after_root = open;
        out.after_root.push_back({open, 5,
                                  "the XML declaration must be the very first thing in the file, not after the "
                                  "root element; move it to the top"});
      }
      end = open;
    } else {
      break;
    }
  }
  // What is left ends with the root's end tag (or its empty-element tag): a CDATA section or a
  // DOCTYPE there comes after the root, where XML allows neither (document ::= prolog element Misc*).
  if (end > root_start && bytes[end - 1] == '>') {
    const std::string_view head = bytes.substr(0, end);
    std::size_t open = std::string_view::npos;
    std::string_view what;
    if (head.ends_with("]]>")) {
      open = head.rfind("<![CDATA[");
      if (open != std::string_view::npos && head.find("]]>", open) != end - 3) open = std::string_view::npos;
      what = "a CDATA section";
    } else if (const auto doctype = head.find("<!DOCTYPE", std::max(root_start, last_end_tag(head)));
               doctype != std::string_view::npos && head.find("/>", doctype) == std::string_view::npos) {
      open = doctype;
      what = "a DOCTYPE declaration";
    }
    if (open != std::string_view::npos && open > root_start) {
      out.after_root.push_back({open, 9,
                                std::string(what) +
                                    " after the root element ended: only comments, processing instructions and "
                                    "white space may follow it"});
      end = open;
      while (end > root_start && is_xml_space(bytes[end - 1])) --end;
    }
  }
  if (end > root_start && bytes[end - 1] != '>') {
    std::size_t junk = bytes.substr(0, end).rfind('>');
    junk = junk == std::string_view::npos ? root_start : junk + 1;
    while (junk < end && is_xml_space(bytes[junk])) ++junk;
    out.after_root.push_back({junk, end - junk, "text after the root element ended: '" + excerpt(bytes, junk) + "'"});
  }
  return out;
}

void check_outside_root(Document& doc, const OutsideRoot& outside) {
  check_xml_declaration(doc);
  doc.doctype_offset = outside.doctype_offset;
  doc.misplaced_declaration = outside.misplaced_before_root;
  doc.declaration_after_space_only = outside.declaration_after_space_only;
  doc.syntax_errors.insert(doc.syntax_errors.end(), outside.before_root.begin(), outside.before_root.end());
  // A second root element.
  bool seen_root = false;
  for (pugi::xml_node node : doc.tree.children()) {
    if (node.type() != pugi::node_element) continue;
    if (seen_root) {
      const std::size_t at = doc.offset_of(node.name());
      doc.syntax_errors.push_back({at - 1, std::string_view(node.name()).size() + 1,
                                   "a second root element <" + std::string(node.name()) +
                                       ">: an XML document has exactly one, and it ended before this"});
      return;  // the text check after the root would only repeat this
    }
    seen_root = true;
  }
  if (outside.misplaced_after_root) doc.misplaced_declaration = outside.misplaced_after_root;
  doc.syntax_errors.insert(doc.syntax_errors.end(), outside.after_root.begin(), outside.after_root.end());
}

}  // namespace sitemaplint
