#!/usr/bin/env bash
# Production install of Vigil on a plain Debian host, in the directory of a clone of the repository:
# the same steps as the container image (Dockerfile), so the tests that run this script in a clean
# clone check the image's build too. See docs/operations.md.
#
#   deploy/install.sh                 build in place: dependencies, build, then production dependencies only
#   deploy/install.sh --system        first install Debian's packages the server uses (as root)
#
# Afterwards: NODE_ENV=production node apps/api/dist/server.js, with the settings of docs/operations.md.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--system" ]; then
  # Chromium drives the client-side script scans and renders reports to PDF; poppler-utils reads PDFs;
  # postgresql-client gives pg_dump and pg_restore (npm run backup / restore on PostgreSQL).
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    chromium fonts-dejavu-core poppler-utils postgresql-client ca-certificates >/dev/null
fi

# Node.js 20.19 or later on 20, or 22 or 24 (the LTS lines); npm 10 or later.
node -e '
  const [major, minor] = process.versions.node.split(".").map(Number);
  const supported = (major === 20 && minor >= 19) || major === 22 || major === 24;
  if (!supported) {
    console.error(`install.sh: Node.js ${process.versions.node} is not supported: use 20.19+, 22 or 24 (LTS).`);
    process.exit(1);
  }'

echo "install.sh: dependencies (npm ci)"
npm ci --no-audit --no-fund --loglevel=error
echo "install.sh: build (the server, the web app and the packages they use; no typecheck)"
TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 npx turbo run build --filter=@vigil/api --filter=@vigil/web \
  --concurrency=2 --output-logs=errors-only
# The web app is built into apps/web/dist: only the server's production dependencies stay.
echo "install.sh: the server's production dependencies only (npm ci --omit=dev --workspace=@vigil/api)"
rm -rf node_modules apps/*/node_modules packages/*/node_modules openapi/node_modules
npm ci --omit=dev --workspace=@vigil/api --no-audit --no-fund --loglevel=error
test -f apps/api/dist/server.js && test -f apps/web/dist/index.html
echo "install.sh: done. Start with: NODE_ENV=production node apps/api/dist/server.js (docs/operations.md)"
