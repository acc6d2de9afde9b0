// The room a large input is read or inflated into, asked for so that its pages cost as few page
// faults as can be: each fault of first touch is a trap into the kernel (on a virtual machine,
// often one into the host too; on one of them 15 us a page of 4 KiB, against under a microsecond
// in a huge page).
#pragma once

#include <cstddef>
#include <string>

namespace sitemaplint {

// Reserves room in `buffer` (empty) for `size` bytes to be written into it front to back. Where huge
// pages suit the size (analysis/huge_pages.h), one huge page more, so that the bytes past the last huge-page
// boundary below the end lie in a huge page as well, and the small pages before the first boundary
// made present in one call, not faulted in one by one. Otherwise, a plain reserve.
void reserve_read_room(std::string& buffer, std::size_t size);

}  // namespace sitemaplint
