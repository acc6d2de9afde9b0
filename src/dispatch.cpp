#include "dispatch.h"

#include "analysis/message_text.h"
#include "url_analysis.h"

namespace sitemaplint {

Dispatch::Dispatch(std::vector<ActiveRule>& rules, std::vector<Diagnostic>& diagnostics)
    : diagnostics_(diagnostics) {
  for (ActiveRule& active : rules) {
    const Subscriptions& s = active.subscriptions;
    if (s.document_) document_.push_back(&active);
    if (s.text_) text_.push_back(&active);
    if (s.entries_) entries_.push_back(&active);
    for (std::size_t kind = 0; kind < kUrlFieldKinds; ++kind) {
      if (s.url_kinds_ & Subscriptions::url_kind_bit(static_cast<UrlFieldKind>(kind))) {
        urls_[kind].push_back(&active);
        wants_urls_ = true;
      }
    }
    if (s.finish_) finish_.push_back(&active);
    for (const Subscriptions::Pattern& p : s.elements_) subscribe(elements_, p, &active);
    for (const Subscriptions::Pattern& p : s.extensions_) subscribe(extensions_, p, &active);
  }
}

void Dispatch::subscribe(std::vector<Subscribers>& list, const Subscriptions::Pattern& p, ActiveRule* active) {
  for (Subscribers& s : list) {
    if (s.pattern.ns == p.ns && s.pattern.local_name == p.local_name) {
      s.rules.push_back(active);
      return;
    }
  }
  list.push_back({p, {active}});
}

bool Dispatch::matches(const Subscriptions::Pattern& p, std::string_view ns, bool in_sitemap_ns,
                       std::string_view local_name) {
  if (!p.local_name.empty() && !same_name(p.local_name, local_name)) return false;
  if (p.ns == Subscriptions::kAnyNamespace) return true;
  if (p.ns == Subscriptions::kDocumentNamespace) return in_sitemap_ns;
  return same_namespace(p.ns, ns);
}

void Dispatch::document(const Document& doc) {
  for (ActiveRule* active : document_) active->rule->on_document(doc, active->sink);
}

void Dispatch::element(const Element& e) {
  for (const Subscribers& s : elements_) {
    if (!matches(s.pattern, e.ns, e.in_sitemap_ns, e.local_name)) continue;
    for (ActiveRule* active : s.rules) active->rule->on_element(e, active->sink);
  }
}

void Dispatch::text(const TextRun& run) {
  for (ActiveRule* active : text_) active->rule->on_text(run, active->sink);
}

void Dispatch::entry_begins() { entry_mark_ = diagnostics_.size(); }

void Dispatch::entry(const Entry& entry, std::span<const UrlField> urls) {
  for (const UrlField& url : urls) {
    for (ActiveRule* active : urls_[static_cast<std::size_t>(url.kind)]) active->rule->on_url(url, active->sink);
  }
  if (!extensions_.empty()) {
    for (const ExtensionBlock& block : entry.extensions) {
      for (ActiveRule* active : extension_subscribers(block.root())) {
        active->rule->on_extension(block, entry, active->sink);
      }
    }
  }
  for (ActiveRule* active : entries_) active->rule->on_entry(entry, active->sink);
  // A URL longer than any valid one is no useful key (and copying it per finding would cost).
  if (diagnostics_.size() > entry_mark_ && entry.loc.present && entry.loc.trimmed().size() <= 4096) {
    const std::string subject(entry.loc.trimmed());
    for (std::size_t i = entry_mark_; i < diagnostics_.size(); ++i) {
      if (diagnostics_[i].subject.empty()) diagnostics_[i].subject = subject;
    }
  }
  entry_mark_ = diagnostics_.size();
}

const std::vector<ActiveRule*>& Dispatch::extension_subscribers(const ExtensionNode& root) {
  // The same namespace (by address: the walker's) and name as the last block's: the same rules.
  const bool same_as_last = root.ns.data() == last_root_ns_.data() && root.ns.size() == last_root_ns_.size() &&
                            same_name(root.local_name, last_root_name_) && !last_root_ns_.empty();
  if (!same_as_last) {
    last_root_ns_ = root.ns;
    last_root_name_.assign(root.local_name);
    last_root_rules_.clear();
    for (const Subscribers& s : extensions_) {
      if (matches(s.pattern, root.ns, false, root.local_name)) {
        last_root_rules_.insert(last_root_rules_.end(), s.rules.begin(), s.rules.end());
      }
    }
  }
  return last_root_rules_;
}

void Dispatch::finish(const Document& doc) {
  for (ActiveRule* active : finish_) active->rule->on_finish(doc, active->sink);
}

const UrlAnalysis& UrlField::analysis() const { return cache->get(*field); }

std::string UrlField::quoted_value() const {
  const std::string value = quoted(analysis().trimmed);
  return kind == UrlFieldKind::Loc ? value : std::string(label) + " " + value;
}

}  // namespace sitemaplint
