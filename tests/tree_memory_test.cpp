// TreeMemory: pugixml's tree in reserved address space. A tree parsed there is the tree parsed on
// the heap; a tree that outgrows the room continues on the heap; memory pugixml took from the heap
// (before any TreeMemory, or without one) is given back to the heap, never to a TreeMemory.
#include <doctest/doctest.h>

#include <pugixml.hpp>

#include <string>

#include "test_support.h"
#include "tree_memory.h"

using namespace sitemaplint;

namespace {

constexpr unsigned kFlags = pugi::parse_declaration | pugi::parse_comments | pugi::parse_cdata;

std::string sitemap(std::size_t urls) {
  std::string xml = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">";
  for (std::size_t i = 0; i < urls; ++i) {
    xml += "<url><loc>https://example.com/" + std::to_string(i) + "</loc><lastmod>2024-01-01</lastmod></url>";
  }
  return xml + "</urlset>";
}

// Every name and value of the tree, in document order: what the walk reads.
std::string dump(const pugi::xml_document& doc) {
  std::string out;
  for (pugi::xml_node node = doc.first_child(); node;) {
    out += node.name();
    out += '|';
    out += node.value();
    out += '\n';
    if (node.first_child()) {
      node = node.first_child();
      continue;
    }
    while (node && !node.next_sibling()) node = node.parent();
    if (node) node = node.next_sibling();
  }
  return out;
}

std::string parsed_on_heap(std::string xml) {
  pugi::xml_document doc;
  REQUIRE(doc.load_buffer_inplace(xml.data(), xml.size(), kFlags, pugi::encoding_utf8));
  return dump(doc);
}

}  // namespace

