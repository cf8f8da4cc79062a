__version__ = "0.1.0"

# FFCV sets torch to one thread when it is imported. `compat` imports it first, keeping torch's count, so that every module
# of this package, and a user's `import ffcv` after this package, finds FFCV imported and torch's threads as they were
from . import compat as _compat
