#include "load/ca_store.h"

#include <unistd.h>

#include <atomic>
#include <map>
#include <mutex>
#include <string>

#include "load/bundle_by_subject.h"
#include "load/open_file.h"
#include "load/openssl_functions.h"

namespace sitemaplint {
namespace {

// The flags libcurl sets on a store it fills (X509_V_FLAG_TRUSTED_FIRST and
// X509_V_FLAG_PARTIAL_CHAIN, values of OpenSSL's ABI): set before the store is shared, so that
// libcurl setting them again changes nothing.
constexpr unsigned long kStoreFlags = 0x8000 | 0x80000;

// OpenSSL's functions, found by use_shared_ca_store before any connection's callback can run
// (by every thread that sets a connection up: the same table each time).
std::atomic<const OpenSsl*> found_functions{nullptr};
const OpenSsl& ssl() { return *found_functions.load(std::memory_order_acquire); }

// The store for `file`: its certificates parsed as chains need them where the file is a plain
// bundle, else loaded whole by OpenSSL; null when it does not load.
void* load_store(const std::string& file) {
  // A bundle is a few hundred kilobytes: anything that is no regular file or far larger is left to
  // OpenSSL's loading, as it was before.
  constexpr std::size_t kLargestBundle = std::size_t{16} << 20;
  std::string text, why;
  void* store = read_regular_file(file, kLargestBundle, &text, &why) ? store_by_subject(ssl(), text) : nullptr;
  if (!store) {
    store = ssl().store_new();
    if (store && ssl().store_load_file(store, file.c_str()) != 1) {
      ssl().store_free(store);
      return nullptr;
    }
  }
  if (store && ssl().store_set_flags(store, kStoreFlags) != 1) {
    ssl().store_free(store);
    return nullptr;
  }
  return store;
}

// One file's store, made by the first TLS connection that needs it (a run over plain HTTP makes
// none) and kept for the process.
struct SharedStore {
  std::string file;
  std::once_flag loaded;
  void* store = nullptr;  // null when the file does not load: the connections needing it fail
};

// The shared store of `file`, or null when the file cannot be read (libcurl then loads it itself,
// and says what is wrong with it). Its address is stable: it is a connection's callback data.
SharedStore* shared_store(const std::string& file) {
  // Never destroyed: a store is kept for the process, and destroyed at exit before the leak
  // checker looks, the map would leave the stores it held unreachable (LeakSanitizer reported them).
  static std::mutex& mutex = *new std::mutex;
  static std::map<std::string, SharedStore>& stores = *new std::map<std::string, SharedStore>;
  std::lock_guard lock(mutex);
  const auto found = stores.find(file);
  if (found != stores.end()) return &found->second;
  if (::access(file.c_str(), R_OK) != 0) return nullptr;
  SharedStore& made = stores[file];
  made.file = file;
  return &made;
}

// CURLOPT_SSL_CTX_FUNCTION: the connection's context takes a reference to the shared store in
// place of the empty one libcurl made. A failure fails the connection: nothing goes unverified.
CURLcode hand_store(CURL*, void* context, void* data) {
  SharedStore& shared = *static_cast<SharedStore*>(data);
  std::call_once(shared.loaded, [&] { shared.store = load_store(shared.file); });
  if (!shared.store || ssl().store_up_ref(shared.store) != 1) return CURLE_SSL_CACERT_BADFILE;
  ssl().set_cert_store(context, shared.store);
  return CURLE_OK;
}

// The file libcurl reads when none is named, or "" when this libcurl does not say.
std::string default_file(const CurlFunctions& curl, CURL* h) {
  const char* file = nullptr;
  return curl.easy_getinfo(h, CURLINFO_CAINFO, &file) == CURLE_OK && file ? file : "";
}

}  // namespace

bool use_shared_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file) {
  const OpenSsl* functions = openssl(curl);
  if (functions) found_functions.store(functions, std::memory_order_release);
  const std::string file = ca_file.empty() ? default_file(curl, h) : ca_file;
  SharedStore* store = functions && !file.empty() ? shared_store(file) : nullptr;
  if (!store || curl.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, hand_store) != CURLE_OK) {
    use_own_ca_store(curl, h, ca_file);
    return false;
  }
  curl.easy_setopt(h, CURLOPT_SSL_CTX_DATA, store);
  // libcurl loads nothing into the store it made: the callback replaces it, and libcurl's check
  // of the server's certificate uses the shared one.
  curl.easy_setopt(h, CURLOPT_CAINFO, static_cast<const char*>(nullptr));
  curl.easy_setopt(h, CURLOPT_CAPATH, static_cast<const char*>(nullptr));
  // With no file named, libcurl can no longer tell sessions verified against one store from
  // those verified against another, and would resume one without a check: sessions are kept only
  // for the default file's store, the one store of a run (another is a test's).
  curl.easy_setopt(h, CURLOPT_SSL_SESSIONID_CACHE, ca_file.empty() ? 1L : 0L);
  return true;
}

std::size_t ca_certificates_parsed() { return certificates_parsed_by_subject(); }

void use_own_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file) {
  curl.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, static_cast<curl_ssl_ctx_callback>(nullptr));
  // Named again: a kept handle may have had it unset for the shared store.
  const std::string file = ca_file.empty() ? default_file(curl, h) : ca_file;
  if (!file.empty()) curl.easy_setopt(h, CURLOPT_CAINFO, file.c_str());
  curl.easy_setopt(h, CURLOPT_CAPATH, static_cast<const char*>(nullptr));
  curl.easy_setopt(h, CURLOPT_SSL_SESSIONID_CACHE, 1L);  // the file named is part of a session's key
}

}  // namespace sitemaplint
