#!/usr/bin/env bash
# The benchmark suite: generates its data, runs every comparison interleaved, prints the table and writes
# nbs/benchmarks/results.{csv,md,png}. Takes 20 to 50 minutes on 2 cores. Arguments go to fastxtend-ffcv-bench:
# --transforms times the augmentations against fastai's; --training times sync and async batch transforms while a
# model trains (for a GPU machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/fastxtend-ffcv-bench "$@"
