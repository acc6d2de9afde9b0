// libcurl, loaded at run time on first use. Linked, it would be loaded by every run, with the 28
// libraries it needs (TLS, Kerberos, LDAP, SSH, HTTP/2, ...) and their constructors, which costs
// a run on a small local file more than linting it; only fetching a URL needs libcurl. The
// functions fetch.cpp calls are looked up once, by name; <curl/curl.h> still gives their
// signatures, the types and the constants.
#pragma once

#include <curl/curl.h>

#include <string>

namespace sitemaplint {

// The shared object loaded: libcurl's ABI 4, which Debian's libcurl4 package provides (the
// OpenSSL flavour, whose headers libcurl4-openssl-dev installs; the GnuTLS flavour's library is
// libcurl-gnutls.so.4).
inline constexpr const char* kLibcurlSoname = "libcurl.so.4";

// The libcurl functions the fetcher calls, each with the header's own signature.
struct CurlFunctions {
  decltype(&curl_global_init) global_init;
  decltype(&curl_easy_init) easy_init;
  decltype(&curl_easy_cleanup) easy_cleanup;
  decltype(&curl_easy_reset) easy_reset;
  decltype(&curl_easy_setopt) easy_setopt;
  decltype(&curl_easy_perform) easy_perform;
  decltype(&curl_easy_getinfo) easy_getinfo;
  decltype(&curl_easy_strerror) easy_strerror;
  decltype(&curl_url) url;
  decltype(&curl_url_cleanup) url_cleanup;
  decltype(&curl_url_set) url_set;
  decltype(&curl_url_get) url_get;
  decltype(&curl_url_strerror) url_strerror;
  decltype(&curl_free) free;
  // The multi interface, for fetching a site's pages (live/live_scheduler.h).
  decltype(&curl_multi_init) multi_init;
  decltype(&curl_multi_cleanup) multi_cleanup;
  decltype(&curl_multi_setopt) multi_setopt;
  decltype(&curl_multi_add_handle) multi_add_handle;
  decltype(&curl_multi_remove_handle) multi_remove_handle;
  decltype(&curl_multi_socket_action) multi_socket_action;
  decltype(&curl_multi_info_read) multi_info_read;
  decltype(&curl_slist_append) slist_append;
  decltype(&curl_slist_free_all) slist_free_all;
  // The share of every handle (curl_shared_caches), and what the build decodes.
  decltype(&curl_share_init) share_init;
  decltype(&curl_share_setopt) share_setopt;
  decltype(&curl_version_info) version_info;
};

// Loads the library `soname` names and looks up every function of CurlFunctions in it. Returns
// false with *error set ("fetching URLs needs libcurl (<soname>): <why>") when the library or a
// function is missing (the library is then unloaded; a complete one never is).
bool load_curl_functions(const char* soname, CurlFunctions* functions, std::string* error);

// libcurl (kLibcurlSoname), loaded and initialised (curl_global_init) by the first call, which
// any thread may make: the others wait for it, and every later call returns the same answer. Null,
// with *error set, when it cannot be loaded or initialised.
const CurlFunctions* curl_library(std::string* error);

// What every handle of the process shares, made with the library: TLS sessions (a connection to
// a host that an earlier one reached resumes its session: no certificate sent, parsed and
// verified again) and the DNS cache, across threads, under locks. Connections are not shared:
// libcurl does not support sharing them between threads, and each is opened, and its address
// checked, for the requests of one trust (fetch.h). Null when libcurl could not be loaded or
// refused the share.
CURLSH* curl_shared_caches();

// Makes `h` use curl_shared_caches().
void use_shared_caches(const CurlFunctions& curl, CURL* h);

// Whether a transfer's result is a TLS failure (a handshake, a certificate, a cipher), which
// messages name as such.
bool is_tls_error(CURLcode code);

// Whether a TLS handshake failed because the server answered in plain HTTP: OpenSSL reads the
// first bytes of "HTTP/1.1 400 Bad Request" as a record of an unknown version. `detail`: libcurl's
// error text.
bool answered_in_plain_http(CURLcode code, std::string_view detail);

}  // namespace sitemaplint
