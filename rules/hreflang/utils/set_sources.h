// The texts and positions a set-level rule quotes in its messages ("'https://...' at
// sitemap-de.xml:12:5"), read from the files of the run in one pass per file: a rule first asks
// for everything it will need, then resolve() reads each file once (again, if its bytes were
// given up after linting), however the findings alternate between files.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "analysis/line_index.h"
#include "rule.h"

namespace sitemaplint {

class SetSources {
 public:
  using Handle = std::size_t;
  // The text at [offset, offset + length) of a file, entities decoded.
  Handle text(std::size_t file, std::size_t offset, std::size_t length);
  // "path:line:col" of an offset of a file.
  Handle place(std::size_t file, std::size_t offset);

  void resolve(const SetView& set, SetSink& sink);
  const std::string& operator[](Handle h) const { return requests_[h].result; }

 private:
  struct Request {
    std::size_t file, offset, length;
    bool place;
    std::string result;
  };
  std::vector<Request> requests_;
};

// A related location at `offset` of file `to`, for a finding in file `from` (the path is named
// only when the files differ, as RelatedLocation wants).
RelatedLocation related_place(const SetView& set, std::size_t from, std::size_t to, std::size_t offset,
                              std::string message);

// Past kMaxFindingsPerRule findings in one file the sink only counts them: their texts need not
// be read. admit() says whether the next finding in `file` will be shown.
class QuoteBudget {
 public:
  bool admit(std::size_t file);

 private:
  std::map<std::size_t, std::size_t> used_;
};

}  // namespace sitemaplint
