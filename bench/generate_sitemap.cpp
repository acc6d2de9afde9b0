// Writes the benchmark's input sitemaps: deterministic (a generator of our own, so every platform
// and standard library produces the same bytes for a seed), realistic, and valid against the
// sitemaps.org schema so that `xmllint --schema` measures validation, not error reporting.
//
//   sitemaplint_bench_gen KIND FILE [URLS [SEED [FINDINGS]]]
//
//   plain         ~10 MB for 50,000 URLs: loc, lastmod, changefreq, priority; no finding
//   images        the same entries with 1-2 <image:image> each (~25 MB)
//   image-heavy   2-6 <image:image> each, most with a caption or title (~47 MB)
//   large         long query strings, padded to just under 52,428,800 bytes
//   encoded       plain, but with paths of Japanese, Russian and Greek words, percent-encoded as
//                 they must be (~13 MB): every URL of a site that is not written in English
//   findings      plain, with FINDINGS entries (default 20,000) that each make exactly one finding:
//                 a time without a zone, a priority above 1.0, a changefreq in the wrong case and a
//                 reduced-precision date in turn (at most 10,000 per rule, sitemaplint's cap)
//   mixed         shaped like a real site's sitemap, to the real-world corpus's statistics
//                 (bench/corpus_stats.py; the distribution is in bench/README.md): a page host and
//                 an image and video host, some queries with "&amp;", a few non-ASCII paths, dates
//                 in the forms and zones seen, image, video and news blocks and hreflang pairs on
//                 some entries, and the findings such a file makes (~15 MB for 50,000 URLs)
//   fixable       plain, but every <loc> and <lastmod> value with a space on either side and every
//                 <changefreq> capitalised: about three findings with a fix per entry
//   lsp-fix-all   a language server session (JSON-RPC, framed as `sitemaplint server` reads it on
//                 its standard input) that opens the fixable file of URLS entries, asks for the
//                 "fix all" code action, shuts down and exits
//   text          a text sitemap of URLS short lines ("https://www.example.com/p/<n>"), the
//                 shape of a site dumped by a script: 29,000,000 make about a gigabyte
//
// Every <loc> is unique, no changefreq is "never" and no value is uniform, so a plain file makes no
// finding at all (an images file makes the two deprecated-tag notes: captions and titles are
// common in the wild). SEED (default 1) makes distinct files of one kind for many-file runs.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>

namespace {

constexpr std::uint64_t kSeed = 0x5EED5173A9ULL;
constexpr std::size_t kProtocolMaxBytes = 52'428'800;
// The large file stays this far below the protocol limit, so it is "almost too large" but valid.
constexpr std::size_t kLargeTarget = kProtocolMaxBytes - 28'800;  // 52,400,000 bytes

// splitmix64: tiny, fast, and fully specified (std::uniform_int_distribution is not).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <std::size_t N>
  std::string_view pick(const std::string_view (&list)[N]) {
    return list[below(N)];
  }

 private:
  std::uint64_t state_;
};

constexpr std::string_view kSections[] = {"shop",       "blog",     "news",        "products",
                                          "category",   "help",     "de/produkte", "fr/produits",
                                          "en-gb/shop", "magazine", "stores",      "collections"};
constexpr std::string_view kWords[] = {
    "garden", "kitchen", "outdoor",   "running", "shoes", "leather", "wireless", "headphones", "oak",    "table",
    "summer", "sale",    "organic",   "coffee",  "beans", "camping", "tent",     "winter",     "jacket", "kids",
    "lamp",   "vintage", "ceramic",   "mug",     "bike",  "helmet",  "guide",    "review",     "best",   "cheap",
    "how-to", "clean",   "cast-iron", "pan",     "yoga",  "mat",     "smart",    "watch"};
// No "never": changefreq-never is an info finding, and the plain files are meant to be clean.
constexpr std::string_view kFreqs[] = {"always", "hourly", "daily", "weekly", "monthly", "yearly"};
constexpr std::string_view kPriorities[] = {"0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1.0"};
constexpr std::string_view kZones[] = {"Z", "+00:00", "+01:00", "+02:00", "-05:00", "-08:00", "+05:30", "+09:00"};
constexpr std::string_view kParams[] = {"utm_source", "utm_medium", "utm_campaign", "ref",  "sort",        "color",
                                        "size",       "page",       "filter",       "lang", "sessionless", "variant"};

