// Reading a PEM bundle of certificate authorities far enough to index it by subject
// (load/pem_bundle): the certificates' bytes, and each one's subject found without parsing the
// certificate; anything OpenSSL would read as more than certificates is refused, so that the
// store loads such a file whole.
#include "load/pem_bundle.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>

using namespace sitemaplint;

namespace {

// Version 3 (its [0] version field present), self-signed: CN=pem bundle test, O=sitemaplint.
constexpr const char* kVersion3 = R"(-----BEGIN CERTIFICATE-----
MIIBtjCCAV2gAwIBAgIUEYOFMN9pZkw2qVR4bqgeu7e3AV8wCgYIKoZIzj0EAwIw
MDEYMBYGA1UEAwwPcGVtIGJ1bmRsZSB0ZXN0MRQwEgYDVQQKDAtzaXRlbWFwbGlu
dDAgFw0yNjExMzAxMjIzMjJaGA8yMTI2MTEwNjEyMjMyMlowMDEYMBYGA1UEAwwP
cGVtIGJ1bmRsZSB0ZXN0MRQwEgYDVQQKDAtzaXRlbWFwbGludDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABB+c3CRqI9Hh5HrqZYLb4hA8JFsWIErTliKzpdfsA59I
5PYOUPAdMjW58HCxBFhjj4quaGhtdeWu0Dsiwuhg64WjUzBRMB0GA1UdDgQWBBRe
i3NesnOXTsoGu+BHYL1umtDacjAfBgNVHSMEGDAWgBRei3NesnOXTsoGu+BHYL1u
mtDacjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0cAMEQCICyADtUuDGjx
UyR5t4ZGeEux6ChVngF9+Z7VaDUFQk35AiAOk5OnGvXjZ15BaHpjdefglDucim2c
FNkEpStZsRDvuQ==
-----END CERTIFICATE-----
)";

// Version 1 (no version field), subject CN=pem bundle subject, O=sitemaplint, issued by
// CN=pem bundle issuer.
constexpr const char* kVersion1 = R"(-----BEGIN CERTIFICATE-----
MIIBODCB3wIBBzAKBggqhkjOPQQDAjAcMRowGAYDVQQDDBFwZW0gYnVuZGxlIGlz
c3VlcjAgFw0yNjExMzAxMjIzMjVaGA8yMTI2MTEwNjEyMjMyNVowMzEbMBkGA1UE
AwwScGVtIGJ1bmRsZSBzdWJqZWN0MRQwEgYDVQQKDAtzaXRlbWFwbGludDBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABDovZwBxkY1GIP+cFrGUBFiFwPjivyWCCTgA
1MNU4eMD6HsVx33mtoyl+N1ZMLCGhWRg5AfZ4bI54KvC166bCt0wCgYIKoZIzj0E
AwIDSAAwRQIgdWDNpyrAdT0Rsf8eWddRZAdrifrDOqZ07MDY/2u+/NMCIQCEQSGe
9nqqlA/7kNjeEvwJUIN2xHByZPH/nnM4GZvdrA==
-----END CERTIFICATE-----
)";

