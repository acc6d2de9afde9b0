// Boost.URL, compiled into sitemaplint as its documentation allows (include <boost/url/src.hpp>
// in one source file) rather than linked as libboost_url.so: one shared library fewer to map and
// relocate at every start.
#include <boost/url/src.hpp>
