"""Write README.md from nbs/index.ipynb (nbdev-readme needs Quarto): markdown as is, visible code cells as Python blocks,
their Markdown outputs, and their images (as `tools/save_outputs.py` stores them) as files in `readme_files/`. Image links relative to `nbs/`
are made relative to the repository."""
import base64, json, re, sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
cells = json.loads((root/'nbs'/'index.ipynb').read_text())['cells']
files, out, images = root/'readme_files', [], {}
for c in cells:
    src = ''.join(c['source']).strip()
    if c['cell_type'] == 'markdown': out.append(re.sub(r'\]\((?!https?:|/|#)([^)]+\.(?:png|jpe?g|svg))\)', r'](nbs/\1)', src))
    elif c['cell_type'] == 'code':
        lines = src.splitlines()
        flags = ' '.join(l for l in lines if l.startswith('#|'))
        if re.search(r'\b(hide|exporti?)\b', flags): continue
        code = '\n'.join(l for l in lines if not l.startswith('#|')).strip()
        if code and not re.search(r'echo:\s*false', flags): out.append(f'```python\n{code}\n```')
        for k, o in enumerate(c.get('outputs', [])):
            if 'text/markdown' in o.get('data', {}): out.append(''.join(o['data']['text/markdown']).strip())
            for mime, ext in (('image/png', 'png'), ('image/jpeg', 'jpg')):
                if mime in o.get('data', {}):
                    name = f"{c['id']}_{k}.{ext}"
                    images[name] = base64.b64decode(''.join(o['data'][mime]))
                    out.append(f'![](readme_files/{name})')
text = '<!-- Generated from nbs/index.ipynb by tools/make_readme.py: edit the notebook, not this file. -->\n\n' + '\n\n'.join(out) + '\n'
readme = root/'README.md'
if not readme.exists() or readme.read_text() != text: readme.write_text(text)
files.mkdir(exist_ok=True)
for f in files.iterdir():
    if f.name not in images: f.unlink()
for name, data in images.items():
    if not (files/name).exists() or (files/name).read_bytes() != data: (files/name).write_bytes(data)
if not images: files.rmdir()
