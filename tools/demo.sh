#!/usr/bin/env bash
# The main job: writes scikit-learn's handwritten digits to .beton, trains a fastai Learner from
# fastxtend-ffcv Loaders, and prints its accuracy and the loaders' images/s. Arguments go to the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/fastxtend-ffcv-demo "$@"
