# syntax=docker/dockerfile:1
# Vigil's image: one image for every role (VIGIL_ROLE=api, worker, or all), chosen at run time.
# The build stage runs deploy/install.sh, the same script a production install on a plain Debian
# host runs (and the tests run in a clean clone). Debian slim base, Debian's Chromium for the script
# scanner and the PDF reports, production dependencies only, a non-root user.
# See deploy/compose.yaml and docs/operations.md.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN deploy/install.sh

FROM node:22-bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      chromium fonts-dejavu-core poppler-utils postgresql-client ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SCAN_CHROMIUM_PATH=/usr/bin/chromium
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/api/health/ready) is for the proxy or the orchestrator to route by.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM stops it gracefully (SHUTDOWN_TIMEOUT_MS, 20 s by default): give the container longer.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/dist/server.js"]