// A W3C datetime the schema's xsd:date | xsd:dateTime union accepts, in the forms seen in the wild.
std::string lastmod(Rng& rng) {
  const unsigned year = 2015 + static_cast<unsigned>(rng.below(10));
  const unsigned month = 1 + static_cast<unsigned>(rng.below(12));
  const unsigned day = 1 + static_cast<unsigned>(rng.below(28));
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04u-%02u-%02u", year, month, day);
  std::string out = buf;
  const std::size_t form = rng.below(4);
  if (form == 0) return out;  // date only
  std::snprintf(buf, sizeof buf, "T%02u:%02u:%02u", static_cast<unsigned>(rng.below(24)),
                static_cast<unsigned>(rng.below(60)), static_cast<unsigned>(rng.below(60)));
  out += buf;
  if (form == 3) {
    std::snprintf(buf, sizeof buf, ".%03u", static_cast<unsigned>(rng.below(1000)));
    out += buf;
  }
  out += rng.pick(kZones);
  return out;
}

std::string slug(Rng& rng) {
  std::string out;
  const std::size_t words = 3 + rng.below(6);
  for (std::size_t i = 0; i < words; ++i) {
    if (i) out += '-';
    out += rng.pick(kWords);
  }
  return out;
}

// Words of other scripts, for the encoded kind's paths.
constexpr std::string_view kForeignWords[] = {"\u5546\u54c1",
                                              "\u30ab\u30c6\u30b4\u30ea",
                                              "\u30b3\u30fc\u30d2\u30fc",
                                              "\u5e84\u5712",
                                              "\u043a\u0443\u0445\u043d\u044f",
                                              "\u0441\u0430\u0434",
                                              "\u043e\u0431\u0443\u0432\u044c",
                                              "\u03ba\u03ae\u03c0\u03bf\u03c2",
                                              "\u03b2\u03b9\u03b2\u03bb\u03af\u03b1",
                                              "\u0447\u0430\u0439"};

// A page URL whose path is a few of those words, each byte of their UTF-8 percent-encoded.
std::string encoded_page_url(Rng& rng, std::size_t index) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url = "https://www.example-shop.com/" + std::string(rng.pick(kSections)) + "/";
  const std::size_t words = 2 + rng.below(3);
  for (std::size_t i = 0; i < words; ++i) {
    if (i) url += '-';
    for (const char c : rng.pick(kForeignWords)) {
      const auto b = static_cast<unsigned char>(c);
      url += '%';
      url += kHex[b >> 4];
      url += kHex[b & 15];
    }
  }
  return url + "-" + std::to_string(10000 + index);
}

std::string page_url(Rng& rng, std::size_t index) {
  // The entry's number keeps every <loc> unique (a duplicate is a finding).
  std::string url = "https://www.example-shop.com/" + std::string(rng.pick(kSections)) + "/" + slug(rng) + "-" +
                    std::to_string(10000 + index);
  if (rng.chance(10)) url += "/";
  if (rng.chance(8)) {
    url += "?page=";
    url += std::to_string(1 + rng.below(20));
    url += "&amp;sort=price";
  }
  if (rng.chance(3)) url += "/caf%C3%A9-cr%C3%A8me";  // percent-encoded non-ASCII, as it must be
  return url;
}

// A long tracking-style query string, escaped as XML requires (& is written &amp;).
std::string long_query(Rng& rng, std::size_t length) {
  std::string out = "?";
  while (out.size() < length) {
    if (out.size() > 1) out += "&amp;";
    out += std::string(rng.pick(kParams)) + "=";
    const std::size_t value = 8 + rng.below(40);
    for (std::size_t i = 0; i < value; ++i) {
      static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789-_";
      out += kAlphabet[rng.below(sizeof kAlphabet - 1)];
    }
  }
  return out;
}

