#include "load/ca_store.h"

#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "load/pem_bundle.h"

namespace sitemaplint {
namespace {

// The OpenSSL 3 functions used, with their signatures, opaque pointers standing for X509_STORE,
// SSL_CTX, X509, X509_NAME, X509_OBJECT and X509_LOOKUP(_METHOD) (OpenSSL's headers are not a
// build dependency).
using BySubject = int (*)(void* lookup, int type, const void* name, void* object);
struct OpenSsl {
  void* (*store_new)() = nullptr;
  int (*store_load_file)(void*, const char*) = nullptr;
  int (*store_set_flags)(void*, unsigned long) = nullptr;
  int (*store_up_ref)(void*) = nullptr;
  void (*store_free)(void*) = nullptr;
  void (*set_cert_store)(void*, void*) = nullptr;
  // For the certificates parsed as chains name them; without these, the whole file is loaded.
  bool by_subject = false;
  void* (*lookup_method_new)(const char*) = nullptr;
  int (*lookup_method_set_by_subject)(void*, BySubject) = nullptr;
  void* (*store_add_lookup)(void*, void*) = nullptr;
  int (*lookup_set_data)(void*, void*) = nullptr;
  void* (*lookup_data)(const void*) = nullptr;
  void* (*lookup_store)(const void*) = nullptr;
  void* (*name_from_der)(void**, const unsigned char**, long) = nullptr;
  int (*name_compare)(const void*, const void*) = nullptr;
  void (*name_free)(void*) = nullptr;
  void* (*certificate_from_der)(void**, const unsigned char**, long) = nullptr;
  void (*certificate_free)(void*) = nullptr;
  int (*store_add_certificate)(void*, void*) = nullptr;
  int (*object_set_certificate)(void*, void*) = nullptr;
};

// X509_LU_X509, of OpenSSL's ABI: a lookup for certificates (not CRLs).
constexpr int kLookupCertificate = 1;

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
           look_up(library, "SSL_CTX_set_cert_store", &functions.set_cert_store) &&
           (functions.by_subject =
                look_up(library, "X509_LOOKUP_meth_new", &functions.lookup_method_new) &&
                look_up(library, "X509_LOOKUP_meth_set_get_by_subject", &functions.lookup_method_set_by_subject) &&
                look_up(library, "X509_STORE_add_lookup", &functions.store_add_lookup) &&
                look_up(library, "X509_LOOKUP_set_method_data", &functions.lookup_set_data) &&
                look_up(library, "X509_LOOKUP_get_method_data", &functions.lookup_data) &&
                look_up(library, "X509_LOOKUP_get_store", &functions.lookup_store) &&
                look_up(library, "d2i_X509_NAME", &functions.name_from_der) &&
                look_up(library, "X509_NAME_cmp", &functions.name_compare) &&
                look_up(library, "X509_NAME_free", &functions.name_free) &&
                look_up(library, "d2i_X509", &functions.certificate_from_der) &&
                look_up(library, "X509_free", &functions.certificate_free) &&
                look_up(library, "X509_STORE_add_cert", &functions.store_add_certificate) &&
                look_up(library, "X509_OBJECT_set1_X509", &functions.object_set_certificate),
            true);
  }();
  return found ? &functions : nullptr;
}

// A bundle's certificates by subject, each parsed the first time a chain asks for its subject:
// the store's lookup in place of loading the whole file. What a chain can find is what the loaded
// file gives: every certificate of the subject asked for is added to the store at once, and the
// store answers later questions about that subject itself, as it answers them about a loaded
// file. (One difference: a certificate of the file that OpenSSL cannot parse fails only the
// chains that need it, where it failed the loading of the whole file.)
struct LazyBundle {
  struct Certificate {
    void* subject = nullptr;  // X509_NAME
    std::string der;
    void* parsed = nullptr;  // X509, once added to the store
    bool unreadable = false;
  };
  std::mutex mutex;  // connections on several threads look up at once
  std::vector<Certificate> certificates;
};

std::atomic<std::size_t> certificates_parsed{0};

// A bundle no store took (before any certificate of it is parsed).
void discard(LazyBundle* bundle) {
  for (LazyBundle::Certificate& certificate : bundle->certificates) functions.name_free(certificate.subject);
  delete bundle;
}

