# syntax=docker/dockerfile:1
# tabwright in a container: the API server with Debian's Chromium, as a non-root user, its data in a
# volume. `docker run -p 8080:8080 tabwright` serves on port 8080; the README's "In a container"
# section says how to make the first key, deploy/compose.yaml runs several nodes behind nginx.

# ---- build: npm packages (better-sqlite3 compiles here), TypeScript, the page bundles ----
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# node-gyp builds better-sqlite3 against the headers the base image holds, not a download.
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
# Behind a TLS-inspecting proxy npm needs its CA: `--secret id=extra_ca,src=ca.pem`. A secret stays
# out of the image and its history; without one, npm trusts the usual CAs only.
RUN --mount=type=secret,id=extra_ca \
    if [ -s /run/secrets/extra_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/extra_ca; fi \
 && npm ci --no-audit --no-fund
COPY . .
# What runs needs neither the tests nor better-sqlite3's sources and objects (its binding stays).
RUN node scripts/build.mjs \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf dist/spec dist/bench node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
      node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
      node_modules/better-sqlite3/build/deps

# ---- run ----
FROM node:20-bookworm-slim
# Chromium and Latin fonts (README, "In a container": adding others); tini as PID 1 passes SIGTERM
# on to the server and reaps the processes Chromium leaves behind.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-liberation tini \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 tabwright \
 && useradd --system --uid 10001 --gid tabwright --home-dir /data --no-create-home --shell /usr/sbin/nologin tabwright \
 && mkdir /data && chown tabwright:tabwright /data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/bin ./bin
RUN ln -s /app/bin/tabwright /usr/local/bin/tabwright

# Everything else is configured with the variables `tabwright help` lists (DATABASE_URL, NODE_ID, ...).
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/data CHROMIUM_PATH=/usr/bin/chromium
VOLUME /data
EXPOSE 8080
# Not root: Chromium then runs with its own sandbox (CHROMIUM_SANDBOX, README "In a container").
USER tabwright
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "tabwright"]
CMD ["serve"]