std::string image_block(Rng& rng, std::size_t index, std::size_t n) {
  std::string out = "    <image:image>\n      <image:loc>https://cdn.example-shop.com/img/" + std::to_string(index) +
                    "/" + std::to_string(n) + "/" + slug(rng) + ".jpg</image:loc>\n";
  if (rng.chance(40)) out += "      <image:caption>" + slug(rng) + "</image:caption>\n";
  if (rng.chance(30)) out += "      <image:title>" + slug(rng) + "</image:title>\n";
  return out + "    </image:image>\n";
}

// --- the mixed kind: every share below is the corpus's, per site (bench/README.md) -------------

// `per_mille` in 1,000.
bool per_mille(Rng& rng, unsigned n) { return rng.below(1000) < n; }

// A <lastmod> in the corpus's forms: 70% with seconds, 27% a date, 3% with a fraction; zones
// +00:00 72%, +01:00 21%, Z 5%, +02:00 2%.
std::string mixed_lastmod(Rng& rng) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04u-%02u-%02u", 2018 + static_cast<unsigned>(rng.below(7)),
                1 + static_cast<unsigned>(rng.below(12)), 1 + static_cast<unsigned>(rng.below(28)));
  std::string out = buf;
  const std::size_t form = rng.below(1000);
  if (form < 270) return out;
  std::snprintf(buf, sizeof buf, "T%02u:%02u:%02u", static_cast<unsigned>(rng.below(24)),
                static_cast<unsigned>(rng.below(60)), static_cast<unsigned>(rng.below(60)));
  out += buf;
  if (form >= 970) {
    std::snprintf(buf, sizeof buf, ".%03u", static_cast<unsigned>(rng.below(1000)));
    out += buf;
  }
  const std::size_t zone = rng.below(1000);
  out += zone < 720 ? "+00:00" : zone < 930 ? "+01:00" : zone < 980 ? "Z" : "+02:00";
  return out;
}

// A page's path: 5% with a query (1% of all with "&amp;"), 0.4% with raw non-ASCII letters and
// 0.1% with them percent-encoded, 5% with an apostrophe (an info finding each).
std::string mixed_path(Rng& rng, std::size_t index) {
  std::string path = std::string(rng.pick(kSections)) + "/" + slug(rng) + "-" + std::to_string(10000 + index);
  const std::size_t special = rng.below(1000);
  if (special < 4) path += "/caf\xc3\xa9-cr\xc3\xa8me";
  else if (special < 5) path += "/caf%C3%A9-cr%C3%A8me";
  else if (special < 55) path += "/men's-" + std::string(rng.pick(kWords));
  const std::size_t query = rng.below(1000);
  if (query < 10) path += "?page=" + std::to_string(1 + rng.below(20)) + "&amp;sort=price";
  else if (query < 50) path += "?page=" + std::to_string(1 + rng.below(20));
  return path;
}

// One <url>: a <lastmod> on 59% of entries, a <changefreq> on 36%, a <priority> on 38%; 1-2
// images on 15% (0.22 an entry), a video on 11%, a news block (long stale: a warning) on 1%;
// `alternates`, the entry's hreflang links.
std::string mixed_url(Rng& rng, std::size_t index, const std::string& loc, const std::string& alternates) {
  std::string out = "  <url>\n    <loc>" + loc + "</loc>\n";
  if (per_mille(rng, 590)) out += "    <lastmod>" + mixed_lastmod(rng) + "</lastmod>\n";
  if (per_mille(rng, 360)) out += "    <changefreq>" + std::string(rng.pick(kFreqs)) + "</changefreq>\n";
  if (per_mille(rng, 380)) out += "    <priority>" + std::string(rng.pick(kPriorities)) + "</priority>\n";
  out += alternates;
  if (per_mille(rng, 150)) {
    const std::size_t images = 1 + rng.below(2);
    for (std::size_t n = 1; n <= images; ++n) out += image_block(rng, index, n);
  }
  if (per_mille(rng, 110)) {
    out += "    <video:video>\n      <video:thumbnail_loc>https://cdn.example-shop.com/thumbs/" +
           std::to_string(index) + ".jpg</video:thumbnail_loc>\n      <video:title>" + slug(rng) +
           "</video:title>\n      <video:description>" + slug(rng) + " " + slug(rng) +
           "</video:description>\n      <video:content_loc>https://cdn.example-shop.com/video/" +
           std::to_string(index) + ".mp4</video:content_loc>\n      <video:duration>" +
           std::to_string(30 + rng.below(600)) + "</video:duration>\n    </video:video>\n";
  }
  if (per_mille(rng, 10)) {
    out +=
        "    <news:news>\n      <news:publication>\n        <news:name>Example Shop Magazine</news:name>\n"
        "        <news:language>en</news:language>\n      </news:publication>\n      <news:publication_date>" +
        mixed_lastmod(rng) + "</news:publication_date>\n      <news:title>" + slug(rng) +
        "</news:title>\n    </news:news>\n";
  }
  return out + "  </url>\n";
}

