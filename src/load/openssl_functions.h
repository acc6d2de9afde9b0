// The OpenSSL 3 functions sitemaplint calls itself, found in the libssl.so.3 that libcurl loaded
// (load/ca_store, load/bundle_by_subject): OpenSSL's headers are not a build dependency, and a
// libcurl on another TLS library leaves them unused.
#pragma once

#include "load/curl_library.h"

namespace sitemaplint {

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

// OpenSSL as libcurl loaded it, or null: only the libssl.so.3 already in the process
// (RTLD_NOLOAD), and only when libcurl says it runs on OpenSSL 3. Looked up once.
const OpenSsl* openssl(const CurlFunctions& curl);

}  // namespace sitemaplint
