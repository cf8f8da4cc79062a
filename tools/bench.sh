#!/usr/bin/env bash
# The benchmark suite (fastxtend_ffcv.bench, from nbs/37_bench.suite.ipynb): generates its data, runs every comparison
# interleaved, prints the table and writes results.{csv,md,png} and loop.png (each section its own files, below) to
# fastxtend-ffcv-bench/ here, which git ignores; --publish writes them over the published ones in nbs/benchmarks/ instead,
# where nbs/benchmarks.ipynb reads them (commit them with what the notebook says of them). Takes 20 to 50 minutes on
# 2 cores. Arguments go to fastxtend-ffcv-bench, after --out, so an --out of yours wins: --quick is a small run that
# checks the suite works (about 5 to 10 minutes; its numbers mean little, so it writes to fastxtend-ffcv-bench-quick/, not
# over the repository's results); --transforms times the augmentations against fastai's; --training times sync and
# async batch transforms while a model trains (for a GPU machine); --gpu times FFCV's Loader against ours on the GPU (sync and
# async_tfms, with nothing, a float conversion or a ResNet-18 step in mixed precision in the loop) and --training's table, into
# gpu.{csv,md} (for a GPU machine; tools/device.sh runs it on one that has torch but not FFCV or fastai); --segmentation times the segmentation loaders against
# fastai's DataLoader (segmentation.{csv,md}); --layer times only the fastai layer's cost against FFCV's own Loader (alone and
# with work in the loop, at 32 px) and the photo workload with its peers (layer.{csv,md}); with --processes N, its loop rows
# run in N fresh processes in turn and give the median over them; --scale times writing with and
# without re-encoding JPEGs and QUASI_RANDOM against RANDOM without the OS cache, with the memory each holds (scale.{csv,md}); --cold
# times a loader's first batch cold, warm in the process and warm from the disk cache against FFCV's own Loader, and predict and
# test_dl against fastai's (cold.{csv,md}, a few minutes); --lightning times Lightning's Trainer over FFCVDataModule against a plain
# loop and against ffcv-pl with FFCV's own Loader, which it installs (lightning.{csv,md}, a few minutes); --remote times QUASI_RANDOM
# epochs from a local S3 server 20 ms away against the local file (remote.{csv,md}, a few minutes; the cloud extra and moto's server,
# in the dev set-up). --peers first installs those peers, NVIDIA DALI and Meta's SPDL (the
# `peers` extra, and FFmpeg's shared libraries from Debian for SPDL), so that the photo rows include them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
out=fastxtend-ffcv-bench; publish=""; quick=""
args=()
for a in "$@"; do
  case "$a" in
    --publish) publish=1 ;;
    --quick) quick=1; args+=("$a") ;;
    --peers)
      sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends libavdevice59 libavfilter8 >/dev/null \
        || echo "bench: FFmpeg's libraries did not install; SPDL's rows will say why they are missing"
      .venv/bin/pip install -q -e ".[peers]" 2>&1 | grep -v "^WARNING: Location" || true ;;
    --lightning)  # Lightning's extra (in the dev set-up already) and ffcv-pl, the peer that it is timed against
      .venv/bin/pip install -q -e ".[lightning]" "ffcv-pl==0.3.2" 2>&1 | grep -v "^WARNING: Location" || true; args+=("$a") ;;
    *) args+=("$a") ;;
  esac
done
if [ -n "$quick" ]; then
  [ -z "$publish" ] || { echo "bench: a --quick run's numbers mean little: it is never published"; exit 2; }
  out=fastxtend-ffcv-bench-quick
elif [ -n "$publish" ]; then out=nbs/benchmarks
fi
exec .venv/bin/fastxtend-ffcv-bench --out "$out" "${args[@]}"
