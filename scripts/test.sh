#!/usr/bin/env bash
# `npm test`: Chromium and PostgreSQL present, unit and integration tests (PostgreSQL, SMTP, Deno, builds in a copy of
# the project; one vitest run, files side by side), a build of the real data, tests on the built pages beside the link
# check and the markup audit (axe, html-validate), Lighthouse beside the type check and the lint, then the browser tests
# against the local server, alone. Prints each step's time at the end.
set -euo pipefail

TIMES=()
STARTED=$EPOCHREALTIME
# Seconds since a $EPOCHREALTIME, rounded, in bash alone (no bc on a bare machine).
since() {
  local now=${EPOCHREALTIME/[.,]/} start=${1/[.,]/}
  echo $(((now - start + 500000) / 1000000))
}
report() {
  local status=$?
  printf '\n\033[1m== step times\033[0m\n'
  printf '  %s\n' "${TIMES[@]}"
  printf '  %-22s %5s s%s\n' 'npm test' "$(since "$STARTED")" "$([ "$status" = 0 ] || echo '  (failed)')"
}
trap report EXIT

# step NAME COMMAND...: one step, its output as it comes.
step() {
  local name=$1 t0=$EPOCHREALTIME rc=0
  shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  "$@" || rc=$?
  TIMES+=("$(printf '%-22s %5s s%s' "$name" "$(since "$t0")" "$([ "$rc" = 0 ] || echo '  (failed)')")")
  return "$rc"
}

# together 'NAME: COMMAND' ...: steps at once, each one's output printed whole when it has ended (in the order given);
# fails after all have ended if one failed.
together() {
  local dir pids=() names=() t0=$EPOCHREALTIME failed=''
  dir=$(mktemp -d)
  for spec in "$@"; do
    names+=("${spec%%:*}")
    (
      s=$EPOCHREALTIME
      set +e
      bash -c "${spec#*: }" >"$dir/${#pids[@]}.log" 2>&1
      rc=$?
      since "$s" >"$dir/${#pids[@]}.time"
      exit "$rc"
    ) &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    local rc=0
    wait "${pids[$i]}" || rc=$?
    local others=("${names[@]:0:i}" "${names[@]:i+1}")
    printf '\n\033[1m== %s\033[0m (side by side with %s)\n' "${names[$i]}" "${others[*]}"
    cat "$dir/$i.log"
    TIMES+=("$(printf '%-22s %5s s  (side by side)%s' "${names[$i]}" "$(cat "$dir/$i.time")" "$([ "$rc" = 0 ] || echo ' (failed)')")")
    [ "$rc" = 0 ] || failed+=" ${names[$i]}"
  done
  rm -rf "$dir"
  TIMES+=("$(printf '%-22s %5s s' "  together" "$(since "$t0")")")
  if [ -n "$failed" ]; then
    echo "failed:$failed" >&2
    return 1
  fi
}

step "system packages" bash scripts/system-deps.sh # Chromium and PostgreSQL: installed when missing, or a stop with the command
step "unit + integration" npx vitest run --project unit --project integration
step "build" npm run build
# The steps side by side are arranged by what each leaves of the two cores (2026-11-24, a fresh clone, samples of
# /proc/stat): the built-page tests and the link check read 15,000 files and keep ~1.1 cores busy, so the markup audit
# (axe and html-validate: 1.8 cores for 31 s alone, and it measures no time) fits beside them. Lighthouse keeps 0.86
# cores busy; the type check and the lint (12 + 40 s of CPU) beside it left every page's score at 100 in one run, and
# Lighthouse took 98 s instead of 102 (with the markup audit too: 120 s). The browser tests keep 1.65 cores busy and
# have timings of their own (a form posted by the browser after 4 s): they run alone, in 107 s. Before, they ran
# beside the markup audit, the type check and the lint, in 152–175 s: on these machines two busy cores do about 1.3
# times the work of one, so work side by side gains only where a step leaves a core idle.
together "built pages: npx vitest run --project build" "links: npx tsx scripts/check-links.ts" \
  "axe and HTML: env AUDIT_PARTS=markup npx tsx scripts/audit.ts"
together "Lighthouse: env AUDIT_PARTS=lighthouse npx tsx scripts/audit.ts" "type check and lint: npx tsc -p . && npm run -s lint"
step "browser tests" npx vitest run --project e2e
