// A shared library built as libcurl.so.4 that defines none of libcurl's functions. A test puts
// its folder on LD_LIBRARY_PATH, where the loader looks before the system's libcurl, to see what
// a run that needs libcurl and cannot use it says (tests/curl_loading_test.cpp).
int sitemaplint_stub_libcurl_is_not_libcurl() { return 0; }
