#!/usr/bin/env bash
# Renders the docs pages without Quarto, which does not install here, and checks them as a reader would see them.
# Each notebook in nbs/ goes through nbdev's own docs processing (nbdev.processors.FilterDefaults, which nbdev-docs
# runs before Quarto: `#| hide` and exported cells dropped, show_doc cells added and run, the title made frontmatter);
# a notebook that fails there would fail nbdev-docs too. Then Quarto's part is stood in for: the frontmatter becomes
# the page's title, the `#| echo/output/include` cell options are applied, and nbconvert writes a standalone HTML page
# with its images embedded. Last, tools/check_docs.py opens every page in headless Chromium (Debian's, installed if
# missing), saves a screenshot of each, and prints PASS/FAIL per page and `N passed, N failed` (its exit code is ours).
# OUT (default _docs_check/ here) gets NAME.html or NAME.failed.txt per notebook, _proc/ and screenshots/.
# Takes 3 to 6 minutes on 2 cores once .venv exists, most of it importing torch, fastai and FFCV and running the
# exported cells of each notebook, two notebooks at a time (DOCS_JOBS); the Chromium check takes under a minute.
#   bash tools/docs.sh [OUT]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "${1:-$root/_docs_check}")
cd "$root"
bash tools/setup.sh || { echo "setup failed: no page was rendered"; echo "0 passed, 1 failed"; exit 1; }

if ! command -v chromium >/dev/null; then
  echo "docs: installing chromium (the check opens each page in it)"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends chromium >/dev/null
fi

mkdir -p "$out"
rm -rf "$out/_proc" "$out/screenshots"

# One notebook: ARGV = notebook, OUT. Writes OUT/NAME.html, or OUT/NAME.failed.txt with the reason.
read -r -d '' render <<'EOF'
import html, os, re, sys, traceback, yaml
from pathlib import Path
import nbformat
from fastcore.nbio import read_nb, write_nb
from nbconvert import HTMLExporter
from nbconvert.preprocessors import TagRemovePreprocessor
from nbdev.processors import FilterDefaults

def process(src, dst):
    "nbdev's docs processing, as nbdev.serve_drv runs it for nbdev-docs"
    os.environ['IN_TEST'] = '1'
    nb = read_nb(src)
    FilterDefaults()(nb)
    del os.environ['IN_TEST']
    dst.parent.mkdir(exist_ok=True)
    write_nb(nb, dst)

_re_opt = re.compile(r'^#\|\s*([\w-]+)\s*:\s*(.*?)\s*$')
def quarto_cell(c):
    "What Quarto does with a cell of a processed notebook: the frontmatter becomes the title, `#| ` options apply"
    if c.cell_type == 'raw' and c.source.startswith('---'):
        fm = yaml.safe_load(c.source.strip().strip('-')) or {}
        md = f"# {fm.get('title', '')}"
        if fm.get('description'): md += f"\n\n<p class='lead'>{html.escape(str(fm['description']))}</p>"
        return nbformat.v4.new_markdown_cell(md)
    if c.cell_type != 'code': return c
    c.metadata.pop('execution', None)  # execnb's timings, which nbdev-clean drops and nbformat rejects
    lines, opts = c.source.splitlines(), {}
    while lines and (m := _re_opt.match(lines[0])): opts[m[1]] = m[2].strip('"\''); lines.pop(0)
    c.source = '\n'.join(lines).strip()
    if opts.get('include') == 'false': return
    if opts.get('output') == 'false': c.outputs = []
    if not c.source and not c.outputs: return
    tags = set(c.metadata.get('tags', []))
    if opts.get('echo') == 'false' or not c.source: tags.add('remove_input')
    if any(o.output_type == 'error' for o in c.outputs): tags.add('error-output')  # check_docs.py looks for it
    c.metadata['tags'] = sorted(tags)
    return c

def to_html(src, nb_dir, dst):
    nb = nbformat.read(src, as_version=4)
    nb.cells = [o for o in map(quarto_cell, nb.cells) if o is not None]
    if nb.cells and nb.cells[0].source.startswith('# '): nb.metadata['title'] = nb.cells[0].source[2:].split('\n')[0]
    exp = HTMLExporter(template_name='lab', embed_images=True, exclude_input_prompt=True, exclude_output_prompt=True)
    exp.register_preprocessor(TagRemovePreprocessor(remove_input_tags={'remove_input'}), enabled=True)
    # Relative images in markdown (benchmarks/results.png) resolve against the notebook's folder and are embedded
    page, _ = exp.from_notebook_node(nb, resources={'metadata': {'name': dst.stem, 'path': str(nb_dir)}})
    dst.write_text(page, encoding='utf-8')

nb_path, out = Path(sys.argv[1]), Path(sys.argv[2])
try:
    process(nb_path, out/'_proc'/nb_path.name)
    to_html(out/'_proc'/nb_path.name, nb_path.parent, out/f'{nb_path.stem}.html')
except Exception:
    (out/f'{nb_path.stem}.failed.txt').write_text(traceback.format_exc())
    sys.exit(1)
EOF

# Two at a time: most of a notebook's processing is one thread importing torch, fastai and FFCV
start=$(date +%s)
render_nb() {
  local nb=$1 name; name=$(basename "$nb" .ipynb)
  rm -f "$out/$name.html" "$out/$name.failed.txt"
  if err=$(.venv/bin/python -c "$render" "$nb" "$out" 2>&1 >/dev/null); then echo "rendered $name"
  else echo "could not render $name: $(tail -n1 "$out/$name.failed.txt" 2>/dev/null || echo "$err" | tail -n1)"; fi
}
for nb in nbs/*.ipynb; do
  while [ "$(jobs -rp | wc -l)" -ge "${DOCS_JOBS:-2}" ]; do wait -n; done
  render_nb "$nb" &
done
wait
echo "rendered into $out/ in $(( $(date +%s)-start ))s; checking the pages"
.venv/bin/python tools/check_docs.py "$out" --nbs nbs
