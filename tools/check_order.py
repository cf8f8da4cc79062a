"""Checks that the numbered notebooks read in order: none imports a module, or names in code or prose a name
that this package defines, before the notebook that defines it. Prints each forward reference; exits 1 if any."""
import ast, json, re, sys
from pathlib import Path

nbs = Path(__file__).resolve().parent.parent/'nbs'

_fastai = {'encodes', 'decodes', 'setups'}  # fastai's protocol, whose functions 32_inference defines

def cells(nb): return json.loads(nb.read_text())['cells']
def source(c): return ''.join(c['source'])

def module(nb) -> str|None:
    for c in cells(nb):
        if m := re.search(r'^#\|\s*default_exp\s+(\S+)', source(c), re.M): return m.group(1)

def defined(nb) -> set:
    "Top-level names and `@patch`ed methods (as `Class.name`) defined in the notebook's exported cells"
    out = set()
    for c in cells(nb):
        s = source(c)
        if c['cell_type'] != 'code' or not re.match(r'#\|\s*export', s): continue
        try: tree = ast.parse(s)
        except SyntaxError: continue
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                ann = node.args.args[0].annotation if isinstance(node, ast.FunctionDef) and node.args.args else None
                patched = any(getattr(d, 'id', None) == 'patch' for d in node.decorator_list)
                if patched and isinstance(ann, ast.Name): out.add(f'{ann.id}.{node.name}')
                elif not node.name.startswith('_'): out.add(node.name)
            elif isinstance(node, ast.Assign):
                out |= {t.id for t in node.targets if isinstance(t, ast.Name) and not t.id.startswith('_')}
    return out

def main():
    order = sorted(p for p in nbs.glob('*.ipynb') if re.match(r'\d\d', p.name))
    mods = {}  # module: index of its notebook; a dotted module (`bench.suite`) also makes its package (`bench`)
    for i, p in enumerate(order):
        parts = (module(p) or '').split('.')
        for k in range(1, len(parts) + 1): mods.setdefault('.'.join(parts[:k]), i)
    first = {}  # name: index of the notebook that defines it first
    for i, p in enumerate(order):
        for n in defined(p): first.setdefault(n, i)
    errors = []
    for i, p in enumerate(order):
        here = defined(p)
        for c in cells(p):
            s = source(c)
            if c['cell_type'] == 'code':
                used = [m.group(1) for m in re.finditer(r'(?:from|import)\s+fastxtend_ffcv\.([\w.]+)', s)]
                for m in re.finditer(r'from\s+fastxtend_ffcv\s+import\s+\(?([\w\s,]+)', s): used += [o.strip() for o in m.group(1).split(',')]
                for mod in used:
                    if mods.get(mod, -1) > i: errors.append(f"{p.name}: imports {mod} ({order[mods[mod]].name})")
            else:
                for m in re.finditer(r"(\w+'s )?`([A-Za-z_][\w.]*)(?:\(\))?`", s):
                    n = m.group(2)
                    if m.group(1) or n in _fastai: continue  # another library's: FFCV's `Loader`, fastai's `Normalize`
                    if n in here: continue
                    head = n.split('.')[0]
                    k = first.get(n, mods.get(head, first.get(head, -1)) if '.' in n and head not in here else -1)
                    k = max(k, mods.get(n.replace('fastxtend_ffcv.', ''), -1)) if n.startswith('fastxtend_ffcv.') else k
                    if k > i: errors.append(f"{p.name}: names `{n}` ({order[k].name}) in prose")
    for e in dict.fromkeys(errors): print(e)
    print(f"{len(dict.fromkeys(errors))} forward references in {len(order)} notebooks")
    return 1 if errors else 0

if __name__ == '__main__': sys.exit(main())
