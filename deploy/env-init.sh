#!/usr/bin/env bash
# Writes deploy/.env from deploy/env.example with every GENERATED secret filled in (random, 32
# bytes, base64url), once: an existing deploy/.env is left as it is. Mode 0600; never committed.
set -euo pipefail
cd "$(dirname "$0")"
if [ -e .env ]; then
  echo "env-init.sh: deploy/.env exists; nothing changed."
  exit 0
fi
umask 077
node -e '
  const { randomBytes } = require("node:crypto");
  const { readFileSync, writeFileSync } = require("node:fs");
  const lines = readFileSync("env.example", "utf8").split("\n");
  let generated = false;
  const out = lines.map((line) => {
    if (line.startsWith("#")) { generated = line.includes("GENERATED"); return line; }
    const wasGenerated = generated;
    generated = false;
    return wasGenerated && /^[A-Z_]+=$/.test(line) ? line + randomBytes(32).toString("base64url") : line;
  });
  writeFileSync(".env", out.join("\n"), { mode: 0o600 });'
echo "env-init.sh: wrote deploy/.env (secrets generated). Set PUBLIC_URL and the relay, then: docker compose -f deploy/compose.yaml up -d --build"
