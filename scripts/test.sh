#!/usr/bin/env bash
# `npm test`: Chromium and PostgreSQL present, a build of the real data, unit and integration tests (PostgreSQL, SMTP,
# Deno, builds in a copy of the project; one vitest run, files side by side), then Cloudflare's runtime serving it
# (scripts/cloudflare.ts, started once: the link check, the audits and the browser tests find it through CLOUDFLARE_URL),
# tests on the built pages beside the link check and the headers' scan, Lighthouse beside the type check and the lint,
# then the browser tests (against the runtime and the local server) beside the rest of the audit (axe, html-validate).
# Prints each step's time at the end.
set -euo pipefail

TIMES=()
STARTED=$EPOCHREALTIME
# Seconds since a $EPOCHREALTIME, rounded, in bash alone (no bc on a bare machine).
since() {
  local now=${EPOCHREALTIME/[.,]/} start=${1/[.,]/}
  echo $(((now - start + 500000) / 1000000))
}
# CPU time, in clock ticks (1/100 s on Linux), read from /proc in bash alone: `children_ticks [PID]` is what the
# children of this shell (or of the subshell PID) that have ended used, their own children included (user + system, /proc/PID/stat's cutime and
# cstime); `tree_ticks PID` is what a running process and all its descendants used so far (the Cloudflare runtime in
# the background: node, wrangler and workerd). Not counted: PostgreSQL servers started by pg_ctl, which leave the tree.
TICKS=$(getconf CLK_TCK 2>/dev/null || echo 100)
children_ticks() {
  local line fields
  read -r line <"/proc/${1:-$$}/stat"
  read -ra fields <<<"${line##*) }" # the fields after the command's name (which may hold spaces): state is [0]
  echo $((fields[13] + fields[14]))
}
tree_ticks() {
  local -A parent=() ticks=()
  local file line fields pid total=0 up
  for file in /proc/[0-9]*/stat; do
    read -r line 2>/dev/null <"$file" || continue
    pid=${line%% *}
    read -ra fields <<<"${line##*) }"
    parent[$pid]=${fields[1]}
    ticks[$pid]=$((fields[11] + fields[12] + fields[13] + fields[14]))
  done
  for pid in "${!ticks[@]}"; do
    for ((up = pid; up > 1; up = ${parent[$up]:-0})); do
      if [ "$up" = "$1" ]; then
        total=$((total + ticks[$pid]))
        break
      fi
    done
  done
  echo "$total"
}
# What the whole machine's cores did (/proc/stat: user, nice, system, irq, softirq, steal), in ticks: it also counts
# what children_ticks cannot see, Chromium's renderers among them (they outlive their parent, are taken over by init and
# never counted in a child's total). Shown for each step and each group of steps side by side; other work on the
# machine counts too.
machine_ticks() {
  local fields
  read -ra fields </proc/stat
  echo $((fields[1] + fields[2] + fields[3] + fields[6] + fields[7] + fields[8]))
}
MACHINE0=$(machine_ticks)
# Ticks as whole seconds.
cpu() { echo $((($1 + TICKS / 2) / TICKS)); }
# RUNTIME_DELTA: the runtime's CPU ticks since the last call (0 before it starts), for the step that used it.
RUNTIME_TICKS=0
RUNTIME_DELTA=0
runtime_delta() {
  local now=0
  [ -z "${RUNTIME_PID:-}" ] || now=$(tree_ticks "$RUNTIME_PID")
  RUNTIME_DELTA=$((now > RUNTIME_TICKS ? now - RUNTIME_TICKS : 0))
  RUNTIME_TICKS=$((RUNTIME_TICKS + RUNTIME_DELTA))
}
report() {
  local status=$?
  runtime_delta
  [ -z "${RUNTIME_PID:-}" ] || kill "$RUNTIME_PID" 2>/dev/null || true
  printf '\n\033[1m== step times\033[0m (wall; CPU: user + system of the step'"'"'s own processes; machine: all the cores did meanwhile)\n'
  printf '  %s\n' "${TIMES[@]}"
  printf '  %-22s %5s s %5s s CPU %5s s machine%s\n' 'npm test' "$(since "$STARTED")" "$(cpu $(($(children_ticks) + RUNTIME_TICKS)))" \
    "$(cpu $(($(machine_ticks) - MACHINE0)))" "$([ "$status" = 0 ] || echo '  (failed)')"
}
trap report EXIT

