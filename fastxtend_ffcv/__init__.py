__version__ = "0.1.0"

# Nothing heavy here: `boot` installs the import hooks that import FFCV keeping torch's thread count (FFCV sets it to one
# as it is imported), and fastai's `layers` without torch's warning, whoever imports them first: this package or the user
from .boot import boot as _boot
_boot()