// The next entries of a mixed file: one, or (5.8% of the time, when `room` allows) an English page
// and its German twin, each with the pair's two hreflang links (0.22 links an entry). Of the single
// entries, 0.5% repeat the last <loc> (a duplicate: a warning) and 0.2% have a relative one (an
// error), as sites' own sitemaps do.
std::string mixed_entries(Rng& rng, std::size_t index, std::size_t room, std::size_t& made, std::string& last_loc) {
  const std::string host = "https://www.example-shop.com/";
  const std::string path = mixed_path(rng, index);
  if (room < 2 || !per_mille(rng, 58)) {
    made = 1;
    const std::size_t odd = rng.below(1000);
    if (odd >= 7 || last_loc.empty()) last_loc = host + path;
    else if (odd >= 5) last_loc = "/" + path;  // else the last one again
    return mixed_url(rng, index, last_loc, "");
  }
  made = 2;
  const std::string en = host + "en/" + path, de = host + "de/" + path;
  const std::string links = "    <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"" + en +
                            "\"/>\n    <xhtml:link rel=\"alternate\" hreflang=\"de\" href=\"" + de + "\"/>\n";
  last_loc = de;
  return mixed_url(rng, index, en, links) + mixed_url(rng, index + 1, de, links);
}

enum class Kind { Plain, Images, ImageHeavy, Large, Findings, Encoded, Fixable, Mixed };

// `defect` (0-3, or -1 for none): which one-finding defect the entry carries.
std::string entry(Rng& rng, Kind kind, std::size_t index, std::size_t pad_to, int defect) {
  std::string loc = kind == Kind::Encoded ? encoded_page_url(rng, index) : page_url(rng, index);
  // The same draws with or without a defect, so the findings twin is the plain file but for them.
  std::string date = rng.chance(95) ? lastmod(rng) : "";
  std::string freq = rng.chance(80) ? std::string(rng.pick(kFreqs)) : "";
  std::string priority = rng.chance(75) ? std::string(rng.pick(kPriorities)) : "";
  if (defect == 0) date = "2021-05-06T10:20:30";  // lastmod-missing-timezone
  if (defect == 1) priority = "1.5";  // priority-out-of-range
  if (defect == 2) freq = "Weekly";  // changefreq-invalid (a case-only mistake)
  if (defect == 3) date = "2021-05";  // lastmod-reduced-precision
  if (kind == Kind::Fixable) {  // loc-whitespace, field-whitespace, changefreq-invalid: each fixed
    loc = " " + loc + " ";
    if (!date.empty()) date = " " + date + " ";
    if (!freq.empty()) freq[0] = static_cast<char>(freq[0] - 'a' + 'A');
  }
  std::string tail;
  if (!date.empty()) tail += "    <lastmod>" + date + "</lastmod>\n";
  if (!freq.empty()) tail += "    <changefreq>" + freq + "</changefreq>\n";
  if (!priority.empty()) tail += "    <priority>" + priority + "</priority>\n";
  if (kind == Kind::Images || kind == Kind::ImageHeavy) {
    const std::size_t images = kind == Kind::Images ? 1 + rng.below(2) : 2 + rng.below(5);
    for (std::size_t n = 1; n <= images; ++n) tail += image_block(rng, index, n);
  }
  const std::string_view open = "  <url>\n    <loc>", close_loc = "</loc>\n", close = "  </url>\n";
  const std::size_t fixed = open.size() + loc.size() + close_loc.size() + tail.size() + close.size();
  if (kind == Kind::Large && pad_to > fixed) {
    // Fill the entry's byte budget with a query string, cut to the exact length needed. A cut
    // never splits "&amp;" because the end is then padded with plain letters instead.
    const std::size_t want = pad_to - fixed;
    std::string query = long_query(rng, want);
    query.resize(want);
    const auto amp = query.rfind('&');
    if (amp != std::string::npos && amp + 5 > query.size())
      query.replace(amp, std::string::npos, query.size() - amp, 'x');
    loc += query;
  }
  return std::string(open) + loc + std::string(close_loc) + tail + std::string(close);
}