# step NAME COMMAND...: one step, its output as it comes.
step() {
  local name=$1 t0=$EPOCHREALTIME c0 m0 rc=0
  shift
  c0=$(children_ticks) m0=$(machine_ticks)
  printf '\n\033[1m== %s\033[0m\n' "$name"
  "$@" || rc=$?
  runtime_delta
  TIMES+=("$(printf '%-22s %5s s %5s s CPU %5s s machine%s' "$name" "$(since "$t0")" "$(cpu $(($(children_ticks) - c0 + RUNTIME_DELTA)))" \
    "$(cpu $(($(machine_ticks) - m0)))" "$([ "$rc" = 0 ] || echo '  (failed)')")")
  return "$rc"
}

# together 'NAME: COMMAND' ...: steps at once, each one's output printed whole when it has ended (in the order given);
# fails after all have ended if one failed.
together() {
  local dir pids=() names=() t0=$EPOCHREALTIME c0 m0 failed=''
  dir=$(mktemp -d)
  c0=$(children_ticks) m0=$(machine_ticks)
  for spec in "$@"; do
    names+=("${spec%%:*}")
    (
      s=$EPOCHREALTIME me=$BASHPID
      set +e
      bash -c "${spec#*: }" >"$dir/${#pids[@]}.log" 2>&1
      rc=$?
      since "$s" >"$dir/${#pids[@]}.time"
      cpu "$(children_ticks "$me")" >"$dir/${#pids[@]}.cpu"
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
    TIMES+=("$(printf '%-22s %5s s %5s s CPU  (side by side)%s' "${names[$i]}" "$(cat "$dir/$i.time")" "$(cat "$dir/$i.cpu")" "$([ "$rc" = 0 ] || echo ' (failed)')")")
    [ "$rc" = 0 ] || failed+=" ${names[$i]}"
  done
  rm -rf "$dir"
  runtime_delta
  TIMES+=("$(printf '%-22s %5s s %5s s CPU %5s s machine%s' "  together" "$(since "$t0")" "$(cpu $(($(children_ticks) - c0 + RUNTIME_DELTA)))" "$(cpu $(($(machine_ticks) - m0)))" \
    "$([ -z "${RUNTIME_PID:-}" ] || echo "  (the Cloudflare runtime's $(cpu "$RUNTIME_DELTA") s included)")")")
  if [ -n "$failed" ]; then
    echo "failed:$failed" >&2
    return 1
  fi
}

node scripts/lib/supportedNode.mjs # a Node that engines accepts (npm puts node_modules/.bin first on PATH)
step "system packages" bash scripts/system-deps.sh # Chromium and PostgreSQL: installed when missing, or a stop with the command
# Steps run side by side only where one leaves a core idle: every step keeps both cores busy but Lighthouse (about one
# core), so the type check and the lint run beside Lighthouse, and the markup audit (axe, html-validate: it measures no
# time) beside the browser tests. Work that measures time never goes beside another step. The arrangements tried and
# their figures: docs/benchmarks.md, "npm test".
# The build first: what it keeps in node_modules/.cache (the search index's measure, the compiled code's hash) is then
# there for the unit and integration tests' builds in copies of the project and the `npm run check:data` runs, which
# would otherwise each measure every page again.
step "build" npm run build
step "unit + integration" npx vitest run --project unit --project integration
# Cloudflare's runtime on the build (wrangler dev with wrangler.jsonc: Workers with static assets and the not-found
# Worker), in the background from now on; its start-up (wall time to the first answer) goes in the table. The link
# check and the scan wait for it; the built pages do not need it. After the link check, the deploy's dry run
# (scripts/deploy.ts: the configuration, the Worker's bundle, the assets folder and its limits) takes the build as built
# and link-checked here (--built, and the link check's record of this very build) instead of building and crawling it again.
RUNTIME_LOG=$(mktemp)
CLOUDFLARE_URL="http://127.0.0.1:$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
export CLOUDFLARE_URL
PORT=${CLOUDFLARE_URL##*:} node --import tsx scripts/cloudflare.ts dist/client >"$RUNTIME_LOG" 2>&1 &
RUNTIME_PID=$!
RUNTIME_TICKS=0
together "built pages: npx vitest run --project build" "links, deploy dry run: npx tsx scripts/check-links.ts && npx tsx scripts/deploy.ts --dry-run --built" "headers: npx tsx scripts/audit-headers.ts"
cat "$RUNTIME_LOG"
TIMES+=("$(printf '%-22s %5s s  (in the background)' 'Cloudflare runtime' "$(sed -n 's/.*(ready in \([0-9.]*\) s).*/\1/p' "$RUNTIME_LOG")")")
together "Lighthouse: env AUDIT_PARTS=lighthouse npx tsx scripts/audit.ts" "type check and lint: npm run -s typecheck && npm run -s lint"
together "browser tests: npx vitest run --project e2e" "axe and HTML: env AUDIT_PARTS=markup npx tsx scripts/audit.ts"
