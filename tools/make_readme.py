"Write README.md from nbs/index.ipynb (nbdev-readme needs Quarto): markdown as is, visible code cells as Python blocks."
import json, re, sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
cells = json.loads((root/'nbs'/'index.ipynb').read_text())['cells']
out = []
for c in cells:
    src = ''.join(c['source']).strip()
    if c['cell_type'] == 'markdown': out.append(src)
    elif c['cell_type'] == 'code':
        lines = src.splitlines()
        flags = ' '.join(l for l in lines if l.startswith('#|'))
        if re.search(r'\b(hide|exporti?)\b', flags): continue
        code = '\n'.join(l for l in lines if not l.startswith('#|')).strip()
        if code: out.append(f'```python\n{code}\n```')
text = '<!-- Generated from nbs/index.ipynb by tools/make_readme.py: edit the notebook, not this file. -->\n\n' + '\n\n'.join(out) + '\n'
readme = root/'README.md'
if not readme.exists() or readme.read_text() != text: readme.write_text(text)
