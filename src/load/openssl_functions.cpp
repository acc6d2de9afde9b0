#include "load/openssl_functions.h"

#include <dlfcn.h>

#include <string>

namespace sitemaplint {
namespace {

template <typename Function>
bool look_up(void* library, const char* name, Function* slot) {
  *slot = reinterpret_cast<Function>(dlsym(library, name));
  return *slot != nullptr;
}

OpenSsl functions;  // filled once by openssl()

}  // namespace

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

}  // namespace sitemaplint
