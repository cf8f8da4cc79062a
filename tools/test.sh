#!/usr/bin/env bash
# Runs the whole test suite: checks that the package, the notebooks and README.md are in sync, then runs
# every notebook in nbs/ (cells flagged `cuda` or `slow` are skipped) and ends with `N passed, N failed`.
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

passed=0; failed=0; failures=""
for nb in nbs/*.ipynb; do
  start=$(date +%s)
  if nbdev-test "$nb" "$@"; then
    passed=$((passed+1)); echo "PASS $nb ($(( $(date +%s)-start ))s)"
  else
    failed=$((failed+1)); failures="$failures $nb"; echo "FAIL $nb ($(( $(date +%s)-start ))s)"
  fi
done
if [ -n "${sync_failed:-}" ]; then failed=$((failed+1)); failures="$failures sync-check"; fi
[ -z "$failures" ] || echo "failed:$failures"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
