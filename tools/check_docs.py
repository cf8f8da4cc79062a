#!/usr/bin/env python3
"""Opens each docs page that tools/docs.sh rendered in headless Chromium and checks what a reader would see:
the page loads, shows no error output (a notebook output of type `error`, or a Python traceback in its text), every
image on it loads, and the pages in `NEED_IMAGES` show at least one. Saves a screenshot of the top of each page to
OUT/screenshots/, prints a PASS or FAIL line per page and `N passed, N failed`, and exits non-zero on any failure.

    python tools/check_docs.py [OUT] [--nbs nbs] [--need-images index,tutorial,...]

The pages expected are one per notebook in --nbs (or, with none there, every page in OUT); one that docs.sh could not
render fails with the reason it left in OUT/NAME.failed.txt. Chromium is driven from the command line (`--dump-dom`, `--screenshot`), with a small script
injected into a copy of each page that writes its findings into the DOM once the page has loaded."""
import argparse, html, json, re, shutil, subprocess, sys, tempfile
from pathlib import Path

# Pages that must show at least one image: the notebooks whose outputs are what a reader comes for
NEED_IMAGES = ['index', 'tutorial', '21_loader.loader', '26_transforms', '30_data.core', '33a_checkpoint', 'benchmarks']
SHOT_SIZE = (1200, 2500)  # screenshot width and height, px
TIMEOUT = 120  # seconds for one Chromium run

# Runs at `load`, when every <img> has loaded or failed; the error cells are tagged `error-output` by docs.sh
_PROBE = """<script>
window.addEventListener('load', () => {
  const imgs = [...document.images];
  const bad = imgs.filter(i => !i.complete || i.naturalWidth == 0);
  const res = {imgs: imgs.length, bad: bad.map(i => i.alt || i.getAttribute('src').slice(0, 60)),
    errors: document.querySelectorAll('.celltag_error-output').length,
    traceback: document.body.innerText.includes('Traceback (most recent call last)')};
  const pre = document.createElement('pre');
  pre.id = 'docs-check'; pre.textContent = JSON.stringify(res);
  document.body.appendChild(pre);
});
</script>"""
_re_res = re.compile(r'<pre id="docs-check">(.*?)</pre>', re.DOTALL)

def chromium(*args, profile):
    "Run headless Chromium with `args`; external hosts do not resolve, so a page loads only what it carries"
    exe = shutil.which('chromium') or shutil.which('chromium-browser') or shutil.which('google-chrome')
    if exe is None: sys.exit("check_docs: no chromium on PATH (tools/docs.sh installs Debian's)")
    cmd = [exe, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars',
           f'--user-data-dir={profile}', '--host-resolver-rules=MAP * ~NOTFOUND', *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)

def check_page(page:Path, need_image:bool, shots:Path, profile:str):
    "(ok, images, reason) for the rendered page `page`"
    probe = page.with_name(f'.check-{page.name}')  # beside the page, so that relative paths resolve as in the page
    src = page.read_text(encoding='utf-8')
    probe.write_text(src.replace('</body>', _PROBE + '</body>', 1) if '</body>' in src else src + _PROBE, encoding='utf-8')
    try: r = chromium('--dump-dom', probe.resolve().as_uri(), profile=profile)
    except subprocess.TimeoutExpired: return False, 0, f'did not load in {TIMEOUT}s'
    finally: probe.unlink(missing_ok=True)
    m = _re_res.search(r.stdout)
    if r.returncode or not m:
        return False, 0, f'did not load (chromium exit {r.returncode}): {r.stderr.strip()[-300:]}'
    res = json.loads(html.unescape(m.group(1)))
    try: chromium(f'--screenshot={shots/page.with_suffix(".png").name}', '--window-size={},{}'.format(*SHOT_SIZE),
                  page.resolve().as_uri(), profile=profile)
    except subprocess.TimeoutExpired: pass
    n, why = res['imgs'], []
    if res['errors']: why.append(f"{res['errors']} error output(s)")
    if res['traceback']: why.append('a traceback in the page text')
    if res['bad']: why.append(f"{len(res['bad'])} image(s) did not load: " + ', '.join(res['bad']))
    if need_image and n == 0: why.append('no image, and this page must show one')
    return not why, n, '; '.join(why)

def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('out', nargs='?', default='_docs_check', help='folder of rendered pages (tools/docs.sh writes it)')
    p.add_argument('--nbs', default='nbs', help='notebook folder: one page expected per notebook')
    p.add_argument('--need-images', default=','.join(NEED_IMAGES), help='comma-separated pages that must show an image')
    a = p.parse_args()
    out, need = Path(a.out), set(filter(None, a.need_images.split(',')))
    names = sorted(o.stem for o in Path(a.nbs).glob('*.ipynb')) or sorted(o.stem for o in out.glob('[!.]*.html'))
    if not names: sys.exit(f'check_docs: no notebooks in {a.nbs} and no pages in {out}')
    shots = out/'screenshots'; shots.mkdir(parents=True, exist_ok=True)
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix='check_docs-') as profile:
        for name in names:
            page = out/f'{name}.html'
            if page.exists(): ok, n, why = check_page(page, name in need, shots, profile)
            else:
                err = out/f'{name}.failed.txt'
                last = err.read_text().strip().splitlines()[-1] if err.exists() and err.read_text().strip() else 'no page'
                ok, n, why = False, 0, f'not rendered: {last}'
            passed, failed = passed + ok, failed + (not ok)
            print(f"{'PASS' if ok else 'FAIL'} {name} ({n} image{'s' * (n != 1)}){': ' + why if why else ''}", flush=True)
    print(f'{passed} passed, {failed} failed')
    sys.exit(1 if failed else 0)

if __name__ == '__main__': main()
