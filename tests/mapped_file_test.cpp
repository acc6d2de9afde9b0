// A file a report shows lines of is mapped, not copied; one cut short while mapped ends the run with
// a message and status 2 instead of SIGBUS, and a SIGBUS that is not about a mapping is left alone.
#include <doctest/doctest.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "load/mapped_file.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;

namespace {

struct ChildEnd {
  int status = 0;
  std::string err;
};

// Runs `body` in a child process whose standard error is captured; returns how it ended.
template <typename Body>
ChildEnd in_child(Body body) {
  int pipe_fds[2];
  REQUIRE(::pipe(pipe_fds) == 0);
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::dup2(pipe_fds[1], STDERR_FILENO);
    ::close(pipe_fds[0]);
    body();
    ::_exit(0);
  }
  ::close(pipe_fds[1]);
  ChildEnd end;
  char buffer[512];
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer, sizeof buffer)) > 0;)
    end.err.append(buffer, static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  ::waitpid(pid, &end.status, 0);
  return end;
}

// In a child: maps `mapped` (which installs sitemaplint's handler), then reads past the end of
// `other`, cut short while mapped by the test itself: a SIGBUS that is not about sitemaplint's
// mapping. Does not return.
[[noreturn]] void fault_outside_a_mapping(const std::string& mapped, const std::string& other) {
  allow_mapped_files();  // installs sitemaplint's handler, over the program's
  std::optional<MappedFile> ours = MappedFile::map(mapped, 1 << 20);
  if (!ours) ::_exit(10);
  FILE* f = std::fopen(other.c_str(), "rb");
  void* elsewhere = ::mmap(nullptr, 3 * 4096, PROT_READ, MAP_PRIVATE, ::fileno(f), 0);
  std::filesystem::resize_file(other, 10);
  volatile char past = static_cast<const char*>(elsewhere)[2 * 4096];
  (void)past;
  ::_exit(11);
}

}  // namespace

TEST_CASE("mapped file: nothing is mapped until the process allows it") {
  TempDir dir;
  const std::string path = dir.write("s.xml", "<urlset/>\n");
  allow_mapped_files(false);
  CHECK_FALSE(MappedFile::map(path, 1 << 20));
  allow_mapped_files();
  CHECK(MappedFile::map(path, 1 << 20));
}

TEST_CASE("mapped file: a regular file's bytes, and nothing for what cannot be shown as mapped") {
  allow_mapped_files();
  TempDir dir;
  const std::string text = "<urlset>\n  <url><loc>https://example.com/</loc></url>\n</urlset>\n";
  const std::string path = dir.write("s.xml", text);
  std::optional<MappedFile> mapped = MappedFile::map(path, 1 << 20);
  REQUIRE(mapped);
  CHECK(mapped->bytes() == text);
  // Moved, the mapping goes with it; assigned over, the old one is let go.
  MappedFile moved = std::move(*mapped);
  CHECK(moved.bytes() == text);
  CHECK(mapped->bytes().empty());
  const std::string other = dir.write("t.xml", "other");
  moved = std::move(*MappedFile::map(other, 1 << 20));
  CHECK(moved.bytes() == "other");

  CHECK_FALSE(MappedFile::map(dir.write("s.xml.gz", gzip_for_test(text)), 1 << 20));  // its text is inflated
  CHECK_FALSE(MappedFile::map(dir.write("empty.xml", ""), 1 << 20));
  CHECK_FALSE(MappedFile::map(path, text.size() - 1));  // over the limit
  CHECK_FALSE(MappedFile::map((dir.path / "missing.xml").string(), 1 << 20));
  CHECK_FALSE(MappedFile::map(dir.path.string(), 1 << 20));  // a directory
  // Many at once: past the handler's list, none is mapped (the file is read instead), never a
  // mapping the handler would not know.
  std::vector<MappedFile> all;
  while (auto next = MappedFile::map(path, 1 << 20)) all.push_back(std::move(*next));
  CHECK(all.size() >= 4);
  all.clear();
  CHECK(MappedFile::map(path, 1 << 20));
}

TEST_CASE("mapped file: cut short while mapped, the run ends with a message and status 2") {
  TempDir dir;
  const std::string path = dir.write("s.xml", std::string(3 * 4096, 'x'));
  const ChildEnd end = in_child([&] {
    allow_mapped_files();
    std::optional<MappedFile> mapped = MappedFile::map(path, 1 << 20);
    if (!mapped) ::_exit(10);
    std::filesystem::resize_file(path, 10);
    volatile char past = mapped->bytes()[2 * 4096];  // on a page past the new end
    (void)past;
    ::_exit(11);  // not reached
  });
  REQUIRE(WIFEXITED(end.status));
  CHECK(WEXITSTATUS(end.status) == 2);
  CHECK(end.err == "sitemaplint: error: " + path + ": the file was cut short while sitemaplint read it; run again\n");
}

TEST_CASE("mapped file: a SIGBUS elsewhere gets the handler that was there before") {
  TempDir dir;
  const std::string path = dir.write("s.xml", std::string(3 * 4096, 'x'));
  const std::string other = dir.write("other.bin", std::string(3 * 4096, 'y'));
  // With a handler of the program's own: it is called, not ours.
  const ChildEnd handled = in_child([&] {
    std::signal(SIGBUS, [](int) {
      static constexpr char kSaid[] = "the program's own handler\n";
      [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, kSaid, sizeof kSaid - 1);
      ::_exit(7);
    });
    fault_outside_a_mapping(path, other);
  });
  REQUIRE(WIFEXITED(handled.status));
  CHECK(WEXITSTATUS(handled.status) == 7);
  CHECK(handled.err == "the program's own handler\n");
  // Without one: the process ends by SIGBUS, as it would have.
  const ChildEnd unhandled = in_child([&] {
    std::signal(SIGBUS, SIG_DFL);
    dir.write("other.bin", std::string(3 * 4096, 'y'));  // cut short by the child before
    fault_outside_a_mapping(path, other);
  });
  REQUIRE(WIFSIGNALED(unhandled.status));
  CHECK(WTERMSIG(unhandled.status) == SIGBUS);
  // Sent (kill, raise), not a fault: it ends the process too, and does not come back.
  const ChildEnd sent = in_child([&] {
    std::signal(SIGBUS, SIG_DFL);
    allow_mapped_files();
    std::optional<MappedFile> mapped = MappedFile::map(path, 1 << 20);
    ::raise(SIGBUS);
    ::_exit(11);
  });
  REQUIRE(WIFSIGNALED(sent.status));
  CHECK(WTERMSIG(sent.status) == SIGBUS);
}
