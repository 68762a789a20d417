#!/usr/bin/env node
// Prints the JS and CSS a first visit of a route loads (what index.html loads, plus the route
// modules and their static imports), gzip-compressed, from the Vite manifest of dist/. The browser
// measurement is bench/bench-web.mjs; this one needs no server. Usage: node scripts/bundle-report.mjs [dist]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
// The chunks index.html loads (module scripts and modulepreloads), as manifest keys.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryFiles = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const entryKeys = Object.keys(manifest).filter((key) => entryFiles.includes(manifest[key].file));

function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return seen;
}

function size(keys) {
  let js = 0;
  let css = 0;
  const files = [];
  for (const key of keys) {
    const chunk = manifest[key];
    const gz = gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length;
    js += gz;
    files.push([chunk.file, gz]);
    for (const file of chunk.css ?? []) css += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  }
  return { js, css, files };
}

const routes = {
  // /signin itself is the pre-rendered signin.html (no app code); this is what its first touch loads.
  '/signin, the app after the first touch': [], // the sign-in screen ships with the entry's app chunk
  '/dashboard': ['src/app/routes/app/app-layout.tsx', 'src/app/routes/app/monitoring-screen.tsx'],
};
const highcharts = (files) => files.some(([file]) => /highcharts|chart/i.test(file));
for (const [route, modules] of Object.entries(routes)) {
  const keys = closure([...entryKeys, ...modules]);
  const { js, css, files } = size(keys);
  console.log(
    `${route}: JS ${(js / 1024).toFixed(1)} KiB gzip, CSS ${(css / 1024).toFixed(1)} KiB gzip, ${files.length} files, Highcharts ${highcharts(files) ? 'LOADED' : 'not loaded'}`,
  );
  for (const [file, gz] of files.sort((a, b) => b[1] - a[1]))
    console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
