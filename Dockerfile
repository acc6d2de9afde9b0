# The image of the GitHub Action (action.yml): built by a release (.github/workflows/release.yml,
# pushed to ghcr.io), or by the Action itself (action/image) at a ref without a released image.
# sitemaplint built on Debian 12 by the very steps CI proves on a fresh Debian 12 machine
# (.ci/run): .ci/install-deps, then the CMake configure and build, here of the binary only
# (--build-only leaves out the tools only the tests drive). No sudo: the build runs as root.
FROM debian:12
COPY . /src
WORKDIR /src
RUN .ci/install-deps --build-only \
 && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release \
 && cmake --build build -j"$(nproc)" --target sitemaplint \
 && install -m 755 build/sitemaplint /usr/local/bin/sitemaplint \
 && apt-get install -y -qq --no-install-recommends jq \
 && rm -rf build /var/lib/apt/lists/*
# Runs in the workspace GitHub mounts as the working directory.
ENTRYPOINT ["/src/action/entrypoint"]
