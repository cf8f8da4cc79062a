#!/usr/bin/env bash
# Runs the whole test suite: checks that the package, the notebooks and README.md are in sync, then runs
# every notebook in nbs/, two at a time (cells flagged `cuda` or `slow` are skipped: `bash tools/test.sh --flags slow` runs
# the slow ones too), and ends with `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh || { echo "setup failed: no notebook was run"; echo "0 passed, 1 failed"; exit 1; }
export PATH="$PWD/.venv/bin:$PATH" PYTHONUNBUFFERED=1

state() { git status --porcelain; git diff; }
before=$(state | sha1sum)
nbdev-export && nbdev-clean && python tools/make_readme.py
if [ "$before" != "$(state | sha1sum)" ]; then
  echo "FAIL: nbdev-export, nbdev-clean or tools/make_readme.py changed files; commit what they wrote:"
  git status --porcelain
  sync_failed=1
fi

# The notebooks read in order: none uses a name of this package before the notebook that defines it
python tools/check_order.py > /dev/null || { python tools/check_order.py; order_failed=1; }

# Notebooks run two at a time (TEST_JOBS): much of a notebook's time is one thread (Numba compiling the pipelines
# that no earlier notebook compiled, subprocesses starting), so two share the two cores well. Each one's output is printed when it ends.
logs=$(mktemp -d)
# the notebooks (each a process of its own) share the pipelines they compile through a disk cache of this run's own:
# empty at the start, as on a fresh machine, and removed at the end
# (a FASTXTEND_FFCV_CACHE set by the caller is used instead, and kept: a second run then compiles almost nothing)
cache=""
if [ -z "${FASTXTEND_FFCV_CACHE:-}" ]; then cache=$(mktemp -d); export FASTXTEND_FFCV_CACHE="$cache"; fi
# the notebooks' temporary files go to a folder of this run's own, removed at the end however the run ends: a notebook
# stopped by a signal runs no clean-up of its own
run_tmp=$(mktemp -d "${TMPDIR:-/tmp}/fastxtend-ffcv-test.XXXXXX"); export TMPDIR="$run_tmp"
trap 'rm -rf "$logs" ${cache:+"$cache"} "$run_tmp"' EXIT
summary() {  # `N passed, N failed` over the notebooks that ended (all of them, unless the run was stopped)
  local passed=0 failed=0 failures="" r
  for nb in nbs/*.ipynb; do
    r=$(cat "$logs/$(basename "$nb").log.result" 2>/dev/null)
    if [ "$r" = PASS ]; then passed=$((passed+1)); elif [ -n "$r" ] || [ -z "${stopped:-}" ]; then failed=$((failed+1)); failures="$failures $nb"; fi
  done
  if [ -n "${sync_failed:-}" ]; then failed=$((failed+1)); failures="$failures sync-check"; fi
  if [ -n "${order_failed:-}" ]; then failed=$((failed+1)); failures="$failures order-check"; fi
  [ -z "$failures" ] || echo "failed:$failures"
  [ -z "${stopped:-}" ] || { echo "stopped by $stopped: the notebooks that had not ended were not counted"; failed=$((failed+1)); }
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
}
stop() {  # SIGTERM or Ctrl-C: stop the notebooks (and what they started), then the summary so far
  trap - TERM INT; stopped=$1
  for p in $(jobs -p); do pkill -TERM -P "$p" 2>/dev/null; kill -TERM "$p" 2>/dev/null; done
  wait; summary; exit "$2"
}
trap 'stop SIGTERM 143' TERM; trap 'stop SIGINT 130' INT
run_nb() {
  local nb=$1; shift; local log="$logs/$(basename "$nb").log" start=$(date +%s) result=PASS
  nbdev-test "$nb" "$@" > "$log" 2>&1 || result=FAIL
  { [ $result = PASS ] || cat "$log"; echo "$result $nb ($(( $(date +%s)-start ))s)"; } | flock "$logs" cat
  echo $result > "$log.result"
}
# the slowest first (measured on a fresh clone, 2026-11-26: 242, 167, 130 and 89 s), so that no long one starts last and runs alone
slow="nbs/30_data.core.ipynb nbs/21_loader.loader.ipynb nbs/06_fields.decoders.ipynb nbs/26_transforms.ipynb"
for nb in $slow $(ls nbs/*.ipynb | grep -v -F -x -f <(printf '%s\n' $slow)); do
  [ -f "$nb" ] || continue
  while [ "$(jobs -rp | wc -l)" -ge "${TEST_JOBS:-2}" ]; do wait -n; done
  run_nb "$nb" "$@" &
done
wait
summary
