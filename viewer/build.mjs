// Builds the page `stickslip view` writes (run `make viewer`, or `npm ci && npm run build` here).
// Outputs, committed so that building and using stickslip needs no npm:
//   dist/page.html    the page: styles and the planar viewer inlined, markers where the writer puts
//                     the data (<!--DATA-->) and, for spatial data, the 3-D script (<!--VIEW3D-->)
//   dist/view3d.js    the 3-D renderer with the parts of three.js it uses (MIT, license kept)
//   dist/build-info.json  versions and a digest of the sources, checked by the tests so that the
//                     committed output cannot fall behind its sources unnoticed
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, 'src'), dist = join(here, 'dist');
const read = (p) => readFileSync(p, 'utf8');
const version = (pkg) => JSON.parse(read(join(here, 'node_modules', pkg, 'package.json'))).version;

// The same digest as tests/viewer/browser_test.py computes: build.mjs, package-lock.json and every
// file of src/, by name, each as "<name>\0<content>\0".
export function sourcesDigest() {
  const h = createHash('sha256');
  const files = [['build.mjs', join(here, 'build.mjs')], ['package-lock.json', join(here, 'package-lock.json')]];
  for (const f of readdirSync(src).sort()) files.push([`src/${f}`, join(src, f)]);
  for (const [name, path] of files) h.update(`${name}\0`).update(readFileSync(path)).update('\0');
  return h.digest('hex');
}

async function bundle(entry, banner, footer) {
  const out = await build({
    entryPoints: [join(src, entry)],
    bundle: true,
    format: 'iife',
    minify: true,
    charset: 'ascii',
    legalComments: 'none',
    target: ['es2020'],
    write: false,
    banner: { js: banner },
    footer: { js: footer },
  });
  const js = out.outputFiles[0].text;
  // Inlined in <script>: neither may appear in it.
  for (const bad of ['</script', '<!--']) {
    if (js.toLowerCase().includes(bad)) throw new Error(`${entry}: the bundle contains "${bad}"`);
  }
  return js;
}

const threeVersion = version('three');
// The license text as published, with its one non-ASCII character (the copyright sign) spelt (c).
const threeLicense = read(join(here, 'node_modules', 'three', 'LICENSE')).trim().replace(/\u00a9/g, '(c)');
const core = await bundle('main.js', '/* stickslip animation viewer (viewer/src in the stickslip repository) */', '');
const view3d = await bundle(
  'view3d.js',
  `/*! stickslip 3-D view. Contains three.js ${threeVersion} (https://threejs.org), ` +
    'Copyright 2010-2026 Three.js Authors, SPDX-License-Identifier: MIT; license text at the end of this script. */',
  `/*! three.js license:\n${threeLicense.replace(/\*\//g, '* /')}\n*/`,
);
const page = read(join(src, 'page.html'))
  .replace('/*STYLE*/', () => read(join(src, 'style.css')).trim())
  .replace('<!--SCRIPTS-->', () => `<!--VIEW3D-->\n<script>\n${core.trim()}\n</script>`);
// The C++ build embeds these files as raw string literals, byte by byte: keep them ASCII.
for (const [name, text] of [['page.html', page], ['view3d.js', view3d]]) {
  const k = text.search(/[^\x00-\x7f]/);
  if (k >= 0) throw new Error(`${name}: non-ASCII character at offset ${k}`);
}
mkdirSync(dist, { recursive: true });
writeFileSync(join(dist, 'page.html'), page);
writeFileSync(join(dist, 'view3d.js'), view3d);
const info = { sources_sha256: sourcesDigest(), esbuild: version('esbuild'), three: threeVersion };
writeFileSync(join(dist, 'build-info.json'), `${JSON.stringify(info, null, 2)}\n`);
console.log(`viewer: page.html ${page.length} bytes, view3d.js ${view3d.length} bytes (three.js ${threeVersion})`);
