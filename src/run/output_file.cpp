#include "run/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <streambuf>
#include <vector>

#include "run/lint_many.h"

namespace sitemaplint {

std::optional<FileIdentity> identity_of(const std::string& path) {
  if (is_url(path)) return std::nullopt;
  struct stat info {};
  if (path == "-") {
    // Standard input redirected from a file is that file; a terminal or a pipe is no file to keep.
    if (::fstat(STDIN_FILENO, &info) != 0 || !S_ISREG(info.st_mode)) return std::nullopt;
  } else if (::stat(path.c_str(), &info) != 0) {
    return std::nullopt;
  }
  return FileIdentity{info.st_dev, info.st_ino};
}

std::string overwrites_input(std::string_view option, const std::string& output,
                             const std::vector<std::string>& inputs) {
  const std::optional<FileIdentity> written = identity_of(output);
  if (!written) return {};
  for (const std::string& input : inputs) {
    if (identity_of(input) != written) continue;
    std::string refusal = std::string(option) + ": '" + output + "' is one of the inputs; refusing to overwrite it";
    if (input == "-") return refusal + " (standard input reads it)";
    return input == output ? refusal : refusal + " ('" + input + "' is the same file)";
  }
  return {};
}

namespace {

// Writes all of `bytes` to `fd`; false with errno set on an error.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;  // no progress and no reason: never spin
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// A stream buffer on a file descriptor that keeps the reason of a failed write (errno), which an
// std::ofstream loses: a full disk must be named as such.
class FdBuffer final : public std::streambuf {
 public:
  explicit FdBuffer(int fd) : fd_(fd), space_(kSize) { setp(space_.data(), space_.data() + space_.size()); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    const auto count = static_cast<std::size_t>(n);
    if (count > static_cast<std::size_t>(epptr() - pptr())) {
      if (!drain()) return 0;
      if (count >= kSize) return write_out(std::string_view(s, count)) ? n : 0;  // a large block: as it is
    }
    std::memcpy(pptr(), s, count);
    pbump(static_cast<int>(count));
    return n;
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  static constexpr std::size_t kSize = std::size_t{1} << 16;
  bool write_out(std::string_view bytes) {
    if (error_ == 0 && !write_all(fd_, bytes)) error_ = errno;
    return error_ == 0;
  }
  bool drain() {
    const bool ok = write_out(std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())));
    setp(space_.data(), space_.data() + space_.size());
    return ok;
  }
  int fd_;
  std::vector<char> space_;
  int error_ = 0;
};

// The file `path` names, through its symbolic links, even one to a file not there yet (which is
// then created where the link points, the link kept).
std::string resolved(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path at = path;
  std::error_code ec;
  for (int hop = 0; hop < 40 && fs::is_symlink(at, ec); ++hop) {
    const fs::path next = fs::read_symlink(at, ec);
    if (ec) break;
    at = next.is_absolute() ? next : at.parent_path() / next;
  }
  const fs::path canonical = fs::weakly_canonical(at, ec);
  return ec || canonical.empty() ? at.string() : canonical.string();
}

std::string failure(const std::string& path, std::string_view what, int error) {
  return path + ": " + std::string(what) + ": " + std::strerror(error);
}

}  // namespace

struct OutputFile::State {
  Durability durability = Durability::Written;
  std::string path;  // as given, for messages
  std::string target;  // the file replaced: a symbolic link followed
  std::string temp_name;  // the temporary file's name, once it has one
  int fd = -1;
  bool direct = false;  // a device or a FIFO, written as it is
  bool named = false;  // temp_name exists and is ours to remove
  bool finished = false;
  std::optional<struct stat> replaced;  // the file replaced, when there is one
  std::optional<FdBuffer> buffer;
  std::ostream stream{nullptr};

  ~State() {
    if (fd >= 0) ::close(fd);
    if (named) ::unlink(temp_name.c_str());
  }
  bool fail(std::string* error, std::string message) {
    *error = std::move(message);
    if (fd >= 0) ::close(fd);
    fd = -1;
    if (named) ::unlink(temp_name.c_str());
    named = false;
    return false;
  }
};

OutputFile::OutputFile(Durability durability) : state_(std::make_unique<State>()) { state_->durability = durability; }
OutputFile::~OutputFile() = default;
OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;

