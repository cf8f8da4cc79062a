#!/usr/bin/env bash
# ffcv-pl 0.3.2's own example (its README's dataset_creation.py and main.py) run with fastxtend_ffcv.lightning in place of
# ffcv_pl: the import prefix changed and nothing else, except accelerator='cpu' on a machine with fewer than 2 GPUs (the
# example asks for 2; on the CPU, Lightning's DDP then runs 2 processes joined with gloo). Passes when it trains its 5
# epochs: 256 items, 2 processes of 128 in batches of 16, so 40 steps, and Lightning's checkpoint epoch=4-step=40.ckpt.
# The example is not part of this repository (nor of ffcv-pl's PyPI sdist): pass a checkout of
# https://github.com/SerezD/ffcv_pytorch_lightning (tested at 32def27), or let this clone it (needs GitHub).
# nbs/33b_lightning.ipynb tests the same calls in its own words, in the suite.
set -uo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh || exit 1
py="$PWD/.venv/bin/python"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ffcv-pl-example.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
src=${1:-}
if [ -z "$src" ]; then
  git clone -q https://github.com/SerezD/ffcv_pytorch_lightning "$tmp/repo" && git -C "$tmp/repo" checkout -q 32def27 \
    || { echo "could not clone ffcv-pl's repository: pass a checkout of it"; exit 1; }
  src="$tmp/repo"
fi
for f in dataset_creation.py main.py; do
  [ -f "$src/src/$f" ] || { echo "no src/$f in $src: not a checkout of ffcv-pl"; exit 1; }
  sed 's/\bffcv_pl\./fastxtend_ffcv.lightning./g' "$src/src/$f" > "$tmp/$f"
done
gpus=$("$py" -c "import torch; print(torch.cuda.device_count())")
[ "$gpus" -ge 2 ] || sed -i "s/accelerator='gpu'/accelerator='cpu'/" "$tmp/main.py"
echo "ffcv-pl's example, changed thus:"; diff "$src/src/main.py" "$tmp/main.py"; diff "$src/src/dataset_creation.py" "$tmp/dataset_creation.py"
cd "$tmp"
"$py" dataset_creation.py > creation.log 2>&1 || { cat creation.log; echo "0 passed, 1 failed"; exit 1; }
"$py" main.py > main.log 2>&1 || { tail -40 main.log; echo "0 passed, 1 failed"; exit 1; }
if [ -f "checkpoints/epoch=4-step=40.ckpt" ]; then echo "trained 5 epochs of 8 steps in each of 2 processes"; echo "1 passed, 0 failed"
else ls -R checkpoints 2>/dev/null; tail -20 main.log; echo "0 passed, 1 failed"; exit 1; fi
