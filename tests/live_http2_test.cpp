// The live site over HTTP/2, from a real HTTP/2 server: nghttpd (Debian's nghttp2-server) serves a
// small site over TLS on 127.0.0.1, with a certificate the test makes and trusts alone. The
// requests of one host must share one connection, multiplexed (nghttpd's log names each
// connection and the streams on it), and the findings must be those of the same site served over
// HTTP/1.1 by the test's own server.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <thread>

#include "analysis/line_index.h"
#include "http_test_server.h"
#include "live/live_pages.h"
#include "load/ca_store.h"
#include "test_support.h"

using namespace sitemaplint;
using namespace sitemaplint::testing;
using namespace std::chrono_literals;

namespace {

// The site, the same over both protocols: a page, one that forbids indexing, one canonical to
// another, one behind robots.txt, and one that does not exist.
const std::map<std::string, std::string> kSite = {
    {"/robots.txt", "User-agent: *\nDisallow: /private/\n"},
    {"/a.html", "<!DOCTYPE html><html><head><title>A</title></head><body>a</body></html>"},
    {"/noindex.html",
     "<!DOCTYPE html><html><head><title>N</title><meta name=\"robots\" content=\"noindex\"></head></html>"},
    {"/canonical.html",
     "<!DOCTYPE html><html><head><title>C</title><link rel=\"canonical\" href=\"/a.html\"></head></html>"},
    {"/private/p.html", "<!DOCTYPE html><html><head><title>P</title></head></html>"},
};
const std::vector<std::string> kListed = {"/a.html", "/noindex.html", "/canonical.html", "/private/p.html",
                                          "/missing.html"};

// A port on 127.0.0.1 nothing listens on (the kernel's choice, let go again for nghttpd to take).
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  ::bind(fd, reinterpret_cast<sockaddr*>(&address), size);
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  ::close(fd);
  return ntohs(address.sin_port);
}

bool accepts_connections(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  const bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return connected;
}

// nghttpd serving `root` over TLS on 127.0.0.1:port, its verbose log in `log`; stopped (by its
// process id) when the test ends.
class Nghttpd {
 public:
  Nghttpd(const std::filesystem::path& root, const std::filesystem::path& dir, int port) : log_(dir / "nghttpd.log") {
    const std::string key = (dir / "key.pem").string(), cert = (dir / "cert.pem").string();
    const std::string mime = (dir / "mime.types").string(), log = log_.string(), docs = root.string();
    const std::string port_text = std::to_string(port);
    pid_ = ::fork();
    if (pid_ == 0) {
      const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      ::dup2(out, 1);
      ::dup2(out, 2);
      ::execlp("nghttpd", "nghttpd", "--address=127.0.0.1", "--verbose", ("--htdocs=" + docs).c_str(),
               ("--mime-types-file=" + mime).c_str(), port_text.c_str(), key.c_str(), cert.c_str(), nullptr);
      ::_exit(127);
    }
    for (int i = 0; i < 100 && !accepts_connections(port); ++i) std::this_thread::sleep_for(50ms);
  }
  ~Nghttpd() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    ::waitpid(pid_, nullptr, 0);
  }
  std::string log() const { return read_file(log_.string()); }

 private:
  std::filesystem::path log_;
  pid_t pid_ = -1;
};

// Every finding of the sitemap listing kListed on `origin`, its message's origin written SITE.
std::vector<std::string> live_findings(const std::string& origin, const std::string& ca_file) {
  LiveOptions options;
  options.origins = {origin};
  options.scheduler.limits.rate = 200;
  options.scheduler.user_agent = "sitemaplint-test";
  options.scheduler.ca_file = ca_file;
  Settings settings = test_settings();
  settings.pages = std::make_shared<LivePages>(std::move(options));
  std::vector<std::string> locs;
  for (const std::string& path : kListed) locs.push_back(origin + path);
  const FileReport report = lint_text(urlset(locs), settings);
  std::vector<std::string> out;
  const LineIndex index(report.bytes);
  for (const Diagnostic& d : report.diagnostics) {
    std::string message = d.message;
    for (std::size_t at = message.find(origin); at != std::string::npos; at = message.find(origin, at))
      message.replace(at, origin.size(), "SITE");
    out.push_back(std::string(d.rule->code) + " " + std::to_string(index.position(d.offset).line) + " " + message);
  }
  return out;
}

