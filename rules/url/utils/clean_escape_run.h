// Whether SM216 (loc-percent-encoding) would report a run of percent-escapes, decided as the run
// is decoded, one byte at a time, with no copy: the rule decodes a run again only to report it.
#pragma once

namespace sitemaplint {

// Whether check_run would find nothing in a run of escapes, told its bytes one at a time as they
// are decoded: in a path, UTF-8 without a control character (C0, DEL or C1: U+0080 to U+009F is
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
