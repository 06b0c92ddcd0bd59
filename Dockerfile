# Booking.kz as a container image: the built service on Debian's Node.js 20.
# Both stages start from Debian's own slim image and packages, so this file
# builds the same with Docker, Podman or Buildah, here and anywhere.
# Build:   podman build --format docker -t booking-kz .   (docker build -t booking-kz .)
# Run:     docker run -p 8080:8080 -v booking-data:/data booking-kz
# Manual:  docs/deploying-containers.md
ARG BASE_IMAGE=debian:trixie-slim

# Node.js and npm from Debian, for the two stages that install packages.
FROM ${BASE_IMAGE} AS node-npm
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs npm ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src

# Production dependencies only: what the runtime copies. No install scripts
# run (none of them needs one; they are pure JavaScript and WebAssembly).
FROM node-npm AS deps
# Behind a TLS-intercepting proxy npm needs its CA: mount the file into the build and name it, e.g.
# podman build --volume /path/ca.crt:/run/extra-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/extra-ca.crt
# (an ARG lasts one stage, hence once per npm stage; the runtime image neither has nor needs it).
ARG NODE_EXTRA_CA_CERTS
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && rm -rf /root/.npm

# The build: the server (tsc -> dist/) and the pages (Vite -> web/dist/, precompressed).
FROM node-npm AS build
ARG NODE_EXTRA_CA_CERTS
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && rm -rf /root/.npm
COPY . .
RUN node scripts/build.mjs all --force

# The runtime: Debian's nodejs (no npm, no docs), the fonts of the share cards, the built output.
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nodejs fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log /usr/share/doc /usr/share/man /usr/share/info \
 && groupadd --system --gid 10001 booking \
 && useradd --system --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home --shell /usr/sbin/nologin booking \
 && install -d -o 10001 -g 10001 -m 700 /data
WORKDIR /app
# Owned by root, read-only to the service: its code cannot be changed by the process that runs it.
COPY --from=deps /src/node_modules ./node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/drizzle ./drizzle
COPY --from=build /src/dist/src ./dist/src
COPY --from=build /src/dist/.build-stamp ./dist/
COPY --from=build /src/web/dist ./web/dist
# `node scripts/data.mjs backup|restore FILE`: npm run backup/restore without npm (the stamp says the build is current).
COPY --from=build /src/scripts/data.mjs /src/scripts/build.mjs ./scripts/
# Settings only; every secret comes from the environment at run time (.env.example lists them).
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
# A numeric user, so orchestrators can check it is not root (runAsNonRoot).
USER 10001:10001
# PGlite's files and the generated JWT secret (unused with DATABASE_URL and JWT_SECRET set).
VOLUME ["/data"]
EXPOSE 8080
# /healthz: the process answers. No curl in the image: Node's own fetch asks (a Node start takes a while on a busy host: 10 s).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains as with npm start: in-flight requests are answered, then it exits 0 (SHUTDOWN_GRACE_MS 35 s;
# give the container's stop timeout more than that: docker stop -t 40, compose stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "dist/src/server.js"]
