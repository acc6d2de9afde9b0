#include "load/ca_store.h"

#include <dlfcn.h>
#include <unistd.h>

#include <map>
#include <mutex>
#include <string>

namespace sitemaplint {
namespace {

// The OpenSSL 3 functions used, with their signatures, opaque pointers standing for X509_STORE
// and SSL_CTX (OpenSSL's headers are not a build dependency).
struct OpenSsl {
  void* (*store_new)() = nullptr;
  int (*store_load_file)(void*, const char*) = nullptr;
  int (*store_set_flags)(void*, unsigned long) = nullptr;
  int (*store_up_ref)(void*) = nullptr;
  void (*store_free)(void*) = nullptr;
  void (*set_cert_store)(void*, void*) = nullptr;
};

// The flags libcurl sets on a store it fills (X509_V_FLAG_TRUSTED_FIRST and
// X509_V_FLAG_PARTIAL_CHAIN, values of OpenSSL's ABI): set before the store is shared, so that
// libcurl setting them again changes nothing.
constexpr unsigned long kStoreFlags = 0x8000 | 0x80000;

template <typename Function>
bool look_up(void* library, const char* name, Function* slot) {
  *slot = reinterpret_cast<Function>(dlsym(library, name));
  return *slot != nullptr;
}

OpenSsl functions;  // filled once by openssl(), read by hand_store

// OpenSSL as libcurl loaded it, or null: only the libssl.so.3 already in the process
// (RTLD_NOLOAD), and only when libcurl says it runs on OpenSSL 3.
const OpenSsl* openssl(const CurlFunctions& curl) {
  static const bool found = [&] {
    const curl_version_info_data* version = curl.version_info(CURLVERSION_NOW);
    if (!version || !version->ssl_version || std::string(version->ssl_version).rfind("OpenSSL/3.", 0) != 0) {
      return false;
    }
    void* library = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (!library) return false;  // not the library libcurl runs on: nothing of it is used
    return look_up(library, "X509_STORE_new", &functions.store_new) &&
           look_up(library, "X509_STORE_load_file", &functions.store_load_file) &&
           look_up(library, "X509_STORE_set_flags", &functions.store_set_flags) &&
           look_up(library, "X509_STORE_up_ref", &functions.store_up_ref) &&
           look_up(library, "X509_STORE_free", &functions.store_free) &&
           look_up(library, "SSL_CTX_set_cert_store", &functions.set_cert_store);
  }();
  return found ? &functions : nullptr;
}

// One file's store, loaded by the first TLS connection that needs it (a run over plain HTTP
// loads none) and kept for the process.
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
  std::call_once(shared.loaded, [&] {
    void* store = functions.store_new();
    if (store && (functions.store_load_file(store, shared.file.c_str()) != 1 ||
                  functions.store_set_flags(store, kStoreFlags) != 1)) {
      functions.store_free(store);
      store = nullptr;
    }
    shared.store = store;
  });
  if (!shared.store || functions.store_up_ref(shared.store) != 1) return CURLE_SSL_CACERT_BADFILE;
  functions.set_cert_store(context, shared.store);
  return CURLE_OK;
}

// The file libcurl reads when none is named, or "" when this libcurl does not say.
std::string default_file(const CurlFunctions& curl, CURL* h) {
  const char* file = nullptr;
  return curl.easy_getinfo(h, CURLINFO_CAINFO, &file) == CURLE_OK && file ? file : "";
}

}  // namespace

bool use_shared_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file) {
  const OpenSsl* ssl = openssl(curl);
  const std::string file = ca_file.empty() ? default_file(curl, h) : ca_file;
  SharedStore* store = ssl && !file.empty() ? shared_store(file) : nullptr;
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

void use_own_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file) {
  curl.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, static_cast<curl_ssl_ctx_callback>(nullptr));
  // Named again: a kept handle may have had it unset for the shared store.
  const std::string file = ca_file.empty() ? default_file(curl, h) : ca_file;
  if (!file.empty()) curl.easy_setopt(h, CURLOPT_CAINFO, file.c_str());
  curl.easy_setopt(h, CURLOPT_CAPATH, static_cast<const char*>(nullptr));
  curl.easy_setopt(h, CURLOPT_SSL_SESSIONID_CACHE, 1L);  // the file named is part of a session's key
}

}  // namespace sitemaplint
