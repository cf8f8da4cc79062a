#!/usr/bin/env bash
# The checks that need a GPU, for a GPU machine that has PyTorch but not FFCV or fastai (as the device machines lent to
# developers' sessions are): installs the wheels in .whl/ (built here by shared/tools/device-wheels.sh), then
#   bench  the GPU tables: `bench_gpu` (FFCV's Loader against ours, sync and async_tfms, with no work, a float conversion
#          and a ResNet-18 step in mixed precision in the loop) and `bench_training`, saved part by part into $OUT/gpu.csv;
#   tests  the notebooks with their `cuda` cells, TEST_JOBS at a time, those with `cuda` cells first; each one's result
#          into $OUT/tests.txt and a failure's log into $OUT/tests-failed.log.
# Each part runs under its own time limit (BENCH_S and TESTS_S seconds), so that what finished comes back.
# Usage: [NBS='nbs/a.ipynb nbs/b.ipynb'] bash tools/device.sh [bench] [tests]   (both parts, and every notebook, by default)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/fastxtend-ffcv-device}; mkdir -p "$OUT"
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site:$PWD PATH=/tmp/site/bin:$PATH PYTHONUNBUFFERED=1
# the package's console scripts (fastxtend-ffcv-folder, ...), which the notebooks run; its code stays in $PWD
python3 -m pip install -q --no-index --no-deps --no-build-isolation -e . > /dev/null 2>&1 || echo "the package's console scripts did not install"
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader; nproc
  python3 -c "import torch, fastai, ffcv, numba, numpy; print('torch', torch.__version__, 'fastai', fastai.__version__, 'numba', numba.__version__, 'numpy', numpy.__version__)"
} 2>&1 | tee "$OUT/device.txt"
parts=${*:-bench tests}

if [[ " $parts " == *" bench "* ]]; then
  timeout "${BENCH_S:-330}" python3 - <<'EOF' 2>&1 | grep -v "item/s\]" | tee "$OUT/bench.log"
import os, tempfile, time
from pathlib import Path
import pandas as pd, torch
from fastxtend_ffcv.bench.workloads import write_workloads
from fastxtend_ffcv.bench.loops import bench_gpu, bench_training
out, parts = Path(os.environ.get('OUT', '.')), []
def save(df):
    parts.append(df); pd.concat(parts, ignore_index=True).to_csv(out/'gpu.csv', index=False)
    cols = [c for c in ['section', 'workload', 'work', 'workers', 'loader', 'images_s', 'layer_us_per_batch', 'vs_ffcv', 'vs_ffcv_lo', 'vs_ffcv_hi', 'gpu_idle_ms_per_step'] if c in df]
    print(df[cols].to_markdown(index=False, floatfmt='.3g'), flush=True)
with tempfile.TemporaryDirectory() as d:
    t = time.time(); data = write_workloads(Path(d), 20_000, 6_000, n_tab=100); print(f'data written in {time.time()-t:.0f} s', flush=True)
    save(bench_training(data))
    for wl in ('raw32', 'photo128', 'jpg32'):
        for w in (None, 4):
            t = time.time(); save(bench_gpu(data, (wl,), workers=(w,))); print(f'{wl} w{w}: {time.time()-t:.0f} s', flush=True)
EOF
fi

if [[ " $parts " == *" tests "* ]]; then
  if [ -n "${NBS:-}" ]; then printf '%s\n' $NBS > "$OUT/order.txt"  # only these notebooks
  else { grep -l '"#| cuda' nbs/*.ipynb; grep -L '"#| cuda' nbs/*.ipynb; } > "$OUT/order.txt"; fi
  : > "$OUT/tests.txt"
  run_nb() { local log; log=$(mktemp); if timeout "${NB_S:-280}" nbdev-test "$1" --flags cuda > "$log" 2>&1; then echo "PASS $1"; else echo "FAIL $1"; { echo "== $1"; tail -c 6000 "$log"; } >> "$OUT/tests-failed.log"; fi; rm -f "$log"; }
  export -f run_nb; export OUT
  timeout "${TESTS_S:-200}" xargs -P "${TEST_JOBS:-12}" -a "$OUT/order.txt" -I{} bash -c 'run_nb {}' >> "$OUT/tests.txt"
  echo "$(grep -c ^PASS "$OUT/tests.txt") passed, $(grep -c ^FAIL "$OUT/tests.txt") failed, of $(wc -l < "$OUT/order.txt") notebooks" | tee -a "$OUT/tests.txt"
fi
