"""Write README.md from nbs/index.ipynb (nbdev-readme needs Quarto): markdown as is, visible code cells as Python blocks,
their Markdown outputs, and their images (as `tools/save_outputs.py` stores them) as files in `readme_files/`. Image links relative to `nbs/`
are made relative to the repository.

Cells flagged `#| echo: false` whose only output is Markdown (a table generated from the package, such as its augmentations) are run
again first, after the hidden cells that only import, and their new output is stored in the notebook: so that the README follows the
package without re-running the notebook's training (`tools/save_outputs.py`)."""
import ast, base64, contextlib, json, os, re, sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
index = root/'nbs'/'index.ipynb'
nb = json.loads(index.read_text())
cells = nb['cells']

def only_imports(src:str) -> bool:
    try: return all(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.parse(src).body)
    except SyntaxError: return False

def markdown_only(c) -> bool:
    outs = c.get('outputs', [])
    return bool(outs) and all(set(o.get('data', {})) <= {'text/markdown', 'text/plain'} and 'text/markdown' in o.get('data', {}) for o in outs)

def recompute(cells) -> bool:
    "Run the computed Markdown cells again; True if an output changed"
    ns, changed = {}, False
    with contextlib.chdir(root/'nbs'):
        for c in cells:
            if c['cell_type'] != 'code': continue
            src = ''.join(c['source'])
            body = '\n'.join(l for l in src.splitlines() if not l.startswith('#|'))
            if '#| hide' in src and only_imports(body): exec(body, ns)
            elif re.search(r'#\|\s*echo:\s*false', src) and markdown_only(c):
                tree = ast.parse(body)
                last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
                exec(compile(tree, 'index', 'exec'), ns)
                value = eval(compile(ast.Expression(last.value), 'index', 'eval'), ns) if last else None
                md = getattr(value, 'data', None)
                if md is None: continue
                out = [{'data': {'text/markdown': md.splitlines(keepends=True), 'text/plain': ['<IPython.core.display.Markdown object>']},
                        'execution_count': None, 'metadata': {}, 'output_type': 'execute_result'}]
                if c['outputs'] != out: c['outputs'], changed = out, True
    return changed

if recompute(cells): index.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + '\n')
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