// The length an outer DER SEQUENCE states, header included (two length octets, as both
// certificates have).
std::size_t stated_size(const std::string& der) {
  return 4 + (static_cast<unsigned char>(der[2]) << 8 | static_cast<unsigned char>(der[3]));
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("pem bundle: each certificate's bytes and its subject, comments between them") {
  const std::string bundle =
      std::string("# Debian-style comment\n\n") + kVersion3 + "\nIssuer: not a block\n" + kVersion1;
  const auto certificates = pem_certificates(bundle);
  REQUIRE(certificates);
  REQUIRE(certificates->size() == 2);
  CHECK(certificates->at(0).size() == 442);
  CHECK(certificates->at(1).size() == 316);
  for (const std::string& der : *certificates) {
    CHECK(static_cast<unsigned char>(der[0]) == 0x30);
    CHECK(der.size() == stated_size(der));
  }

  const auto own = certificate_subject(certificates->at(0));
  REQUIRE(own);
  CHECK(own->size() == 50);
  CHECK(own->find("pem bundle test") != std::string_view::npos);
  CHECK(own->find("sitemaplint") != std::string_view::npos);

  // Without a version field; the subject, not the issuer before it.
  const auto issued = certificate_subject(certificates->at(1));
  REQUIRE(issued);
  CHECK(issued->size() == 53);
  CHECK(issued->find("pem bundle subject") != std::string_view::npos);
  CHECK(issued->find("pem bundle issuer") == std::string_view::npos);
}

TEST_CASE("pem bundle: CRLF lines and spaces read as LF lines") {
  std::string crlf;
  for (const char c : std::string(kVersion1)) crlf += c == '\n' ? std::string(" \r\n") : std::string(1, c);
  const auto certificates = pem_certificates(crlf);
  REQUIRE(certificates);
  REQUIRE(certificates->size() == 1);
  CHECK(*certificates == *pem_certificates(kVersion1));
}

TEST_CASE("pem bundle: anything more than certificates is refused, so the file is loaded whole") {
  CHECK_FALSE(pem_certificates(replaced(kVersion1, "BEGIN CERTIFICATE", "BEGIN TRUSTED CERTIFICATE")));
  CHECK_FALSE(pem_certificates(std::string(kVersion1) + "-----BEGIN X509 CRL-----\nAAAA\n-----END X509 CRL-----\n"));
  CHECK_FALSE(pem_certificates(replaced(kVersion1, "MIIB", "Proc-Type: 4,ENCRYPTED\nMIIB")));  // headers
  CHECK_FALSE(pem_certificates(replaced(kVersion1, "-----END CERTIFICATE-----\n", "")));  // left open
  CHECK_FALSE(pem_certificates(replaced(kVersion1, "MIIB", "MI*B")));  // not base64
  CHECK_FALSE(pem_certificates(replaced(kVersion1, "AwIDSAAw", "AwID=SAAw")));  // padding inside
  CHECK_FALSE(pem_certificates(replaced(kVersion1, "-----END CERTIFICATE-----", "-----END X509 CRL-----")));
  // A bundle of no certificates is no bundle here either (OpenSSL refuses to load it).
  const auto none = pem_certificates("# nothing\n");
  REQUIRE(none);
  CHECK(none->empty());
}

TEST_CASE("pem bundle: a subject is found only in bytes shaped like a certificate") {
  const std::string der = pem_certificates(kVersion3)->at(0);
  CHECK(certificate_subject(der));
  CHECK_FALSE(certificate_subject(""));
  CHECK_FALSE(certificate_subject(der.substr(0, 60)));  // cut inside the issuer
  CHECK_FALSE(certificate_subject(replaced(der, std::string("\x02\x14", 2), std::string("\x04\x14", 2))));
  std::string long_length = der;
  long_length[1] = '\x85';  // five length octets
  CHECK_FALSE(certificate_subject(long_length));
  CHECK_FALSE(certificate_subject(std::string("\x30\x80", 2) + der.substr(4)));  // indefinite length
}

TEST_CASE("pem bundle: blocks of every length decode to their bytes, whole groups and padding alike") {
  // RFC 4648 encoding, written here independently of the decoder, in lines of 64 characters (and
  // of 76 and 3, which no group boundary divides) as bundles and hand-made files wrap them.
  constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const auto encoded = [&](const std::string& bytes) {
    std::string text;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
      const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
      std::uint32_t group = 0;
      for (std::size_t k = 0; k < 3; ++k) group = group << 8 | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
      for (std::size_t k = 0; k < 4; ++k) text += k <= n ? alphabet[group >> (18 - 6 * k) & 63] : '=';
    }
    return text;
  };
  for (const std::size_t width : {64, 76, 3}) {
    for (std::size_t size = 1; size <= 200; ++size) {
      std::string bytes;
      for (std::size_t i = 0; i < size; ++i) bytes += static_cast<char>((i * 131 + size * 7 + width) & 0xFF);
      const std::string base64 = encoded(bytes);
      std::string pem = "-----BEGIN CERTIFICATE-----\n";
      for (std::size_t at = 0; at < base64.size(); at += width) pem += base64.substr(at, width) + "\n";
      pem += "-----END CERTIFICATE-----\n";
      CAPTURE(width);
      CAPTURE(size);
      const auto decoded = pem_certificates(pem);
      REQUIRE(decoded);
      REQUIRE(decoded->size() == 1);
      CHECK((*decoded)[0] == bytes);
    }
  }
}
