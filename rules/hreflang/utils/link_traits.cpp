#include "rules/hreflang/utils/link_traits.h"

namespace sitemaplint {

std::uint32_t link_traits(const ExtensionBlock& block, const Entry& entry) {
  if (entry.kind != EntryKind::Url || block.nodes.size() != 1 || !is_link_block(block)) return kIrregularLink;
  const ExtensionNode& root = block.root();
  std::uint32_t traits = 0;
  const Attribute *rel = nullptr, *hreflang = nullptr, *href = nullptr, *media = nullptr;
  for (const Attribute& a : root.attributes) {
    const Attribute** slot = !a.ns.empty()                ? nullptr
                             : a.local_name == "rel"      ? &rel
                             : a.local_name == "hreflang" ? &hreflang
                             : a.local_name == "href"     ? &href
                             : a.local_name == "media"    ? &media
                                                          : nullptr;
    if (!slot || *slot) traits |= kLinkOtherAttribute;
    else *slot = &a;
  }
  // A separate mobile page's link (is_media_alternate) takes media, and needs no hreflang.
  if (media && hreflang) traits |= kLinkOtherAttribute;
  if (!href || (!media && (!hreflang || trim_xml_space(hreflang->value.value).empty()))) traits |= kLinkLacksAttribute;
  if (!rel || rel->value.value != "alternate") traits |= kLinkRelUnusual;
  // Supported, and written as canonical_tag writes it (or as is_conventional_case lets pass),
  // without white space around it: no code rule has anything to say.
  const std::optional<LinkCode> code = link_code(block, entry);
  bool usual = code && code->code.size() == code->hreflang->value.value.size();
  if (usual) {
    const CodeFacts facts = code_facts(code->code);  // the value link_code() read, kept
    usual = facts.key != kNoCode && !facts.reserved_region &&
            (code->tag.shape == TagShape::XDefault ? code->code == "x-default" : facts.conventional_case);
  }
  if (!usual) traits |= kLinkCodeUnusual;
  return traits;
}

}  // namespace sitemaplint
