// Reading an input whole: a file, standard input ("-"), plain or gzip-compressed (recognised by
// its magic bytes, not its name). Operational failures are returned as messages, not thrown.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "document.h"
#include "schema.h"

namespace sitemaplint {

// Inputs larger than this are refused outright rather than risking memory exhaustion.
inline constexpr std::size_t kMaxInputBytes = std::size_t{1} << 30;

struct Input {
  std::string path;  // as given; "-" is stdin
  std::string bytes;  // uncompressed content
  bool compressed = false;  // the bytes were gzip-compressed
  std::size_t compressed_size = 0;
  bool decompression_stopped = false;  // more than kProtocolMaxBytes: the rest was not inflated
  std::string compression_error;  // corrupt or truncated gzip; bytes hold what inflated
  // For an input fetched over HTTP: the final status and Content-Type.
  long http_status = 0;  // 0: not fetched
  std::string content_type;
  std::string content_encoding_error;  // FetchResult::content_encoding_error
  std::vector<RedirectHop> redirects;  // fetched and redirected: every request, as LoadFacts keeps them
  bool robots_txt = false;  // given as a robots.txt (--robots): its Sitemap: lines are its entries
  bool reloadable = false;  // read from a regular file, which can be read again
  // A reloadable input whose report keeps its bytes (one file alone: its report shows them), where
  // a large run's reports give them up and read them again.
  bool keep_bytes = false;
};

// Loads `path`. Returns false with a one-line *error for a missing, unreadable or oversized input.
// `threads` may read a large file (read_in_halves.h).
bool load_input(const std::string& path, Input* out, std::string* error, unsigned threads = 1);

// An input from bytes already in memory (read from a file or fetched): gzip is recognised by its
// magic bytes and inflated.
Input input_from_bytes(std::string path, std::string raw);

// Reads the file at `path` again (inflated, if gzip) into `bytes`, the buffer its load filled:
// true when it still holds exactly that many bytes. A parse in place overwrote them
// (Document::bytes_overwritten); this brings back the bytes as written without a second buffer.
// `threads`: a large file is read in halves (read_in_halves.h) as its first load was.
bool read_input_again(const std::string& path, std::span<char> bytes, unsigned threads = 1);

// Inflates gzip `data` into out->bytes, stopping just past `limit` bytes of output.
void gunzip(std::string_view data, std::size_t limit, Input* out);

}  // namespace sitemaplint
