"""The benchmark suite of `nbs/17_benchmark.ipynb`: `pip install "fastxtend-ffcv[bench]"`, then `fastxtend-ffcv-bench --help`"""

# Written by hand, as the package's own __init__.py is: nbdev exports modules, not packages. The names are `suite`'s
# __all__, which nbdev writes.
from .suite import *
from .suite import __all__
