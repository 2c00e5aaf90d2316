#!/usr/bin/env bash
# `npm test`: Chromium and PostgreSQL present, type check, unit tests, integration tests (PostgreSQL, SMTP, Deno, builds in a
# copy of the project), a build of the real data, tests on the built pages,
# the link check, the Lighthouse/axe/HTML audit, then the browser tests against the local server.
set -euo pipefail
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "system packages";   bash scripts/system-deps.sh   # Chromium and PostgreSQL: installed when missing, or a stop with the command
step "type check";        npx tsc -p .
step "lint";              npm run -s lint          # ESLint, Knip and Prettier: zero warnings
step "unit tests";        npx vitest run --project unit
step "integration tests"; npx vitest run --project integration
step "build";             npm run build
step "built pages";       npx vitest run --project build
step "links";             npx tsx scripts/check-links.ts
step "audit";             npx tsx scripts/audit.ts
if compgen -G 'tests/e2e/*.test.ts' >/dev/null; then
  step "browser tests";   npx vitest run --project e2e
fi