// `text` as a JSON string's contents.
std::string json_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

// A language server session over `document`: open it, ask for "fix all", shut down, exit.
std::string lsp_fix_all_session(std::string_view document) {
  const std::string uri = "file:///bench/fixable.xml";
  const std::string messages[] = {
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}})",
      R"({"jsonrpc":"2.0","method":"initialized","params":{}})",
      R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":")" + uri +
          R"(","languageId":"xml","version":1,"text":")" + json_escaped(document) + R"("}}})",
      R"({"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":")" + uri +
          R"("},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},)" +
          R"("context":{"diagnostics":[],"only":["source.fixAll"]}}})",
      R"({"jsonrpc":"2.0","id":3,"method":"shutdown"})",
      R"({"jsonrpc":"2.0","method":"exit"})"};
  std::string out;
  for (const std::string& body : messages) out += "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  return out;
}

// A text sitemap of `urls` lines, written a megabyte at a time.
int write_text_sitemap(const char* path, std::size_t urls) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  std::string chunk;
  std::size_t written = 0;
  for (std::size_t i = 0; i < urls; ++i) {
    chunk += "https://www.example.com/p/" + std::to_string(i) + "\n";
    if (chunk.size() >= (1u << 20) || i + 1 == urls) {
      out << chunk;
      written += chunk.size();
      chunk.clear();
    }
  }
  out.close();
  if (!out) {
    std::fprintf(stderr, "writing %s failed\n", path);
    return 1;
  }
  std::printf("%s: %zu URLs, %zu bytes\n", path, urls, written);
  return 0;
}

