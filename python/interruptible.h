// A long call into the library that Ctrl-C can end: a live audit of ten thousand pages at five
// requests a second takes half an hour, and Python runs its signal handlers only between its own
// instructions, never while a C++ call holds its thread.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include <sitemaplint/lint.h>

namespace sitemaplint_python {

// Runs `call(stop)` on a thread of its own while this one, without the GIL, wakes five times a
// second to let Python run its signal handlers and to look at `stopper` (None, or an object with
// is_set(), a threading.Event: how a thread other than the main one, which signals never reach,
// stops a lint). When a handler raises (KeyboardInterrupt), or `stopper` is set, the call is asked
// to stop (api::StopFlag: nothing more is fetched or read) and waited for; the handler's exception
// goes on, or api::Stopped is thrown; the call's result, not whole, is dropped. What `call` throws
// otherwise is thrown here.
template <typename Call>
auto interruptible(Call call, const pybind11::object& stopper = pybind11::none()) -> decltype(call(nullptr)) {
  using Value = decltype(call(nullptr));
  sitemaplint::api::StopFlag stop;
  const auto stop_asked = [&] { return !stopper.is_none() && pybind11::bool_(stopper.attr("is_set")()); };
  if (stop_asked()) stop.request();  // set before the call: nothing is fetched at all
  std::mutex mutex;
  std::condition_variable ended;
  bool done = false;
  std::optional<Value> value;
  std::exception_ptr failure;
  std::thread worker;
  const auto join = [&] {
    pybind11::gil_scoped_release released;
    worker.join();
  };
  {
    pybind11::gil_scoped_release released;
    worker = std::thread([&] {
      try {
        value.emplace(call(&stop));
      } catch (...) {
        failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      ended.notify_all();
    });
  }
  for (;;) {
    {
      pybind11::gil_scoped_release released;
      std::unique_lock lock(mutex);
      if (ended.wait_for(lock, std::chrono::milliseconds(200), [&] { return done; })) break;
    }
    if (PyErr_CheckSignals() != 0) {
      stop.request();
      join();
      throw pybind11::error_already_set();
    }
    if (stop_asked()) {
      stop.request();
      join();
      throw sitemaplint::api::Stopped("the lint was stopped (its stop was set) before it ended");
    }
  }
  join();
  if (failure) std::rethrow_exception(failure);
  return std::move(*value);
}

}  // namespace sitemaplint_python