TEST_CASE("tree memory: a tree parsed in it is the tree parsed on the heap, and it holds the tree") {
  const std::string xml = sitemap(20'000);
  const std::string expected = parsed_on_heap(xml);
  std::string bytes = xml;
  const std::unique_ptr<TreeMemory> memory = TreeMemory::for_input(bytes.size());
  REQUIRE(memory);
  pugi::xml_document doc;
  {
    const TreeMemory::Scope scope(memory.get());
    REQUIRE(doc.load_buffer_inplace(bytes.data(), bytes.size(), kFlags, pugi::encoding_utf8));
  }
  CHECK(memory->used() > bytes.size());  // the tree's pages came from it, not from the heap
  CHECK(dump(doc) == expected);
  doc.reset();  // gives its pages back before the memory goes
}

TEST_CASE("tree memory: a tree larger than the room goes on on the heap") {
  // A tiny input's room (4 MiB and a little) is far smaller than this document's tree.
  const std::unique_ptr<TreeMemory> memory = TreeMemory::for_input(1);
  REQUIRE(memory);
  std::string bytes = sitemap(60'000);
  const std::string expected = parsed_on_heap(bytes);
  pugi::xml_document doc;
  {
    const TreeMemory::Scope scope(memory.get());
    REQUIRE(doc.load_buffer_inplace(bytes.data(), bytes.size(), kFlags, pugi::encoding_utf8));
  }
  CHECK(memory->used() > 0);
  CHECK(dump(doc) == expected);
  doc.reset();
}

TEST_CASE("tree memory: outside a scope, and after its memory is gone, pugixml uses the heap") {
  std::string first = sitemap(3'000);
  pugi::xml_document heap_doc;  // parsed before any scope on this thread: heap pages
  REQUIRE(heap_doc.load_buffer_inplace(first.data(), first.size(), kFlags, pugi::encoding_utf8));
  {
    const std::unique_ptr<TreeMemory> memory = TreeMemory::for_input(first.size());
    REQUIRE(memory);
    std::string second = sitemap(3'000);
    pugi::xml_document doc;
    {
      const TreeMemory::Scope scope(memory.get());
      REQUIRE(doc.load_buffer_inplace(second.data(), second.size(), kFlags, pugi::encoding_utf8));
    }
    const std::size_t used = memory->used();
    std::string third = sitemap(3'000);
    pugi::xml_document after_scope;  // the scope has ended: heap again
    REQUIRE(after_scope.load_buffer_inplace(third.data(), third.size(), kFlags, pugi::encoding_utf8));
    CHECK(memory->used() == used);
    doc.reset();
  }
  // The heap document outlived the memory and is still whole; its pages go back to the heap
  // (a wrong free would abort, or fail under AddressSanitizer).
  CHECK(dump(heap_doc) == parsed_on_heap(sitemap(3'000)));
}

TEST_CASE("tree memory: advising huge pages never changes the bytes") {
  std::string bytes(5u << 20, 'x');
  advise_huge_pages(bytes.data(), bytes.size());
  advise_huge_pages(bytes.data(), 10);  // less than a huge page: nothing to advise
  advise_huge_pages(nullptr, 0);
  CHECK(bytes == std::string(5u << 20, 'x'));
}

TEST_CASE("tree memory: what the last huge page holds past the tree is given back, and the tree stays whole") {
  std::string bytes = sitemap(20'000);
  const std::string expected = parsed_on_heap(bytes);
  const std::unique_ptr<TreeMemory> memory = TreeMemory::for_input(bytes.size());
  REQUIRE(memory);
  pugi::xml_document doc;
  {
    const TreeMemory::Scope scope(memory.get());
    REQUIRE(doc.load_buffer_inplace(bytes.data(), bytes.size(), kFlags, pugi::encoding_utf8));
  }
  memory->release_unused();
  memory->release_unused();  // twice: nothing more to give
  CHECK(dump(doc) == expected);
  doc.reset();
}

TEST_CASE("huge pages: asked for only where the kernel gives them on request without stalling") {
  CHECK(huge_pages_pay("always [madvise] never", "always defer defer+madvise [madvise] never"));
  CHECK(huge_pages_pay("always [madvise] never", "always defer [defer+madvise] madvise never"));
  CHECK(huge_pages_pay("always [madvise] never", "always defer defer+madvise madvise [never]"));
  // Every huge page fault may stall to compact memory.
  CHECK_FALSE(huge_pages_pay("always [madvise] never", "[always] defer defer+madvise madvise never"));
  // Given unasked, or never.
  CHECK_FALSE(huge_pages_pay("[always] madvise never", "always defer defer+madvise [madvise] never"));
  CHECK_FALSE(huge_pages_pay("always madvise [never]", "always defer defer+madvise [madvise] never"));
  // No THP in this kernel: the files are missing and read as empty.
  CHECK_FALSE(huge_pages_pay("", ""));
  CHECK_FALSE(huge_pages_pay("madvise", "madvise"));
}

TEST_CASE("huge pages: a tree's room has them only as far as the tree fills it, up to 32 MiB of input") {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  CHECK(TreeMemory::huge_page_bytes(0) == 0);
  CHECK(TreeMemory::huge_page_bytes(200) == 0);  // a 1-URL sitemap
  CHECK(TreeMemory::huge_page_bytes(kMiB - 1) == 0);
  CHECK(TreeMemory::huge_page_bytes(kMiB) == 2 * kMiB);
  CHECK(TreeMemory::huge_page_bytes(10 * kMiB + 5) == 20 * kMiB);
  CHECK(TreeMemory::huge_page_bytes(25 * kMiB / 2) == 24 * kMiB);
  // From 32 MiB of input, none: they saved nothing there.
  CHECK(TreeMemory::huge_page_bytes(32 * kMiB - 1) == 62 * kMiB);
  CHECK(TreeMemory::huge_page_bytes(32 * kMiB) == 0);
  CHECK(TreeMemory::huge_page_bytes(50 * kMiB) == 0);
}

TEST_CASE("huge pages: an input's bytes have them from 1 MiB to 32 MiB") {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  CHECK_FALSE(huge_pages_suit(0));
  CHECK_FALSE(huge_pages_suit(kMiB - 1));
  CHECK(huge_pages_suit(kMiB));
  CHECK(huge_pages_suit(25 * kMiB));
  CHECK(huge_pages_suit(32 * kMiB - 1));
  CHECK_FALSE(huge_pages_suit(32 * kMiB));
  CHECK_FALSE(huge_pages_suit(std::size_t{1} << 30));
}

TEST_CASE("tree memory: a room given back is the thread's next document's, its old tree written over") {
  std::string first = sitemap(20'000);
  std::unique_ptr<TreeMemory> memory = TreeMemory::for_input(first.size());
  REQUIRE(memory);
  const TreeMemory* room = memory.get();
  {
    pugi::xml_document doc;
    const TreeMemory::Scope scope(memory.get());
    REQUIRE(doc.load_buffer_inplace(first.data(), first.size(), kFlags, pugi::encoding_utf8));
  }
  TreeMemory::give_back(std::move(memory));
  // A smaller document takes the same room, from its start, and its tree is whole.
  const std::string xml = sitemap(3'000);
  const std::string expected = parsed_on_heap(xml);
  std::string second = xml;
  std::unique_ptr<TreeMemory> again = TreeMemory::for_input(second.size());
  REQUIRE(again.get() == room);
  CHECK(again->used() == 0);
  pugi::xml_document doc;
  {
    const TreeMemory::Scope scope(again.get());
    REQUIRE(doc.load_buffer_inplace(second.data(), second.size(), kFlags, pugi::encoding_utf8));
  }
  CHECK(again->used() > second.size());
  CHECK(dump(doc) == expected);
  doc.reset();
  TreeMemory::give_back(std::move(again));
  // A document that needs more room than the one kept gets a room of its own.
  const std::unique_ptr<TreeMemory> larger = TreeMemory::for_input(first.size() * 8);
  REQUIRE(larger);
  CHECK(larger.get() != room);
}