// A built site for --pages: DIR/public/p/N/index.html for N < pages (a realistic head, then a
// body of about 2 KB that the page checks never need), and DIR/sitemap.xml listing each page.
int write_site(const char* dir, std::size_t pages) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(dir) / "public";
  std::string sitemap =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
  std::string body;
  for (int p = 0; p < 30; ++p) body += "<p>Text of the page, as any page has, which no head reading needs.</p>\n";
  for (std::size_t i = 0; i < pages; ++i) {
    const std::string path = "/p/" + std::to_string(i) + "/";
    const std::string url = "https://www.example.com" + path;
    sitemap += "  <url><loc>" + url + "</loc><lastmod>2024-05-01</lastmod></url>\n";
    fs::create_directories(root / "p" / std::to_string(i));
    std::ofstream(root / "p" / std::to_string(i) / "index.html", std::ios::binary)
        << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
           "content=\"width=device-width, initial-scale=1\">\n<title>Page "
        << i << "</title>\n<link rel=\"canonical\" href=\"" << url
        << "\">\n<link rel=\"stylesheet\" href=\"/style.css\">\n<meta name=\"description\" content=\"Page " << i
        << " of the site\">\n</head>\n<body>\n"
        << body << "</body>\n</html>\n";
  }
  std::ofstream out(fs::path(dir) / "sitemap.xml", std::ios::binary | std::ios::trunc);
  out << sitemap << "</urlset>\n";
  if (!out) {
    std::fprintf(stderr, "writing %s failed\n", dir);
    return 1;
  }
  std::printf("%s: %zu pages\n", dir, pages);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3 || argc > 6) {
    std::fprintf(
        stderr,
        "usage: %s plain|images|image-heavy|large|findings|encoded|mixed|fixable|lsp-fix-all|text FILE [URLS [SEED "
        "[FINDINGS]]]\n       %s site DIR [PAGES]\n",
        argv[0], argv[0]);
    return 2;
  }
  const std::string_view kind_name = argv[1];
  if (kind_name == "site") return write_site(argv[2], argc >= 4 ? std::strtoull(argv[3], nullptr, 10) : 50'000);
  if (kind_name == "text") return write_text_sitemap(argv[2], argc >= 4 ? std::strtoull(argv[3], nullptr, 10) : 50'000);
  Kind kind;
  if (kind_name == "plain") kind = Kind::Plain;
  else if (kind_name == "images") kind = Kind::Images;
  else if (kind_name == "image-heavy") kind = Kind::ImageHeavy;
  else if (kind_name == "large") kind = Kind::Large;
  else if (kind_name == "findings") kind = Kind::Findings;
  else if (kind_name == "encoded") kind = Kind::Encoded;
  else if (kind_name == "mixed") kind = Kind::Mixed;
  else if (kind_name == "fixable" || kind_name == "lsp-fix-all") kind = Kind::Fixable;
  else {
    std::fprintf(stderr, "unknown kind '%s'\n", argv[1]);
    return 2;
  }
  const std::size_t urls = argc >= 4 ? std::strtoull(argv[3], nullptr, 10) : 50'000;
  const std::uint64_t seed = argc >= 5 ? std::strtoull(argv[4], nullptr, 10) : 1;
  const std::size_t findings = kind != Kind::Findings ? 0 : argc >= 6 ? std::strtoull(argv[5], nullptr, 10) : 20'000;
  if (findings > urls || findings > 40'000) {
    std::fprintf(stderr, "at most one finding per URL, and 40,000 in all (10,000 per rule)\n");
    return 2;
  }
  std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
  if (!out) {
    std::fprintf(stderr, "cannot write %s\n", argv[2]);
    return 1;
  }
  std::string head =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"";
  if (kind == Kind::Images || kind == Kind::ImageHeavy)
    head += "\n        xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\"";
  if (kind == Kind::Mixed)
    head +=
        "\n        xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\""
        "\n        xmlns:video=\"http://www.google.com/schemas/sitemap-video/1.1\""
        "\n        xmlns:news=\"http://www.google.com/schemas/sitemap-news/0.9\""
        "\n        xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"";
  head += ">\n";
  const std::string foot = "</urlset>\n";
  // A session's document is put together first, then written inside its didOpen message.
  const bool session = kind_name == "lsp-fix-all";
  std::string document;
  const auto emit = [&](const std::string& text) {
    if (session) document += text;
    else out << text;
  };
  emit(head);
  std::size_t written = head.size();
  // The findings and fixable twins draw the plain file's stream: the same entries, changed.
  const Kind stream = kind == Kind::Findings || kind == Kind::Fixable ? Kind::Plain : kind;
  // The seed is scrambled into the state: splitmix64 states a fixed step apart are the same
  // stream shifted, so seeds added linearly would make overlapping files.
  Rng rng(Rng(kSeed ^ static_cast<std::uint64_t>(stream) ^ (seed << 32)).next());
  std::size_t defects = 0;
  std::string last_loc;  // the mixed kind's, for its duplicates
  for (std::size_t i = 0; i < urls; ++i) {
    // The defective entries are spread evenly over the file.
    int defect = -1;
    if (defects < findings && (i + 1) * findings / urls > defects) defect = static_cast<int>(defects++ % 4);
    // The large file spreads what is left of its budget evenly over the remaining entries.
    const std::size_t pad_to = kind == Kind::Large ? (kLargeTarget - written - foot.size()) / (urls - i) : 0;
    // Entries are numbered on from the files of lower seeds, so every <loc> of a site is unique.
    std::size_t made = 1;
    const std::string e = kind == Kind::Mixed ? mixed_entries(rng, (seed - 1) * urls + i, urls - i, made, last_loc)
                                              : entry(rng, kind, (seed - 1) * urls + i, pad_to, defect);
    i += made - 1;
    emit(e);
    written += e.size();
  }
  emit(foot);
  written += foot.size();
  if (session) out << lsp_fix_all_session(document);
  out.close();
  if (!out) {
    std::fprintf(stderr, "writing %s failed\n", argv[2]);
    return 1;
  }
  std::printf("%s: %zu URLs, %zu bytes%s\n", argv[2], urls, written, session ? " (the document)" : "");
  return 0;
}
