#include "load/bundle_by_subject.h"

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "load/pem_bundle.h"

namespace sitemaplint {
namespace {

// X509_LU_X509, of OpenSSL's ABI: a lookup for certificates (not CRLs).
constexpr int kLookupCertificate = 1;

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

// OpenSSL's functions, set by store_by_subject before any lookup (the same table each time).
std::atomic<const OpenSsl*> functions{nullptr};
const OpenSsl& ssl() { return *functions.load(std::memory_order_acquire); }

// A bundle no store took (before any certificate of it is parsed).
void discard(LazyBundle* bundle) {
  for (LazyBundle::Certificate& certificate : bundle->certificates) ssl().name_free(certificate.subject);
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
    void* name = bytes ? ssl().name_from_der(nullptr, &bytes, static_cast<long>(subject->size())) : nullptr;
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
  auto& bundle = *static_cast<LazyBundle*>(ssl().lookup_data(lookup));
  void* store = ssl().lookup_store(lookup);
  std::lock_guard lock(bundle.mutex);
  void* found = nullptr;
  for (LazyBundle::Certificate& certificate : bundle.certificates) {
    if (certificate.unreadable || ssl().name_compare(certificate.subject, name) != 0) continue;
    if (!certificate.parsed) {
      const auto* bytes = reinterpret_cast<const unsigned char*>(certificate.der.data());
      void* parsed = ssl().certificate_from_der(nullptr, &bytes, static_cast<long>(certificate.der.size()));
      certificates_parsed.fetch_add(1, std::memory_order_relaxed);
      // The store takes its own reference; this one is kept with the bundle, for the process.
      if (!parsed || ssl().store_add_certificate(store, parsed) != 1) {
        if (parsed) ssl().certificate_free(parsed);
        certificate.unreadable = true;
        continue;
      }
      certificate.parsed = parsed;
    }
    if (!found) found = certificate.parsed;
  }
  if (!found || ssl().object_set_certificate(object, found) != 1) return 0;
  ssl().certificate_free(found);  // the reference the object took: the caller takes its own
  return 1;
}

}  // namespace

void* store_by_subject(const OpenSsl& openssl_functions, std::string_view text) {
  if (!openssl_functions.by_subject) return nullptr;
  functions.store(&openssl_functions, std::memory_order_release);
  static void* method = [] {
    void* made = ssl().lookup_method_new("sitemaplint bundle by subject");
    if (made && ssl().lookup_method_set_by_subject(made, bundle_by_subject) != 1) made = nullptr;
    return made;
  }();
  LazyBundle* bundle = method ? index_bundle(text) : nullptr;
  if (!bundle) return nullptr;
  void* store = ssl().store_new();
  void* lookup = store ? ssl().store_add_lookup(store, method) : nullptr;
  if (!lookup || ssl().lookup_set_data(lookup, bundle) != 1) {
    if (store) ssl().store_free(store);
    discard(bundle);
    return nullptr;
  }
  return store;
}

std::size_t certificates_parsed_by_subject() { return certificates_parsed.load(std::memory_order_relaxed); }

}  // namespace sitemaplint
