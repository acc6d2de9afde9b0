// The files a run writes (reports, baselines, fixed sitemaps), written so that nothing is lost:
// never over a file the run reads, by whatever name it is given, and through a temporary file in
// the same folder that is renamed into place only when whole, so that a run killed (SIGTERM,
// SIGKILL) or out of disk space leaves the file it was writing as it was.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace sitemaplint {

// A file's identity: its device and inode, the same under every name of it (a relative or
// absolute spelling, a symbolic link to it, a hard link).
struct FileIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileIdentity&) const = default;
};

// The file `path` names, through symbolic links ("-": what standard input reads); nullopt for a
// URL or a name that names nothing.
std::optional<FileIdentity> identity_of(const std::string& path);

// Why `option` may not write `output`: it is one of `inputs` under some name. Empty when it may.
std::string overwrites_input(std::string_view option, const std::string& output,
                             const std::vector<std::string>& inputs);

// What a committed file has been through besides the rename. Written: the kernel has every byte,
// which is all a report or a baseline needs (a run killed, or a full disk, cannot leave it half
// written; a write error shows at write() or close()). Synced: on the disk too, before the rename,
// so that a fixed sitemap, which replaces the only copy, survives the machine crashing as well.
// (Syncing a 7 MB JSON report made writing it a seventh slower.)
enum class Durability { Written, Synced };

// One file being written. A file that exists is replaced whole, keeping its owner and mode (a
// new file gets 0666 less the umask); a symbolic link is followed, so the file it names is
// replaced and the link kept. A device or a FIFO (/dev/null, a pipe), and a name of a descriptor
// (/dev/stdout, /dev/fd/N), are written to directly: there is nothing to replace.
class OutputFile {
 public:
  explicit OutputFile(Durability durability = Durability::Written);
  ~OutputFile();  // not committed: the temporary file goes, and the file is as it was
  OutputFile(OutputFile&&) noexcept;
  OutputFile& operator=(OutputFile&&) noexcept;

  // Starts writing `path`: a temporary file beside it, unnamed where the file system allows (so a
  // run killed while writing leaves nothing behind). False with *error ("PATH: why") when not even
  // that can be made.
  bool open(const std::string& path, std::string* error);
  std::ostream& stream();
  // Everything written is written out (flushed, given its owner and mode, synced if asked). False with
  // *error saying why (the system's reason: "No space left on device") when it did not; the
  // temporary file is removed then.
  bool finish(std::string* error);
  // Puts the finished file in place (finishing it first if need be): renamed over the old one.
  bool commit(std::string* error);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Writes `content` to `path` through an OutputFile.
bool write_output_file(const std::string& path, std::string_view content, Durability durability, std::string* error);

}  // namespace sitemaplint