// The site's files under `dir`/site, and the MIME types nghttpd serves them with; the site's root.
std::filesystem::path write_site(const std::filesystem::path& dir) {
  const std::filesystem::path root = dir / "site";
  for (const auto& [path, text] : kSite) {
    std::filesystem::create_directories((root / path.substr(1)).parent_path());
    std::ofstream(root / path.substr(1)) << text;
  }
  std::ofstream(dir / "mime.types") << "text/html html\ntext/plain txt\n";
  return root;
}

}  // namespace

TEST_CASE("live: HTTP/2 from nghttpd, one connection multiplexed, the findings of HTTP/1.1") {
  if (!have_program("nghttpd")) return skip_test("nghttpd (Debian's nghttp2-server) is not installed");
  if (!have_program("openssl")) return skip_test("openssl is not installed");
  const TempDir dir;
  const std::filesystem::path root = write_site(dir.path);
  // A certificate for 127.0.0.1, trusted by this test's requests alone.
  const auto made = run_command(
      "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 "
      "-subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout " +
      shell_quote((dir.path / "key.pem").string()) + " -out " + shell_quote((dir.path / "cert.pem").string()));
  REQUIRE(made.exit_code == 0);
  const int port = free_port();
  const Nghttpd server(root, dir.path, port);
  REQUIRE(accepts_connections(port));
  const std::string h2_origin = "https://127.0.0.1:" + std::to_string(port);
  const std::vector<std::string> over_h2 = live_findings(h2_origin, (dir.path / "cert.pem").string());

  // Each request is a stream on a connection: nghttpd logs "[id=N] ... recv (stream_id=S) :path: P".
  const std::string log = server.log();
  const std::regex request(R"(\[id=(\d+)\][^\n]*recv \(stream_id=(\d+)\) :path: (\S+))");
  std::set<std::string> connections, paths;
  std::size_t streams = 0;
  for (auto it = std::sregex_iterator(log.begin(), log.end(), request); it != std::sregex_iterator(); ++it) {
    connections.insert((*it)[1]);
    paths.insert((*it)[3]);
    ++streams;
  }
  CAPTURE(log.substr(0, 2000));
  // robots.txt, the soft-404 probe and the four URLs robots.txt allows, all on one connection.
  CHECK(streams == 6);
  CHECK(connections.size() == 1);
  CHECK(paths.count("/robots.txt") == 1);
  CHECK(paths.count("/private/p.html") == 0);

  // The same site over HTTP/1.1.
  HttpTestServer h1;
  for (const auto& [path, text] : kSite)
    h1.route(path, HttpResponse{200, {{"Content-Type", path.ends_with(".txt") ? "text/plain" : "text/html"}}, text});
  const std::vector<std::string> over_h1 = live_findings(h1.url(""), "");
  CHECK(over_h1.size() == 4);  // noindex, canonical elsewhere, robots.txt, 404
  CHECK(over_h2 == over_h1);

  // Trusting the system's certificates alone, the same server is not trusted, though a connection
  // to it was verified and its session kept a moment ago (against the test's certificate).
  const std::vector<std::string> untrusted = live_findings(h2_origin, "");
  CAPTURE(untrusted);
  REQUIRE_FALSE(untrusted.empty());
  CHECK(untrusted != over_h2);
  for (const std::string& finding : untrusted) CHECK(finding.find("certificate") != std::string::npos);
}