bool OutputFile::open(const std::string& path, std::string* error) {
  const Durability durability = state_ ? state_->durability : Durability::Written;
  state_ = std::make_unique<State>();
  State& s = *state_;
  s.durability = durability;
  s.path = path;
  s.target = resolved(path);
  struct stat info {};
  if (::stat(s.target.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return s.fail(error, path + ": is a directory");
    // /dev/stdout, /dev/fd/N, /proc/self/fd/N name a descriptor, whatever it is open on (a file
    // the shell redirected to, too): written through, as they were meant, never renamed over.
    const bool descriptor = path.starts_with("/dev/") || path.starts_with("/proc/");
    if (!S_ISREG(info.st_mode) || descriptor) {
      s.direct = true;
      s.fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);
      if (s.fd < 0) return s.fail(error, failure(path, "cannot open it", errno));
    } else {
      s.replaced = info;
    }
  }
  if (!s.direct) {
    std::string folder = std::filesystem::path(s.target).parent_path().string();
    if (folder.empty()) folder = ".";
    // Unnamed (O_TMPFILE): killed while writing, nothing is left behind. It gets a short name only
    // for the instant before the rename, so a file whose own name is near the length limit is
    // written too.
    s.temp_name = folder + "/.sitemaplint-" + std::to_string(::getpid()) + "-XXXXXX";
    s.fd = ::open(folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (s.fd < 0) {  // a file system without O_TMPFILE: a named temporary file from the start
      s.fd = ::mkostemp(s.temp_name.data(), O_CLOEXEC);
      s.named = s.fd >= 0;
    }
    if (s.fd < 0) return s.fail(error, failure(path, "cannot create a temporary file beside it", errno));
  }
  s.buffer.emplace(s.fd);
  s.stream.rdbuf(&*s.buffer);
  return true;
}

std::ostream& OutputFile::stream() { return state_->stream; }

bool OutputFile::finish(std::string* error) {
  State& s = *state_;
  if (s.finished) return true;
  if (s.fd < 0) return s.fail(error, s.path + ": not open");
  s.stream.flush();
  if (s.buffer->error() != 0) return s.fail(error, failure(s.path, "writing failed", s.buffer->error()));
  if (!s.stream) return s.fail(error, s.path + ": writing failed");
  if (!s.direct) {
    mode_t mode = 0;
    if (s.replaced) {
      // The replaced file's owner and mode, not the writer's: a fix must not hand a file over.
      struct stat mine {};
      if (::fstat(s.fd, &mine) != 0) return s.fail(error, failure(s.path, "cannot read the temporary file", errno));
      if ((mine.st_uid != s.replaced->st_uid || mine.st_gid != s.replaced->st_gid) &&
          ::fchown(s.fd, s.replaced->st_uid, s.replaced->st_gid) != 0) {
        return s.fail(error, failure(s.path,
                                     "cannot keep its owner (" + std::to_string(s.replaced->st_uid) + ":" +
                                         std::to_string(s.replaced->st_gid) + ")",
                                     errno));
      }
      mode = s.replaced->st_mode & 07777;
    } else {
      const mode_t mask = ::umask(0);
      ::umask(mask);
      mode = 0666 & ~mask;
    }
    if (::fchmod(s.fd, mode) != 0) return s.fail(error, failure(s.path, "cannot set its mode", errno));
    if (s.durability == Durability::Synced && ::fsync(s.fd) != 0) {
      return s.fail(error, failure(s.path, "writing failed", errno));
    }
  }
  s.finished = true;
  return true;
}

bool OutputFile::commit(std::string* error) {
  if (!finish(error)) return false;
  State& s = *state_;
  if (!s.named && !s.direct) {
    // Link the unnamed file under a fresh name, which the rename then takes.
    const std::string proc = "/proc/self/fd/" + std::to_string(s.fd);
    const std::string pattern = s.temp_name;
    int reason = 0;
    for (int attempt = 0; attempt < 8 && !s.named; ++attempt) {
      s.temp_name = pattern;
      const int probe = ::mkstemp(s.temp_name.data());  // reserves a unique name ...
      if (probe < 0) {
        reason = errno;
        break;
      }
      ::close(probe);
      ::unlink(s.temp_name.c_str());  // ... which linkat may then take
      s.named = ::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, s.temp_name.c_str(), AT_SYMLINK_FOLLOW) == 0;
      if (!s.named) reason = errno;
    }
    if (!s.named) return s.fail(error, failure(s.path, "cannot name the temporary file", reason));
  }
  const int fd = s.fd;
  s.fd = -1;
  if (::close(fd) != 0) return s.fail(error, failure(s.path, "writing failed", errno));
  if (s.direct) return true;
  if (::rename(s.temp_name.c_str(), s.target.c_str()) != 0) {
    return s.fail(error, failure(s.path, "cannot rename the temporary file over it", errno));
  }
  s.named = false;
  return true;
}

bool write_output_file(const std::string& path, std::string_view content, Durability durability, std::string* error) {
  OutputFile file(durability);
  if (!file.open(path, error)) return false;
  file.stream().write(content.data(), static_cast<std::streamsize>(content.size()));
  return file.commit(error);
}

}  // namespace sitemaplint
