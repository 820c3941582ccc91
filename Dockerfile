# Hexpost server image: built on Debian 12 with the -dev packages, run with the shared libraries
# only, as a non-root user. Packages come from ops/packages.txt through ops/install-deps, the same
# list and script that ops/run and ops/test use ([build] here, [runtime] in the final stage).
#
#   docker build -t hexpost .
#   docker-compose -f ops/compose.yaml up --build     (with PostgreSQL 15)

FROM debian:bookworm-slim AS build
WORKDIR /src
COPY ops/packages.txt ops/lib.sh ops/install-deps ops/
RUN ops/install-deps build && rm -rf /var/lib/apt/lists/*
COPY . .
RUN cmake -S . -B /build -G Ninja -DCMAKE_BUILD_TYPE=Release -DHEXPOST_BENCHMARKS=OFF \
 && cmake --build /build --target hexpostd \
 && install -D -m 0755 /build/services/hexpostd /out/usr/local/bin/hexpostd \
 && mkdir -p /out/usr/share/hexpost \
 && cp -r migrations /out/usr/share/hexpost/migrations

FROM debian:bookworm-slim AS runtime
COPY ops/packages.txt ops/lib.sh ops/install-deps /tmp/ops/
# No documentation, manual pages or translations in the image, and no package cache: only what
# hexpostd loads (ops/packages.txt [runtime]).
RUN printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-exclude /usr/share/man/*' \
      'path-exclude /usr/share/locale/*' 'path-exclude /usr/share/info/*' \
      >/etc/dpkg/dpkg.cfg.d/01-hexpost-slim \
 && /tmp/ops/install-deps runtime && apt-get clean \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log /tmp/ops \
 && useradd --system --uid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin hexpost
COPY --from=build /out/ /
# Inside a container hexpostd must listen on all interfaces; publish the port on 127.0.0.1 only
# (see ops/compose.yaml) or put a reverse proxy in front.
ENV HEXPOST_MIGRATIONS_DIR=/usr/share/hexpost/migrations \
    HEXPOST_LISTEN=0.0.0.0:8080
USER hexpost
EXPOSE 8080
ENTRYPOINT ["hexpostd"]
CMD ["serve"]