TEST_CASE("live: TLS trusts a bundle's authorities, parsing only the one a chain names") {
  if (!have_program("nghttpd")) return skip_test("nghttpd (Debian's nghttp2-server) is not installed");
  if (!have_program("openssl")) return skip_test("openssl is not installed");
  const TempDir dir;
  const std::filesystem::path root = write_site(dir.path);
  // A root, an intermediate it issues, and the server's certificate the intermediate issues; the
  // server sends its own and the intermediate's, the bundle holds the root among other authorities.
  const auto at = [&](const std::string& name) { return shell_quote((dir.path / name).string()); };
  std::ofstream(dir.path / "ca.ext") << "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n";
  std::ofstream(dir.path / "server.ext") << "basicConstraints=CA:FALSE\nsubjectAltName=IP:127.0.0.1\n";
  const std::string new_key = "openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes ";
  const std::string sign = "openssl x509 -req -days 1 -set_serial ";
  const std::string script =
      new_key + "-x509 -days 1 -subj '/CN=sitemaplint test root' -addext basicConstraints=critical,CA:TRUE " +
      "-addext keyUsage=critical,keyCertSign,cRLSign -keyout " + at("root.key") + " -out " + at("root.pem") + " && " +
      new_key + "-subj '/CN=sitemaplint test intermediate' -keyout " + at("mid.key") + " -out " + at("mid.csr") +
      " && " + sign + "2 -in " + at("mid.csr") + " -CA " + at("root.pem") + " -CAkey " + at("root.key") + " -extfile " +
      at("ca.ext") + " -out " + at("mid.pem") + " && " + new_key + "-subj /CN=127.0.0.1 -keyout " + at("key.pem") +
      " -out " + at("server.csr") + " && " + sign + "3 -in " + at("server.csr") + " -CA " + at("mid.pem") + " -CAkey " +
      at("mid.key") + " -extfile " + at("server.ext") + " -out " + at("server.pem") + " && cat " + at("server.pem") +
      " " + at("mid.pem") + " > " + at("cert.pem") + " && " + new_key +
      "-x509 -days 1 -subj '/CN=sitemaplint test other' -keyout " + at("other.key") + " -out " + at("other.pem");
  const auto made = run_command("(" + script + ") 2>&1");
  INFO(made.out);
  REQUIRE(made.exit_code == 0);
  const std::string root_pem = read_file((dir.path / "root.pem").string());
  const std::string other_pem = read_file((dir.path / "other.pem").string());
  // Other authorities around the root: the system's where it has them, and one of the test's own.
  std::string others = "# authorities this test does not use\n" + other_pem;
  if (::access("/etc/ssl/certs/ca-certificates.crt", R_OK) == 0)
    others += read_file("/etc/ssl/certs/ca-certificates.crt");
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir.path / name) << text;
    return (dir.path / name).string();
  };

  const int port = free_port();
  const Nghttpd server(root, dir.path, port);
  REQUIRE(accepts_connections(port));
  const std::string origin = "https://127.0.0.1:" + std::to_string(port);

  // The root in the middle of the bundle: trusted, and the only certificate of it parsed.
  const std::size_t parsed_before = ca_certificates_parsed();
  const std::vector<std::string> trusted = live_findings(origin, write("bundle.pem", others + root_pem + other_pem));
  CAPTURE(trusted);
  CHECK(trusted.size() == 4);  // noindex, canonical elsewhere, robots.txt, 404: the site was read
  for (const std::string& finding : trusted) CHECK(finding.find("certificate") == std::string::npos);
  CHECK(ca_certificates_parsed() - parsed_before == 1);

  // Without the root, nothing is trusted.
  const std::vector<std::string> untrusted = live_findings(origin, write("others.pem", others));
  CAPTURE(untrusted);
  REQUIRE_FALSE(untrusted.empty());
  for (const std::string& finding : untrusted) CHECK(finding.find("certificate") != std::string::npos);

  // A bundle that is more than certificates (a trust setting on one) is loaded whole, as libcurl
  // would: the same findings, nothing parsed by subject.
  const auto trust = run_command("openssl x509 -in " + at("other.pem") + " -trustout -addtrust serverAuth 2>/dev/null");
  REQUIRE(trust.exit_code == 0);
  REQUIRE(trust.out.find("BEGIN TRUSTED CERTIFICATE") != std::string::npos);
  const std::size_t parsed_before_whole = ca_certificates_parsed();
  CHECK(live_findings(origin, write("whole.pem", trust.out + root_pem)) == trusted);
  CHECK(ca_certificates_parsed() == parsed_before_whole);
}
