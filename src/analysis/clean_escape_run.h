// Whether a run of percent-escapes decodes to what a URL should hold (RFC 3986 section 2.5, RFC
// 3987: UTF-8, and no control character), decided as the run is decoded, one byte at a time, with
// no copy. The URL scan (uri_scan.h) decides it for every run of the common URL, and
// loc-percent-encoding (SM216) reports the runs it finds unclean, decoding them again to say why.
#pragma once

namespace sitemaplint {

// Whether SM216's check_run would find nothing in a run of escapes, told its bytes one at a time
// as they are decoded: in a path, UTF-8 without a control character (C0, DEL or C1: U+0080 to U+009F is
// 0xC2 then 0x80 to 0x9F); in a query, no NUL before its first byte from 0x80 (the rest is the
// application's). One pass with no copy: an encoded non-English path is mostly escapes.
class CleanRun {
 public:
  explicit CleanRun(bool in_path) : in_path_(in_path) {}

  void add(unsigned char b) {
    if (settled_) return;
    if (!in_path_) {
      if (b >= 0x80 || b == 0) settle(b != 0);
      return;
    }
    if (need_ > 0) {  // a continuation byte, within the range the lead byte allows
      if (b < low_ || b > high_) return settle(false);
      low_ = 0x80;
      high_ = 0xBF;
      --need_;
      return;
    }
    if (b < 0x80) {
      if (b < 0x20 || b == 0x7F) settle(false);
      return;
    }
    // RFC 3629's table of well-formed sequences: the lead byte and the range of the byte after it.
    if (b >= 0xC2 && b <= 0xDF) expect(1, b == 0xC2 ? 0xA0 : 0x80, 0xBF);
    else if (b == 0xE0) expect(2, 0xA0, 0xBF);
    else if (b == 0xED) expect(2, 0x80, 0x9F);
    else if (b >= 0xE1 && b <= 0xEF) expect(2, 0x80, 0xBF);
    else if (b == 0xF0) expect(3, 0x90, 0xBF);
    else if (b >= 0xF1 && b <= 0xF3) expect(3, 0x80, 0xBF);
    else if (b == 0xF4) expect(3, 0x80, 0x8F);
    else settle(false);
  }

  bool clean() const { return settled_ ? clean_ : need_ == 0; }

 private:
  void settle(bool clean) {
    settled_ = true;
    clean_ = clean;
  }
  void expect(int need, unsigned char low, unsigned char high) {
    need_ = need;
    low_ = low;
    high_ = high;
  }

  bool in_path_;
  bool settled_ = false;
  bool clean_ = false;
  int need_ = 0;  // continuation bytes still to come
  unsigned char low_ = 0x80, high_ = 0xBF;  // the range of the next one
};

}  // namespace sitemaplint
