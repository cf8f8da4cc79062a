#!/usr/bin/env bash
# Shared set-up for the demo, the tests and the benchmarks; safe to run again, it only does what is missing:
# FFCV's build dependencies from Debian, a virtual environment at .venv, and this package with its dev extras.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=""
for p in pkg-config libopencv-dev libturbojpeg0-dev; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
  echo "setup: installing$missing (FFCV builds against them)"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing >/dev/null
fi

[ -x .venv/bin/python ] || { echo "setup: creating .venv"; python3 -m venv .venv; }

# Reinstall only when the dependencies change. torch and torchvision are left unpinned so that pip takes a
# matching pair from PyPI: the CPU-only torch wheel that these machines carry breaks torchvision's import.
stamp=.venv/.fastxtend-ffcv-deps
want=$(sha1sum pyproject.toml | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ] || ! .venv/bin/python -c "import fastxtend_ffcv" 2>/dev/null; then
  # torch from PyPI brings its CUDA libraries: about 7 GB in .venv, and pip unpacks the downloads in the temp folder.
  for d in .venv "${TMPDIR:-/tmp}"; do
    free_gb=$(( $(df -Pk "$d" | awk 'NR==2 {print $4}') / 1048576 ))
    if [ "$free_gb" -lt 10 ]; then
      echo "setup: only $free_gb GB free on the disk of $d; installing torch, torchvision and FFCV needs about 10 GB."
      echo "setup: free some space (old clones, virtual environments or temp folders) and run this again."
      exit 1
    fi
  done
  echo "setup: installing fastxtend-ffcv[dev] into .venv (first time: a few minutes)"
  .venv/bin/pip install -q -e ".[dev]" 2>&1 | grep -v "^WARNING: Location" || true
  .venv/bin/python -c "import fastxtend_ffcv, torchvision, ffcv, fastai" \
    || { echo "setup: the install is broken (see above)"; exit 1; }
  echo "$want" > "$stamp"
fi
