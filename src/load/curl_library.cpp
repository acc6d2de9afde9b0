#include "load/curl_library.h"

#include <dlfcn.h>

#include <array>
#include <mutex>

namespace sitemaplint {
namespace {

std::string unavailable(const char* soname, const char* why) {
  return std::string("fetching URLs needs libcurl (") + soname + "): " + (why ? why : "unknown error");
}

// Looks `name` up in `library` into *slot, which has the function's type.
template <typename Function>
bool bind(void* library, const char* soname, const char* name, Function* slot, std::string* error) {
  dlerror();  // a null symbol is an error only if dlerror() says so afterwards
  void* symbol = dlsym(library, name);
  if (const char* why = dlerror()) {
    *error = unavailable(soname, why);
    return false;
  }
  *slot = reinterpret_cast<Function>(symbol);
  return true;
}

struct LoadedLibrary {
  CurlFunctions functions{};
  bool ok = false;
  std::string error;
  CURLSH* share = nullptr;
};

// One lock for each kind of data the share holds: libcurl asks for a kind's lock around each use.
std::array<std::mutex, CURL_LOCK_DATA_LAST> share_locks;

void lock_share(CURL*, curl_lock_data data, curl_lock_access, void*) { share_locks[data].lock(); }
void unlock_share(CURL*, curl_lock_data data, void*) { share_locks[data].unlock(); }

// The process's share (curl_shared_caches); null when libcurl refuses it, and handles then share
// nothing, as before.
CURLSH* make_share(const CurlFunctions& curl) {
  CURLSH* share = curl.share_init();
  if (!share) return nullptr;
  const bool ok = curl.share_setopt(share, CURLSHOPT_LOCKFUNC, lock_share) == CURLSHE_OK &&
                  curl.share_setopt(share, CURLSHOPT_UNLOCKFUNC, unlock_share) == CURLSHE_OK &&
                  curl.share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION) == CURLSHE_OK &&
                  curl.share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_DNS) == CURLSHE_OK;
  return ok ? share : nullptr;  // a share half set up is left alone: nothing uses it
}

LoadedLibrary load_and_initialise() {
  LoadedLibrary loaded;
  if (!load_curl_functions(kLibcurlSoname, &loaded.functions, &loaded.error)) return loaded;
  // Once per process, before any transfer: curl_global_init is not thread-safe in every build,
  // and here it runs under the lock of curl_library()'s static.
  if (loaded.functions.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    loaded.error = "libcurl could not be initialised";
    return loaded;
  }
  loaded.ok = true;
  loaded.share = make_share(loaded.functions);
  return loaded;
}

}  // namespace

bool load_curl_functions(const char* soname, CurlFunctions* functions, std::string* error) {
  // RTLD_LAZY: a function of libcurl or of the 30 libraries it needs is bound at its first call,
  // not all at once (22,000 lookups, 3% of the instructions of a 2,000-URL live audit). A library
  // that is missing still fails here, with dlerror's message; a function missing from one that is
  // there is what only a broken installation gives (Debian's symbol dependencies keep them).
  // RTLD_LOCAL: its symbols stay out of the way of everything loaded later.
  void* library = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
  if (!library) {
    *error = unavailable(soname, dlerror());
    return false;
  }
  CurlFunctions found{};
  const bool ok = bind(library, soname, "curl_global_init", &found.global_init, error) &&
                  bind(library, soname, "curl_easy_init", &found.easy_init, error) &&
                  bind(library, soname, "curl_easy_cleanup", &found.easy_cleanup, error) &&
                  bind(library, soname, "curl_easy_reset", &found.easy_reset, error) &&
                  bind(library, soname, "curl_easy_setopt", &found.easy_setopt, error) &&
                  bind(library, soname, "curl_easy_perform", &found.easy_perform, error) &&
                  bind(library, soname, "curl_easy_getinfo", &found.easy_getinfo, error) &&
                  bind(library, soname, "curl_easy_strerror", &found.easy_strerror, error) &&
                  bind(library, soname, "curl_url", &found.url, error) &&
                  bind(library, soname, "curl_url_cleanup", &found.url_cleanup, error) &&
                  bind(library, soname, "curl_url_set", &found.url_set, error) &&
                  bind(library, soname, "curl_url_get", &found.url_get, error) &&
                  bind(library, soname, "curl_url_strerror", &found.url_strerror, error) &&
                  bind(library, soname, "curl_free", &found.free, error) &&
                  bind(library, soname, "curl_multi_init", &found.multi_init, error) &&
                  bind(library, soname, "curl_multi_cleanup", &found.multi_cleanup, error) &&
                  bind(library, soname, "curl_multi_setopt", &found.multi_setopt, error) &&
                  bind(library, soname, "curl_multi_add_handle", &found.multi_add_handle, error) &&
                  bind(library, soname, "curl_multi_remove_handle", &found.multi_remove_handle, error) &&
                  bind(library, soname, "curl_multi_socket_action", &found.multi_socket_action, error) &&
                  bind(library, soname, "curl_multi_info_read", &found.multi_info_read, error) &&
                  bind(library, soname, "curl_slist_append", &found.slist_append, error) &&
                  bind(library, soname, "curl_slist_free_all", &found.slist_free_all, error) &&
                  bind(library, soname, "curl_share_init", &found.share_init, error) &&
                  bind(library, soname, "curl_share_setopt", &found.share_setopt, error) &&
                  bind(library, soname, "curl_version_info", &found.version_info, error);
  if (!ok) {
    dlclose(library);  // an incomplete library is of no use, and nothing points into it
    return false;
  }
  *functions = found;
  return true;
}

namespace {

const LoadedLibrary& loaded_library() {
  static const LoadedLibrary loaded = load_and_initialise();
  return loaded;
}

}  // namespace

const CurlFunctions* curl_library(std::string* error) {
  const LoadedLibrary& loaded = loaded_library();
  if (!loaded.ok) {
    *error = loaded.error;
    return nullptr;
  }
  return &loaded.functions;
}

CURLSH* curl_shared_caches() { return loaded_library().share; }

void use_shared_caches(const CurlFunctions& curl, CURL* h) {
  if (CURLSH* share = curl_shared_caches()) curl.easy_setopt(h, CURLOPT_SHARE, share);
}

bool answered_in_plain_http(CURLcode code, std::string_view detail) {
  return code == CURLE_SSL_CONNECT_ERROR && detail.find("wrong version number") != std::string_view::npos;
}

bool is_tls_error(CURLcode code) {
  switch (code) {
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_ENGINE_SETFAILED:
    case CURLE_SSL_ENGINE_INITFAILED:
    case CURLE_SSL_SHUTDOWN_FAILED:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
    case CURLE_SSL_CLIENTCERT:
    case CURLE_USE_SSL_FAILED: return true;
    default: return false;
  }
}

}  // namespace sitemaplint
