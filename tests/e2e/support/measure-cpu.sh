#!/usr/bin/env bash
# Runs a command in a cgroup of its own and prints the CPU seconds it and every process it started used
# (browsers, servers, their databases), apart from whatever else the shared machine runs.
# Usage: tests/e2e/support/measure-cpu.sh E2E_PORT=4700 npx playwright test tests/e2e/x.spec.ts
# Needs root (it writes under /sys/fs/cgroup); cgroup v1 cpuacct or cgroup v2.
set -euo pipefail
name="e2e-cpu-$$"
if [ -d /sys/fs/cgroup/cpuacct ]; then
  dir="/sys/fs/cgroup/cpuacct/$name"
  mkdir "$dir"
  read_usage() { echo $(($(cat "$dir/cpuacct.usage") / 1000)); }
else
  dir="/sys/fs/cgroup/$name"
  mkdir "$dir"
  read_usage() { awk '/^usage_usec/ {print $2}' "$dir/cpu.stat"; }
fi
start=$(date +%s.%N)
set +e
(
  echo "$BASHPID" >"$dir/cgroup.procs"
  exec env "$@"
)
rc=$?
set -e
end=$(date +%s.%N)
usec=$(read_usage)
# Leave the cgroup to be removed once its last process is gone (a stray child keeps it alive).
rmdir "$dir" 2>/dev/null || echo "cgroup $dir still has processes" >&2
awk -v u="$usec" -v s="$start" -v e="$end" -v rc="$rc" \
  'BEGIN { printf "cpu %.1f s, wall %.1f s, exit %d\n", u / 1e6, e - s, rc }' >&2
exit "$rc"
