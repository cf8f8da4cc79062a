"""Run the notebooks that the docs show with outputs, and keep in them what a reader needs: images, tables and results.

    .venv/bin/python tools/save_outputs.py [NOTEBOOK ...]   # default: the pages of `PAGES`

Each notebook runs as `nbdev-test` runs it (cells flagged `cuda` or `slow` are skipped), with matplotlib's figures as JPEG at a low dpi
so that they stay small. Then, cell by cell: hidden cells (`#| hide`, exports) keep no output, nor does anything written
to stderr (warnings); printed text keeps its last state of each line, as a terminal shows it (fastai's training table,
without its progress bars); the rest stays. `nbdev-clean` runs last. A notebook that fails is left
as it was. Takes a few minutes: the loader's and the data's pages train small models."""
import re, sys
from pathlib import Path

from fastcore.nbio import write_nb
from execnb.shell import CaptureShell
from fastcore.foundation import working_directory
from nbdev.config import get_config
from nbdev.process import NBProcessor
from nbdev.test import nb_test_cells

root = Path(__file__).resolve().parent.parent
PAGES = ['index', 'tutorial', '15_transforms.ops', '21_loader.loader', '26_transforms', '30_data.core', '32_inference', '33a_checkpoint', '39_all', 'benchmarks']
DPI = 60  # matplotlib's inline figures, as JPEG: a grid of fastai's `show_batch` is about 20 kB

def hidden(cell) -> bool:
    "Whether nbdev's docs leave the cell out (its outputs with it)"
    return bool({'hide', 'export', 'exporti', 'exports'} & set(getattr(cell, 'directives_', {}) or {}))

def keep(out) -> bool:
    "Whether the docs need this output"
    return not (out.get('output_type') == 'stream' and out.get('name') == 'stderr')

def tidy(text:str) -> str:
    "`text` as a terminal shows it: each line's last state after carriage returns, without progress bars"
    lines = [l.split('\r')[-1] if l.split('\r')[-1].strip() else next((o for o in reversed(l.split('\r')) if o.strip()), '')
             for l in text.split('\n')]
    kept = [l.rstrip() for l in lines if not re.match(r'^(Epoch \d+/\d+ :|█|\s*\|[█-]*\||\s*$)', l)]
    return '\n'.join(kept) + ('\n' if kept else '')

def save_outputs(fn:Path) -> bool:
    "Run notebook `fn` and write the outputs its docs page needs into it; False, and `fn` untouched, if a cell fails"
    flags = get_config().tst_flags.split()
    nb = NBProcessor(fn, rm_directives=False, process=True).nb
    run = {c.id for c in nb_test_cells(fn, skip_flags=flags)}
    shell = CaptureShell(fn, mpl_format='jpeg')
    shell.run_cell(f"import matplotlib as _mpl; _mpl.rcParams['figure.dpi'] = {DPI}")
    try:
        with working_directory(fn.parent): shell.run_all(nb, exc_stop=True, preproc=lambda c: c.cell_type != 'code' or c.id not in run)
    except Exception:
        sys.stderr.write((shell.prettytb(fname=fn) or 'failed') + '\n')
        return False
    for c in nb.cells:
        if c.cell_type != 'code': continue
        c.outputs = [] if hidden(c) else [o for o in c.get('outputs', []) if keep(o)]
        for o in c.outputs:
            if o.get('output_type') == 'stream': o['text'] = tidy(''.join(o['text']))
        c.outputs = [o for o in c.outputs if o.get('output_type') != 'stream' or o['text'].strip()]
    write_nb(nb, fn)
    return True

if __name__ == '__main__':
    names = sys.argv[1:] or [f'nbs/{p}.ipynb' for p in PAGES]
    failed = [n for n in names if not save_outputs(Path(n).resolve())]
    import subprocess
    subprocess.run([str(Path(sys.executable).parent/'nbdev-clean')], cwd=root, check=True)
    print(f"{len(names) - len(failed)} saved, {len(failed)} failed" + (f": {' '.join(failed)}" if failed else ''))
    sys.exit(1 if failed else 0)