// The bundle of PEM `text` by subject, or null when it is not certificates alone or a subject
// does not parse (the file is then loaded whole, as libcurl would).
LazyBundle* index_bundle(std::string_view text) {
  std::optional<std::vector<std::string>> certificates = pem_certificates(text);
  if (!certificates || certificates->empty()) return nullptr;
  auto* bundle = new LazyBundle;
  for (std::string& der : *certificates) {
    const std::optional<std::string_view> subject = certificate_subject(der);
    const auto* bytes = subject ? reinterpret_cast<const unsigned char*>(subject->data()) : nullptr;
    void* name = bytes ? functions.name_from_der(nullptr, &bytes, static_cast<long>(subject->size())) : nullptr;
    if (!name) {
      discard(bundle);
      return nullptr;
    }
    bundle->certificates.push_back({name, std::move(der)});
  }
  return bundle;
}

// X509_LOOKUP's get_by_subject: the store asks for a subject it does not hold. Adds every
// certificate of the bundle with that subject to the store and gives the first; 0 when none has
// it. `object` is the caller's X509_OBJECT, which it takes a reference of: the one set here is
// let go.
int bundle_by_subject(void* lookup, int type, const void* name, void* object) {
  if (type != kLookupCertificate) return 0;  // CRLs: a bundle of certificates alone has none
  auto& bundle = *static_cast<LazyBundle*>(functions.lookup_data(lookup));
  void* store = functions.lookup_store(lookup);
  std::lock_guard lock(bundle.mutex);
  void* found = nullptr;
  for (LazyBundle::Certificate& certificate : bundle.certificates) {
    if (certificate.unreadable || functions.name_compare(certificate.subject, name) != 0) continue;
    if (!certificate.parsed) {
      const auto* bytes = reinterpret_cast<const unsigned char*>(certificate.der.data());
      void* parsed = functions.certificate_from_der(nullptr, &bytes, static_cast<long>(certificate.der.size()));
      certificates_parsed.fetch_add(1, std::memory_order_relaxed);
      // The store takes its own reference; this one is kept with the bundle, for the process.
      if (!parsed || functions.store_add_certificate(store, parsed) != 1) {
        if (parsed) functions.certificate_free(parsed);
        certificate.unreadable = true;
        continue;
      }
      certificate.parsed = parsed;
    }
    if (!found) found = certificate.parsed;
  }
  if (!found || functions.object_set_certificate(object, found) != 1) return 0;
  functions.certificate_free(found);  // the reference the object took: the caller takes its own
  return 1;
}

// A store that parses the certificates of bundle `text` as chains name them; null when the
// bundle is not one this can read (load_store then loads the file).
void* lazy_store(std::string_view text) {
  if (!functions.by_subject) return nullptr;
  static void* method = [] {
    void* made = functions.lookup_method_new("sitemaplint bundle by subject");
    if (made && functions.lookup_method_set_by_subject(made, bundle_by_subject) != 1) made = nullptr;
    return made;
  }();
  LazyBundle* bundle = method ? index_bundle(text) : nullptr;
  if (!bundle) return nullptr;
  void* store = functions.store_new();
  void* lookup = store ? functions.store_add_lookup(store, method) : nullptr;
  if (!lookup || functions.lookup_set_data(lookup, bundle) != 1) {
    if (store) functions.store_free(store);
    discard(bundle);
    return nullptr;
  }
  return store;
}

// The store for `file`: its certificates parsed as chains need them where the file is a plain
// bundle, else loaded whole by OpenSSL; null when it does not load.
void* load_store(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  void* store = in ? lazy_store(text.view()) : nullptr;
  if (!store) {
    store = functions.store_new();
    if (store && functions.store_load_file(store, file.c_str()) != 1) {
      functions.store_free(store);
      return nullptr;
    }
  }
  if (store && functions.store_set_flags(store, kStoreFlags) != 1) {
    functions.store_free(store);
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

std::size_t ca_certificates_parsed() { return certificates_parsed.load(std::memory_order_relaxed); }

void use_own_ca_store(const CurlFunctions& curl, CURL* h, const std::string& ca_file) {
  curl.easy_setopt(h, CURLOPT_SSL_CTX_FUNCTION, static_cast<curl_ssl_ctx_callback>(nullptr));
  // Named again: a kept handle may have had it unset for the shared store.
  const std::string file = ca_file.empty() ? default_file(curl, h) : ca_file;
  if (!file.empty()) curl.easy_setopt(h, CURLOPT_CAINFO, file.c_str());
  curl.easy_setopt(h, CURLOPT_CAPATH, static_cast<const char*>(nullptr));
  curl.easy_setopt(h, CURLOPT_SSL_SESSIONID_CACHE, 1L);  // the file named is part of a session's key
}

}  // namespace sitemaplint
