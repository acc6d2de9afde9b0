#include "rules/hreflang/utils/set_sources.h"

#include <algorithm>
#include <numeric>

#include "analysis/xml_text.h"

namespace sitemaplint {

SetSources::Handle SetSources::text(std::size_t file, std::size_t offset, std::size_t length) {
  requests_.push_back({file, offset, length, false, {}});
  return requests_.size() - 1;
}

SetSources::Handle SetSources::place(std::size_t file, std::size_t offset) {
  requests_.push_back({file, offset, 0, true, {}});
  return requests_.size() - 1;
}

void SetSources::resolve(const SetView& set, SetSink& sink) {
  std::vector<std::size_t> order(requests_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return requests_[a].file < requests_[b].file; });
  for (std::size_t k = 0; k < order.size();) {
    const std::size_t file = requests_[order[k]].file;
    std::size_t end = k;
    bool places = false;
    while (end < order.size() && requests_[order[end]].file == file) places |= requests_[order[end++]].place;
    // Positions need the file from its start; texts alone are read where they are.
    const std::string_view whole = places ? sink.text(file, 0, std::string_view::npos) : std::string_view();
    // The places in offset order, counted in one pass that keeps no line starts (PositionCursor):
    // an index of every line of each file, made again by each rule, was a fifth of a 200-file
    // set's checks across files.
    std::vector<std::size_t> in_order;
    for (std::size_t i = k; i < end; ++i) {
      if (requests_[order[i]].place) in_order.push_back(order[i]);
    }
    std::stable_sort(in_order.begin(), in_order.end(),
                     [&](std::size_t a, std::size_t b) { return requests_[a].offset < requests_[b].offset; });
    PositionCursor cursor(whole);
    for (const std::size_t h : in_order) {
      Request& r = requests_[h];
      const Position at = cursor.at(r.offset);
      r.result = std::string(set.files[file].path) + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
    }
    for (; k < end; ++k) {
      Request& r = requests_[order[k]];
      if (r.place) continue;
      const std::string_view raw =
          places ? whole.substr(std::min(r.offset, whole.size()), r.length) : sink.text(file, r.offset, r.length);
      decode_entities(raw, &r.result);
    }
  }
}

RelatedLocation related_place(const SetView& set, std::size_t from, std::size_t to, std::size_t offset,
                              std::string message) {
  return RelatedLocation{offset, std::move(message), from == to ? std::string() : std::string(set.files[to].path)};
}

bool QuoteBudget::admit(std::size_t file) { return used_[file]++ < kMaxFindingsPerRule; }

}  // namespace sitemaplint
