#!/usr/bin/env node
/**
 * Writes the store's demo catalog: products.csv (WooCommerce export format), product illustrations
 * (images/), brand logos and covers (brands/), home-page art (home/), store.json, and the web app's
 * "product image not found" placeholder.
 *
 *   node data/demo-catalog/generate-demo-catalog.mjs
 *
 * Plain Node 20 and sharp (the repository's own, so run it after `npm ci`), no randomness: the same script
 * and sharp version always write the same bytes. Every product, brand and the store itself are invented; the
 * drawings were made for this project as SVG and are shipped as WebP at their drawn size (issue 42, decision 0070):
 * a phone draws a raster picture off the main thread, while each SVG <img> is a document of its own to lay out
 * and paint there (75 of them cost the home page seconds of main-thread work on a mid-range phone). The product
 * pictures then go through the importer's responsive pipeline like any catalog's photos (decision 0026).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..');

// ---------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------

/** Same rules as packages/shared/src/slug.ts: "Headlights & Torches" -> "headlights-and-torches". */
function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Brand permalink: lower-case, every run of non-alphanumerics becomes one hyphen. */
const permalinkOf = (title) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** FNV-1a: a stable number per string (used for stock levels). */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function assert(condition, message) {
  if (!condition) throw new Error(`generate-demo-catalog: ${message}`);
}

// Colours
const rgb = (h) => {
  const v = parseInt(h.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
};
const mix = (a, b, t) =>
  '#' +
  rgb(a)
    .map((v, i) => Math.round(v + (rgb(b)[i] - v) * t).toString(16).padStart(2, '0'))
    .join('');
const tint = (c, t) => mix(c, '#ffffff', t);
const shade = (c, t) => mix(c, '#000000', t);

/** Rounds coordinates to one decimal to keep the files small. */
const r1 = (v) => Math.round(v * 10) / 10;

const DARK = '#2f3a45';
const DARK2 = '#1f262e';
const MID = '#3e4a57';
const STEEL = '#9aa4ad';
const CHROME = '#cfd6dd';
const CHROME_HI = '#eef2f5';
const BRASS = '#c9a227';
const RED = '#d62828';
const BLACK = '#252b31';
const COPPER = '#c58b45';
const BG = '#f7f9fc';
const FONT = 'font-family="Arial, Helvetica, sans-serif"';

const svgDoc = (w, h, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;

/** Hexagon points, pointy at left and right; `k` squashes it vertically. */
function hexPoints(cx, cy, r, k = 1, start = 0) {
  return [0, 60, 120, 180, 240, 300]
    .map((d) => {
      const t = ((d + start) * Math.PI) / 180;
      return [r1(cx + r * Math.cos(t)), r1(cy + r * k * Math.sin(t))];
    });
}
const pts = (list) => list.map(([x, y]) => `${x},${y}`).join(' ');
const circlePath = (cx, cy, r) => `M${r1(cx - r)} ${r1(cy)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0Z`;
const hexPath = (cx, cy, r) => `M${pts(hexPoints(cx, cy, r, 1, 30)).replace(/ /g, 'L')}Z`;

/** A 5-pointed star. */
function starPoints(cx, cy, r) {
  const out = [];
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 ? r * 0.45 : r;
    const t = ((i * 36 - 90) * Math.PI) / 180;
    out.push([r1(cx + rad * Math.cos(t)), r1(cy + rad * Math.sin(t))]);
  }
  return pts(out);
}

const BOLT = 'M8 -45L-28 8H-2L-10 45L28 -8H2Z';
const bolt = (x, y, s, fill) => `<path transform="translate(${x} ${y}) scale(${s})" d="${BOLT}" fill="${fill}"/>`;

/** A battery clamp (crocodile clip); the cable meets it at (x, y - 80 * s). */
const clamp = (x, y, color, rot = 0, s = 1) =>
  `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})"><path d="M-24 20L-32 95H-8L-4 30ZM24 20L32 95H8L4 30Z" fill="${COPPER}"/>` +
  `<rect x="-26" y="-80" width="52" height="110" rx="16" fill="${color}"/><circle cy="18" r="7" fill="${STEEL}"/></g>`;

const label = (x, y, text, size, fill, weight = 700, anchor = 'middle') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${esc(text)}</text>`;

// ---------------------------------------------------------------------------------------------------------
// Product illustrations. Each takes (accent colour, options, id prefix) and returns SVG markup drawn in an
// 800 x 800 box (product roughly within 100..700), without background. The id prefix keeps gradient and
// pattern ids unique when several drawings share one file (home-page art).
// ---------------------------------------------------------------------------------------------------------

const ART = {
  battery(a, o = {}) {
    let s = '';
    if (o.deep) {
      s += `<path d="M300 262V205Q300 180 325 180H475Q500 180 500 205V262" fill="none" stroke="${DARK2}" stroke-width="18" stroke-linecap="round"/>`;
    }
    s += `<rect x="205" y="212" width="50" height="50" rx="6" fill="${BRASS}"/><ellipse cx="230" cy="212" rx="25" ry="9" fill="#e7c65a"/>`;
    s += `<rect x="545" y="212" width="50" height="50" rx="6" fill="${STEEL}"/><ellipse cx="570" cy="212" rx="25" ry="9" fill="${CHROME}"/>`;
    s += `<rect x="170" y="300" width="460" height="330" rx="22" fill="${DARK}"/>`;
    s += `<rect x="150" y="255" width="500" height="72" rx="14" fill="${MID}"/>`;
    s += `<rect x="300" y="283" width="200" height="16" rx="8" fill="#2a333d"/>`;
    s += `<path d="M214 291h32M230 275v32" stroke="${RED}" stroke-width="9"/><path d="M554 291h32" stroke="${CHROME}" stroke-width="9"/>`;
    s += `<rect x="205" y="365" width="390" height="220" rx="16" fill="${a}"/>`;
    s += `<rect x="205" y="395" width="390" height="10" fill="${tint(a, 0.3)}"/>`;
    s += bolt(285, 490, 1.35, '#fff');
    if (o.label) s += label(470, 495, o.label, o.label.length > 5 ? 46 : 60, '#fff');
    if (o.sub) s += label(470, 545, o.sub, 28, tint(a, 0.8), 600);
    s += `<rect x="185" y="330" width="12" height="270" rx="6" fill="#fff" opacity=".08"/>`;
    return s;
  },

  jumpStarter(a, o = {}) {
    let s = '';
    s += `<path d="M330 320C300 250 200 260 190 330" fill="none" stroke="${RED}" stroke-width="14" stroke-linecap="round"/>`;
    s += `<path d="M470 320C500 250 600 260 610 330" fill="none" stroke="${BLACK}" stroke-width="14" stroke-linecap="round"/>`;
    s += clamp(190, 402, RED, 0, 0.9) + clamp(610, 402, BLACK, 0, 0.9);
    s += `<rect x="260" y="290" width="280" height="380" rx="46" fill="${DARK}"/>`;
    s += `<rect x="282" y="312" width="236" height="336" rx="34" fill="${a}"/>`;
    s += bolt(400, 450, 1.7, '#fff');
    [0, 1, 2, 3].forEach((i) => {
      s += `<rect x="${325 + i * 40}" y="560" width="30" height="14" rx="4" fill="${i < 3 ? '#8ce99a' : '#fff'}" opacity="${i < 3 ? 1 : 0.4}"/>`;
    });
    s += `<circle cx="400" cy="612" r="14" fill="${shade(a, 0.3)}"/>`;
    if (o.label) s += label(400, 362, o.label, 26, '#fff');
    return s;
  },

  charger(a, o = {}) {
    let s = '';
    s += `<path d="M360 465C360 510 270 490 262 540" fill="none" stroke="${RED}" stroke-width="12" stroke-linecap="round"/>`;
    s += `<path d="M440 465C440 510 530 490 538 540" fill="none" stroke="${BLACK}" stroke-width="12" stroke-linecap="round"/>`;
    s += clamp(262, 604, RED, 0, 0.8) + clamp(538, 604, BLACK, 0, 0.8);
    s += `<path d="M300 205V175Q300 155 320 155H480Q500 155 500 175V205" fill="none" stroke="${shade(a, 0.3)}" stroke-width="18"/>`;
    s += `<rect x="200" y="200" width="400" height="270" rx="36" fill="${a}"/>`;
    s += `<rect x="230" y="228" width="340" height="214" rx="20" fill="${DARK2}"/>`;
    s += `<rect x="260" y="252" width="280" height="100" rx="10" fill="#c8ecff"/>`;
    s += `<rect x="280" y="277" width="80" height="50" rx="6" fill="none" stroke="${DARK}" stroke-width="6"/><rect x="360" y="292" width="8" height="20" fill="${DARK}"/>`;
    s += `<rect x="290" y="287" width="16" height="30" fill="${DARK}"/><rect x="312" y="287" width="16" height="30" fill="${DARK}"/><rect x="334" y="287" width="16" height="30" fill="${DARK}" opacity=".3"/>`;
    if (o.label) s += label(470, 322, o.label, o.label.length > 3 ? 40 : 48, DARK);
    [320, 400, 480].forEach((x, i) => {
      s += `<circle cx="${x}" cy="398" r="18" fill="${i === 1 ? '#8ce99a' : tint(a, 0.25)}"/>`;
    });
    return s;
  },

  leads(a) {
    let s = '';
    for (let i = 0; i < 5; i++) {
      s += `<ellipse cx="${400 + i * 6}" cy="${380 + i * 8}" rx="${210 - i * 16}" ry="${130 - i * 10}" fill="none" stroke="${i % 2 ? BLACK : RED}" stroke-width="16"/>`;
    }
    s += `<path d="M195 430C170 470 160 500 165 530" fill="none" stroke="${RED}" stroke-width="16" stroke-linecap="round"/>`;
    s += `<path d="M605 430C630 470 640 500 635 530" fill="none" stroke="${BLACK}" stroke-width="16" stroke-linecap="round"/>`;
    s += clamp(170, 600, RED, 8) + clamp(630, 600, BLACK, -8);
    s += `<rect x="330" y="355" width="140" height="50" rx="12" fill="${a}"/>`;
    return s;
  },

  globe(a, o = {}) {
    const glass = o.white ? '#dbe8ff' : '#eef6ff';
    let s = '';
    s += `<circle cx="400" cy="290" r="190" fill="#ffe066" opacity=".2"/><circle cx="400" cy="290" r="120" fill="#ffe066" opacity=".25"/>`;
    s += `<path d="M345 445V235Q345 150 400 150Q455 150 455 235V445Z" fill="${glass}" stroke="#a7bccd" stroke-width="6"/>`;
    s += `<path d="M351 205Q351 156 400 156Q449 156 449 205Z" fill="${o.tip ?? '#56616b'}"/>`;
    const coil = (y) => `<path d="M376 ${y}l8 -9l8 9l8 -9l8 9l8 -9l8 9" fill="none" stroke="#f08c00" stroke-width="5"/>`;
    s += coil(300);
    let wires = 'M372 300V445M428 300V445';
    if (o.twin) {
      s += coil(365);
      wires += 'M400 374V445';
    }
    s += `<path d="${wires}" stroke="#8a959f" stroke-width="4"/>`;
    s += `<path d="M362 250V420" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".75"/>`;
    s += `<rect x="250" y="446" width="300" height="14" rx="4" fill="${shade(a, 0.2)}"/>`;
    s += `<rect x="270" y="440" width="260" height="26" rx="6" fill="${a}"/>`;
    s += `<rect x="330" y="466" width="140" height="60" fill="${CHROME}"/><rect x="342" y="466" width="16" height="60" fill="${CHROME_HI}"/>`;
    s += `<path d="M338 526H462L450 615H350Z" fill="${DARK}"/>`;
    (o.twin ? [360, 393, 426] : [372, 414]).forEach((x) => {
      s += `<rect x="${x}" y="615" width="14" height="48" fill="${BRASS}"/>`;
    });
    if (o.label) s += label(400, 584, o.label, o.label.length > 3 ? 24 : 32, '#fff');
    return s;
  },

  ledKit(a) {
    const bulb = (cx) => {
      let s = `<g transform="translate(${cx} 0)">`;
      s += `<circle cy="270" r="100" fill="#fff3bf" opacity=".6"/>`;
      s += `<rect x="-26" y="165" width="52" height="220" rx="12" fill="${CHROME}"/><rect x="-26" y="165" width="14" height="220" rx="7" fill="${CHROME_HI}"/>`;
      s += `<rect x="-13" y="200" width="26" height="44" rx="4" fill="#ffd43b"/><rect x="-13" y="290" width="26" height="44" rx="4" fill="#ffd43b"/>`;
      s += `<rect x="-72" y="385" width="144" height="26" rx="6" fill="${a}"/><rect x="-48" y="411" width="96" height="26" fill="${STEEL}"/>`;
      s += `<rect x="-62" y="437" width="124" height="140" rx="14" fill="${DARK}"/>`;
      for (let i = 0; i < 6; i++) s += `<rect x="-62" y="${452 + i * 20}" width="124" height="8" fill="#46525e"/>`;
      s += `<path d="M0 577V620Q0 645 -25 652" fill="none" stroke="${DARK2}" stroke-width="10"/>`;
      return s + '</g>';
    };
    return bulb(290) + bulb(510);
  },

  torch(a, o = {}) {
    const L = o.pocket ? 230 : 320;
    const x0 = 400 - (L + 110) / 2;
    const xh = x0 + L;
    const spot = !!o.spot;
    let s = `<g transform="rotate(-28 400 420)">`;
    s += `<path d="M${xh + 112} ${spot ? 340 : 370}L760 ${spot ? 250 : 290}V${spot ? 590 : 550}L${xh + 112} ${spot ? 500 : 470}Z" fill="#ffe066" opacity=".35"/>`;
    s += `<rect x="${x0}" y="388" width="${L}" height="64" rx="18" fill="${DARK}"/>`;
    s += `<rect x="${x0 + 50}" y="388" width="${L * 0.5}" height="64" fill="${a}"/>`;
    let knurl = '';
    for (let x = x0 + 62; x < x0 + 50 + L * 0.5 - 6; x += 16) knurl += `M${r1(x)} 394V446`;
    s += `<path d="${knurl}" stroke="${shade(a, 0.25)}" stroke-width="4"/>`;
    s += spot
      ? `<path d="M${xh} 372L${xh + 120} 320V520L${xh} 468Z" fill="${MID}"/><ellipse cx="${xh + 122}" cy="420" rx="16" ry="100" fill="#fff7c2" stroke="${STEEL}" stroke-width="6"/>`
      : `<path d="M${xh} 376L${xh + 110} 352V488L${xh} 464Z" fill="${MID}"/><ellipse cx="${xh + 112}" cy="420" rx="14" ry="68" fill="#fff7c2" stroke="${STEEL}" stroke-width="6"/>`;
    s += `<rect x="${x0 - 22}" y="398" width="26" height="44" rx="8" fill="${o.magnet ? STEEL : a}"/>`;
    if (spot) s += `<path d="M${x0 + 120} 452Q${x0 + 140} 560 ${x0 + 200} 560" fill="none" stroke="${DARK}" stroke-width="26" stroke-linecap="round"/>`;
    return s + '</g>';
  },

  headTorch(a) {
    let s = `<circle cx="400" cy="505" r="170" fill="#ffe066" opacity=".25"/>`;
    s += `<ellipse cx="400" cy="400" rx="240" ry="120" fill="none" stroke="${shade(a, 0.3)}" stroke-width="34"/>`;
    s += `<path d="M160 400A240 120 0 0 0 640 400" fill="none" stroke="${a}" stroke-width="34"/>`;
    s += `<path d="M230 480Q400 535 570 480" fill="none" stroke="${tint(a, 0.35)}" stroke-width="5" stroke-dasharray="10 8"/>`;
    s += `<rect x="315" y="440" width="170" height="130" rx="34" fill="${DARK}"/>`;
    s += `<circle cx="400" cy="505" r="46" fill="#fff3bf" stroke="${STEEL}" stroke-width="8"/>`;
    s += `<rect x="372" y="425" width="56" height="18" rx="9" fill="${a}"/>`;
    return s;
  },

  workLight(a, o = {}) {
    let s = '';
    if (o.bar) {
      s += `<rect x="90" y="320" width="620" height="140" rx="70" fill="#ffe066" opacity=".25"/>`;
      s += `<path d="M150 362V300Q150 270 180 270M650 362V300Q650 270 620 270" fill="none" stroke="${STEEL}" stroke-width="10" stroke-linecap="round"/>`;
      s += `<rect x="110" y="360" width="580" height="64" rx="32" fill="${DARK}"/>`;
      s += `<rect x="160" y="374" width="480" height="36" rx="18" fill="#fff8d6"/>`;
      for (let i = 0; i < 12; i++) s += `<circle cx="${185 + i * 39}" cy="392" r="8" fill="#ffd43b"/>`;
      s += `<rect x="110" y="360" width="56" height="64" rx="28" fill="${a}"/><rect x="634" y="360" width="56" height="64" rx="28" fill="${a}"/>`;
      s += `<path d="M400 424V470Q400 520 460 540" fill="none" stroke="${DARK2}" stroke-width="10"/>`;
      return s;
    }
    s += `<circle cx="400" cy="420" r="230" fill="#ffe066" opacity=".2"/>`;
    s += `<path d="M262 560L215 655M538 560L585 655" stroke="${shade(a, 0.3)}" stroke-width="22" stroke-linecap="round"/>`;
    s += `<path d="M250 300V220Q250 190 280 190H520Q550 190 550 220V300" fill="none" stroke="${a}" stroke-width="30" stroke-linejoin="round"/>`;
    s += `<rect x="210" y="280" width="380" height="280" rx="26" fill="${DARK}"/>`;
    s += `<rect x="240" y="310" width="320" height="220" rx="12" fill="#fff8d6"/>`;
    for (let j = 0; j < 5; j++) for (let i = 0; i < 8; i++) s += `<circle cx="${272 + i * 37}" cy="${340 + j * 40}" r="10" fill="#ffd43b"/>`;
    [
      [210, 280],
      [560, 280],
      [210, 530],
      [560, 530],
    ].forEach(([x, y]) => {
      s += `<rect x="${x}" y="${y}" width="30" height="30" rx="10" fill="${a}"/>`;
    });
    return s;
  },

  wheelNuts(a, o = {}) {
    const finish = {
      chrome: [CHROME_HI, '#a9b3bc'],
      black: ['#4a525b', '#23292f'],
      color: [a, shade(a, 0.35)],
      zinc: ['#dfe3d4', '#a9ad98'],
    }[o.finish ?? 'chrome'];
    const nut = (cx, cy, r) => {
      const k = 0.55;
      const h = r * 0.5;
      const top = hexPoints(cx, cy, r, k);
      const bot = hexPoints(cx, cy + h, r, k);
      let s = `<polygon points="${pts([top[3], bot[3], bot[2], bot[1], bot[0], top[0]])}" fill="${finish[1]}"/>`;
      s += `<path d="M${top[2][0]} ${top[2][1]}V${bot[2][1]}M${top[1][0]} ${top[1][1]}V${bot[1][1]}" stroke="${shade(finish[1], 0.2)}" stroke-width="3"/>`;
      s += `<polygon points="${pts(top)}" fill="${finish[0]}"/>`;
      s += `<ellipse cx="${cx}" cy="${cy}" rx="${r1(r * 0.52)}" ry="${r1(r * 0.52 * k)}" fill="${mix(finish[0], finish[1], 0.5)}"/>`;
      s += `<ellipse cx="${cx}" cy="${cy}" rx="${r1(r * 0.32)}" ry="${r1(r * 0.32 * k)}" fill="${DARK2}"/>`;
      return s;
    };
    const spots = [
      [310, 300],
      [490, 300],
      [220, 410],
      [400, 410],
      [580, 410],
      [310, 520],
      [490, 520],
    ];
    let s = spots.map(([x, y]) => nut(x, y, 82)).join('');
    if (o.key) s += `<rect x="585" y="520" width="70" height="110" rx="12" fill="${CHROME}"/><rect x="585" y="560" width="70" height="24" fill="${a}"/>`;
    return s;
  },

  lockNuts(a, o = {}, id = 'a') {
    const wave = [];
    for (let i = 0; i < 56; i++) {
      const t = (i / 56) * Math.PI * 2;
      const rr = 32 + 8 * Math.sin(7 * t);
      wave.push(`${r1(rr * Math.cos(t))} ${r1(rr * Math.sin(t))}`);
    }
    let s = `<defs><path id="${id}k" d="M${wave.join('L')}Z" fill="${a}"/></defs>`;
    s += `<rect x="150" y="210" width="500" height="420" rx="36" fill="${tint(a, 0.82)}" stroke="${tint(a, 0.55)}" stroke-width="6"/>`;
    [
      [280, 330],
      [450, 330],
      [280, 505],
      [450, 505],
    ].forEach(([x, y]) => {
      s += `<circle cx="${x}" cy="${y}" r="72" fill="#b9c2cb"/><circle cx="${x}" cy="${y}" r="63" fill="${CHROME}"/>`;
      s += `<circle cx="${x}" cy="${y}" r="50" fill="${CHROME_HI}" stroke="#b9c2cb" stroke-width="3"/>`;
      s += `<use href="#${id}k" x="${x}" y="${y}"/><circle cx="${x}" cy="${y}" r="12" fill="${DARK}"/>`;
    });
    const bolts = o.bolts ? `<rect x="556" y="280" width="38" height="50" fill="${STEEL}"/>` : '';
    s += bolts;
    s += `<rect x="545" y="300" width="70" height="60" rx="6" fill="${STEEL}"/><path d="M568 300V360M592 300V360" stroke="#7d8792" stroke-width="3"/>`;
    s += `<rect x="535" y="355" width="90" height="200" rx="16" fill="${CHROME}"/><rect x="545" y="365" width="14" height="180" rx="7" fill="${CHROME_HI}"/>`;
    s += `<rect x="535" y="420" width="90" height="34" fill="${a}"/>`;
    return s;
  },

  studs(a, o = {}, id = 'a') {
    let s = `<defs><pattern id="${id}t" width="12" height="40" patternUnits="userSpaceOnUse"><rect width="12" height="40" fill="${CHROME}"/><path d="M0 40L12 0" stroke="${STEEL}" stroke-width="4"/></pattern></defs>`;
    s += `<rect x="170" y="190" width="460" height="440" rx="30" fill="${tint(a, 0.78)}"/><rect x="360" y="215" width="80" height="22" rx="11" fill="${BG}"/>`;
    const n = o.count ?? 5;
    const L = o.long ? 300 : 250;
    for (let i = 0; i < n; i++) {
      s += `<g transform="translate(${230 + (o.long ? -15 : 0)} ${300 + i * (330 / n)}) rotate(-8)">`;
      s += `<rect x="0" y="-38" width="16" height="76" rx="4" fill="${CHROME}"/>`;
      s += `<rect x="16" y="-26" width="46" height="52" rx="4" fill="${STEEL}"/><path d="M26 -26V26M36 -26V26M46 -26V26M56 -26V26" stroke="#7d8792" stroke-width="3"/>`;
      s += `<rect x="62" y="-17" width="${L}" height="34" rx="8" fill="url(#${id}t)"/>`;
      s += '</g>';
    }
    return s;
  },

  socketSet(a, o = {}) {
    const sock = o.impact ? ['#3b434c', '#2a3037'] : [CHROME, STEEL];
    const socket = (x, y, r) =>
      `<circle cx="${x}" cy="${y}" r="${r}" fill="${sock[0]}"/><circle cx="${x}" cy="${y}" r="${r1(r * 0.72)}" fill="${sock[1]}"/>` +
      `<path d="${hexPath(x, y, r * 0.45)}" fill="${DARK2}"/>`;
    let s = `<rect x="120" y="200" width="560" height="440" rx="34" fill="${a}"/>`;
    s += `<rect x="150" y="230" width="500" height="380" rx="18" fill="${DARK}"/>`;
    let x = 185;
    for (const r of o.wheel ? [34, 38, 42] : [20, 22, 24, 26, 28, 30, 32]) {
      x += r;
      s += socket(x, 305, r);
      x += r + (o.wheel ? 40 : 14);
    }
    if (!o.wheel) {
      x = 185;
      for (const r of [30, 34, 38, 42]) {
        x += r;
        s += socket(x, 405, r);
        x += r + 14;
      }
      s += `<rect x="540" y="392" width="90" height="28" rx="8" fill="${CHROME}"/>`;
    }
    s += `<rect x="190" y="500" width="330" height="34" rx="17" fill="${STEEL}"/><rect x="190" y="496" width="150" height="42" rx="21" fill="${DARK2}"/>`;
    s += `<circle cx="550" cy="517" r="44" fill="${CHROME}"/><circle cx="550" cy="517" r="24" fill="${STEEL}"/><rect x="542" y="470" width="16" height="22" rx="4" fill="${a}"/>`;
    s += `<rect x="230" y="628" width="60" height="22" rx="6" fill="${CHROME}"/><rect x="510" y="628" width="60" height="22" rx="6" fill="${CHROME}"/>`;
    return s;
  },

  spannerSet(a, o = {}) {
    let s = '';
    for (let i = 0; i < 6; i++) {
      const L = 250 + i * 28;
      const w = 22 + i * 3;
      const x = 205 + i * 78;
      s += `<g transform="translate(${x} ${610 - L / 2}) rotate(-90)">${spannerShape(L, w, i % 2 ? CHROME : '#dbe1e6')}`;
      if (o.ratchet) s += `<circle cx="${L / 2}" cy="0" r="${r1(w * 0.45)}" fill="${a}"/>`;
      s += '</g>';
    }
    s += `<rect x="150" y="560" width="500" height="84" rx="20" fill="${a}"/><rect x="170" y="578" width="460" height="10" rx="5" fill="${tint(a, 0.3)}"/>`;
    return s;
  },

  spanner(a, o = {}) {
    let s = `<g transform="translate(400 420) rotate(-35)">${spannerShape(460, 44, CHROME)}`;
    if (o.adjustable) {
      s += `<circle cx="-150" cy="0" r="22" fill="${a}"/><path d="M-166 0h32M-150 -16v32" stroke="${shade(a, 0.3)}" stroke-width="5"/>`;
      s += `<rect x="-20" y="-26" width="220" height="52" rx="26" fill="${a}"/>`;
    }
    s += `<rect x="-200" y="-8" width="360" height="8" rx="4" fill="#fff" opacity=".5"/>`;
    return s + '</g>';
  },

  wrench(a, o = {}) {
    let s = `<g transform="rotate(-30 400 420)">`;
    const x1 = o.breaker ? 110 : 130;
    s += `<rect x="${x1}" y="400" width="${560 - x1}" height="40" rx="20" fill="${CHROME}"/><rect x="${x1 + 30}" y="404" width="${500 - x1}" height="10" rx="5" fill="${CHROME_HI}"/>`;
    s += `<circle cx="${x1}" cy="420" r="52" fill="${CHROME}"/><circle cx="${x1}" cy="420" r="30" fill="${STEEL}"/><rect x="${x1 - 12}" y="408" width="24" height="24" fill="${DARK}"/>`;
    if (o.breaker) s += `<circle cx="${x1 + 60}" cy="420" r="16" fill="${STEEL}"/>`;
    else {
      s += `<rect x="330" y="407" width="120" height="26" rx="6" fill="#fff"/>`;
      let ticks = '';
      for (let x = 342; x <= 440; x += 10) ticks += `M${x} 410V${x % 20 === 2 ? 424 : 418}`;
      s += `<path d="${ticks}" stroke="${DARK}" stroke-width="2"/>`;
    }
    s += `<rect x="520" y="392" width="180" height="56" rx="28" fill="${a}"/>`;
    let grooves = '';
    for (let x = 545; x < 690; x += 16) grooves += `M${x} 398V442`;
    s += `<path d="${grooves}" stroke="${shade(a, 0.25)}" stroke-width="4"/><rect x="690" y="398" width="24" height="44" rx="10" fill="${DARK}"/>`;
    return s + '</g>';
  },

  brace(a) {
    let s = `<g transform="rotate(45 400 420)">`;
    s += `<rect x="150" y="400" width="500" height="40" rx="12" fill="${DARK}"/><rect x="380" y="170" width="40" height="500" rx="12" fill="${DARK}"/>`;
    s += `<rect x="110" y="385" width="60" height="70" rx="10" fill="${CHROME}"/><rect x="630" y="385" width="60" height="70" rx="10" fill="${CHROME}"/>`;
    s += `<rect x="365" y="130" width="70" height="60" rx="10" fill="${CHROME}"/><rect x="365" y="650" width="70" height="60" rx="10" fill="${a}"/>`;
    s += `<circle cx="400" cy="420" r="36" fill="${a}"/><circle cx="400" cy="420" r="14" fill="${shade(a, 0.3)}"/>`;
    return s + '</g>';
  },

  trolleyJack(a, o = {}) {
    const body = o.alu ? '#c3cbd3' : a;
    const arm = o.alu ? a : shade(a, 0.25);
    let s = '';
    s += `<path d="M230 500L80 215" stroke="${DARK}" stroke-width="22" stroke-linecap="round"/><path d="M108 268L80 215" stroke="${DARK2}" stroke-width="34" stroke-linecap="round"/>`;
    s += `<path d="M270 505L600 400" stroke="${arm}" stroke-width="44" stroke-linecap="round"/>`;
    s += `<rect x="590" y="360" width="24" height="50" fill="${STEEL}"/><rect x="560" y="340" width="84" height="26" rx="8" fill="${DARK}"/>`;
    s += `<path d="M160 600L650 600L650 555L590 515L210 495L160 520Z" fill="${body}"/>`;
    s += `<path d="M215 522L585 538" stroke="${tint(body, 0.3)}" stroke-width="8" stroke-linecap="round"/>`;
    s += `<rect x="200" y="455" width="100" height="40" rx="12" fill="${CHROME}"/>`;
    s += `<circle cx="600" cy="612" r="32" fill="${DARK2}"/><circle cx="600" cy="612" r="12" fill="${STEEL}"/>`;
    s += `<circle cx="215" cy="618" r="26" fill="${DARK2}"/><circle cx="215" cy="618" r="9" fill="${STEEL}"/>`;
    return s;
  },

  axleStands(a) {
    const stand = (cx) =>
      `<rect x="${cx - 20}" y="250" width="40" height="230" fill="${CHROME}"/>` +
      `<path d="M${cx + 20} 280h-10M${cx + 20} 300h-10M${cx + 20} 320h-10M${cx + 20} 340h-10M${cx + 20} 360h-10M${cx + 20} 380h-10" stroke="${STEEL}" stroke-width="5"/>` +
      `<path d="M${cx - 55} 225H${cx - 28}Q${cx} 262 ${cx + 28} 225H${cx + 55}V262H${cx - 55}Z" fill="${DARK}"/>` +
      `<path d="M${cx - 115} 640L${cx - 35} 400H${cx + 35}L${cx + 115} 640H${cx + 78}L${cx + 18} 455H${cx - 18}L${cx - 78} 640Z" fill="${a}"/>` +
      `<rect x="${cx - 132}" y="628" width="64" height="16" rx="6" fill="${shade(a, 0.3)}"/><rect x="${cx + 68}" y="628" width="64" height="16" rx="6" fill="${shade(a, 0.3)}"/>` +
      `<rect x="${cx - 42}" y="392" width="84" height="30" rx="6" fill="${shade(a, 0.25)}"/>` +
      `<path d="M${cx + 38} 405L${cx + 95} 370" stroke="${DARK}" stroke-width="12" stroke-linecap="round"/>`;
    return stand(275) + stand(530);
  },

  bottleJack(a) {
    let s = `<rect x="250" y="590" width="300" height="44" rx="10" fill="${DARK}"/>`;
    s += `<path d="M540 525L650 440" stroke="${STEEL}" stroke-width="16" stroke-linecap="round"/><rect x="500" y="515" width="70" height="70" rx="8" fill="${DARK}"/>`;
    s += `<rect x="355" y="205" width="90" height="120" fill="${CHROME}"/><rect x="365" y="205" width="14" height="120" fill="${CHROME_HI}"/>`;
    s += `<rect x="372" y="168" width="56" height="44" fill="${STEEL}"/><rect x="350" y="150" width="100" height="26" rx="6" fill="${DARK}"/>`;
    s += `<rect x="300" y="330" width="200" height="270" rx="16" fill="${a}"/><rect x="318" y="345" width="20" height="240" rx="10" fill="#fff" opacity=".2"/>`;
    s += `<rect x="290" y="318" width="220" height="30" rx="8" fill="${shade(a, 0.3)}"/>`;
    s += `<circle cx="280" cy="612" r="12" fill="${BRASS}"/>`;
    return s;
  },

  scanner(a, o = {}) {
    let s = '';
    const tester = o.tester;
    if (tester) {
      s += `<path d="M360 250C340 170 230 180 210 250" fill="none" stroke="${RED}" stroke-width="12" stroke-linecap="round"/>`;
      s += `<path d="M440 250C460 170 570 180 590 250" fill="none" stroke="${BLACK}" stroke-width="12" stroke-linecap="round"/>`;
      s += clamp(210, 315, RED, 0, 0.8) + clamp(590, 315, BLACK, 0, 0.8);
    } else {
      s += `<path d="M400 250C400 150 560 210 600 160" fill="none" stroke="${DARK2}" stroke-width="16"/>`;
      s += `<g transform="translate(610 140) rotate(20)"><path d="M-60 -40H60L48 40H-48Z" fill="${DARK}"/><rect x="-44" y="-24" width="88" height="36" rx="6" fill="${DARK2}"/>`;
      s += `<path d="M-34 -14h68M-34 2h68" stroke="${BRASS}" stroke-width="4" stroke-dasharray="4 5"/></g>`;
    }
    const top = tester ? 300 : 240;
    s += `<rect x="265" y="${top}" width="270" height="${670 - top}" rx="44" fill="${a}"/>`;
    s += `<rect x="290" y="${top + 30}" width="220" height="180" rx="16" fill="${DARK2}"/>`;
    s += `<rect x="304" y="${top + 44}" width="192" height="152" rx="8" fill="#dff4ff"/>`;
    s += `<path d="M318 ${top + 110}H482M318 ${top + 150}H482" stroke="#b9dcef" stroke-width="2"/>`;
    s += `<polyline points="318,${top + 170} 348,${top + 140} 378,${top + 155} 408,${top + 100} 438,${top + 120} 478,${top + 80}" fill="none" stroke="${shade(a, 0.15)}" stroke-width="6" stroke-linejoin="round"/>`;
    if (o.label) s += label(318, top + 72, o.label, 20, DARK, 700, 'start');
    const pad = tester ? 590 : 545;
    s += `<circle cx="400" cy="${pad}" r="${tester ? 40 : 56}" fill="${shade(a, 0.25)}"/><circle cx="400" cy="${pad}" r="${tester ? 16 : 22}" fill="${tint(a, 0.25)}"/>`;
    if (!tester) s += `<rect x="295" y="612" width="60" height="22" rx="11" fill="${DARK2}"/><rect x="445" y="612" width="60" height="22" rx="11" fill="${DARK2}"/>`;
    return s;
  },

  dongle(a) {
    let s = `<circle cx="400" cy="400" r="210" fill="${tint(a, 0.85)}"/>`;
    s += `<path d="M305 480H495L478 600H322Z" fill="${DARK}"/><rect x="335" y="560" width="130" height="26" rx="4" fill="${DARK2}"/>`;
    s += `<path d="M345 573h110" stroke="${BRASS}" stroke-width="5" stroke-dasharray="5 6"/>`;
    s += `<rect x="290" y="230" width="220" height="260" rx="34" fill="${a}"/>`;
    s += `<path d="M372 300L432 350L400 378V262L432 290L372 340" fill="none" stroke="#fff" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`;
    s += `<circle cx="400" cy="440" r="11" fill="#8ce99a"/>`;
    return s;
  },

  multimeter(a) {
    let s = '';
    s += `<path d="M460 555C460 660 560 650 600 560" fill="none" stroke="${RED}" stroke-width="9"/>`;
    s += `<path d="M320 555C320 700 640 690 680 560" fill="none" stroke="${BLACK}" stroke-width="9"/>`;
    s += `<g transform="translate(600 430) rotate(12)"><rect x="-13" y="-150" width="26" height="200" rx="10" fill="${RED}"/><rect x="-3" y="-210" width="6" height="62" fill="${STEEL}"/></g>`;
    s += `<g transform="translate(680 430) rotate(12)"><rect x="-13" y="-150" width="26" height="200" rx="10" fill="${BLACK}"/><rect x="-3" y="-210" width="6" height="62" fill="${STEEL}"/></g>`;
    s += `<rect x="210" y="150" width="300" height="480" rx="40" fill="${a}"/><rect x="232" y="176" width="256" height="428" rx="26" fill="${DARK}"/>`;
    s += `<rect x="258" y="200" width="204" height="100" rx="8" fill="#cfe8cf"/>` + label(448, 275, '12.6', 56, DARK, 700, 'end');
    s += `<circle cx="360" cy="420" r="74" fill="${DARK2}" stroke="#4b5763" stroke-width="6"/><rect x="354" y="356" width="12" height="64" rx="6" fill="${tint(a, 0.2)}"/>`;
    s += `<circle cx="290" cy="555" r="15" fill="#111"/><circle cx="360" cy="555" r="15" fill="#111" stroke="${STEEL}" stroke-width="4"/><circle cx="430" cy="555" r="15" fill="#111" stroke="${RED}" stroke-width="4"/>`;
    return s;
  },

  carCover(a, o = {}, id = 'a') {
    const shapes = {
      sedan: 'M110 560Q100 505 150 488L260 462Q320 385 385 372H515Q575 378 625 455L682 472Q708 488 700 560Z',
      suv: 'M110 560Q100 490 145 475L225 458Q262 345 320 335H600Q650 340 672 420L690 468Q710 490 700 560Z',
      ute: 'M100 560V475Q100 458 118 458H390L405 372Q412 348 440 348H565Q605 352 632 445L684 465Q708 482 700 560Z',
    };
    const d = shapes[o.shape ?? 'sedan'];
    const kind = o.kind ?? 'outdoor';
    const main = kind === 'outdoor' ? '#c7cfd8' : kind === 'hail' ? tint(a, 0.5) : a;
    let s = '';
    if (kind === 'hail') {
      s += `<defs><pattern id="${id}q" width="44" height="44" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="44" height="44" fill="${main}"/><path d="M0 0H44M0 0V44" stroke="${shade(main, 0.18)}" stroke-width="5"/></pattern></defs>`;
    }
    s += `<circle cx="235" cy="575" r="50" fill="${DARK2}"/><circle cx="235" cy="575" r="22" fill="${STEEL}"/>`;
    s += `<circle cx="575" cy="575" r="50" fill="${DARK2}"/><circle cx="575" cy="575" r="22" fill="${STEEL}"/>`;
    s += `<path d="${d}" fill="${kind === 'hail' ? `url(#${id}q)` : main}"/>`;
    if (kind === 'hail') s += `<path d="${d}" fill="none" stroke="${shade(main, 0.25)}" stroke-width="8"/>`;
    s += `<path d="M300 470Q330 520 320 552M470 392Q500 470 470 552M615 470Q630 520 612 552" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" opacity=".3"/>`;
    s += `<path d="M340 398Q430 372 520 388" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".35"/>`;
    s += `<path d="M118 552H692" stroke="${shade(main, 0.3)}" stroke-width="14" stroke-linecap="round"/>`;
    if (kind === 'outdoor') {
      s += `<path d="M150 505H688" stroke="${a}" stroke-width="10"/><rect x="450" y="485" width="70" height="36" rx="8" fill="${a}"/>`;
    } else {
      s += `<ellipse cx="300" cy="462" rx="20" ry="12" fill="${shade(main, 0.12)}"/>`;
    }
    return s;
  },

  ratchetStrap(a, o = {}) {
    let s = '';
    const strap = (d) =>
      `<path d="${d}" fill="none" stroke="${a}" stroke-width="44"/><path d="${d}" fill="none" stroke="${tint(a, 0.4)}" stroke-width="3" stroke-dasharray="12 9"/>`;
    s += strap('M150 470C230 520 300 420 380 440');
    s += strap('M420 440C520 470 560 560 650 500');
    if (o.loops) {
      s += `<path d="M150 470C90 440 70 520 130 540" fill="none" stroke="${shade(a, 0.25)}" stroke-width="30"/>`;
      s += `<path d="M650 500C710 470 730 560 670 570" fill="none" stroke="${shade(a, 0.25)}" stroke-width="30"/>`;
    } else if (!o.endless) {
      s += `<path d="M150 470H110Q80 470 80 500V560Q80 590 110 590Q130 590 130 570" fill="none" stroke="${MID}" stroke-width="16" stroke-linecap="round"/>`;
      s += `<path d="M650 500H690Q720 500 720 530V590Q720 620 690 620Q670 620 670 600" fill="none" stroke="${MID}" stroke-width="16" stroke-linecap="round"/>`;
    }
    s += `<rect x="330" y="400" width="150" height="74" rx="10" fill="${CHROME}"/><rect x="340" y="410" width="130" height="10" rx="5" fill="${CHROME_HI}"/>`;
    s += `<circle cx="405" cy="437" r="32" fill="${shade(a, 0.1)}" stroke="${shade(a, 0.35)}" stroke-width="6"/>`;
    s += `<g transform="rotate(-32 405 437)"><rect x="405" y="414" width="200" height="46" rx="12" fill="${STEEL}"/><rect x="535" y="408" width="86" height="58" rx="18" fill="${DARK}"/></g>`;
    return s;
  },

  camStrap(a) {
    let s = '';
    s += `<path d="M330 570H580" stroke="${a}" stroke-width="44"/><path d="M640 570H720" stroke="${a}" stroke-width="44"/>`;
    [150, 124, 98, 72].forEach((r, i) => {
      s += `<circle cx="330" cy="420" r="${r}" fill="none" stroke="${i % 2 ? shade(a, 0.15) : a}" stroke-width="26"/>`;
    });
    s += `<circle cx="330" cy="420" r="58" fill="${BG}"/>`;
    s += `<rect x="560" y="530" width="96" height="80" rx="12" fill="${CHROME}"/><rect x="570" y="510" width="76" height="34" rx="10" fill="${DARK}"/>`;
    s += `<path d="M580 544v10M596 544v10M612 544v10M628 544v10" stroke="${DARK}" stroke-width="5"/>`;
    return s;
  },

  cargoNet(a, _o = {}, id = 'a') {
    let s = `<defs><pattern id="${id}n" width="56" height="56" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`;
    s += `<path d="M0 0H56M0 0V56" stroke="${a}" stroke-width="14"/><circle r="9" fill="${shade(a, 0.3)}"/></pattern></defs>`;
    s += `<g transform="rotate(-5 400 410)">`;
    s += `<rect x="170" y="200" width="460" height="420" rx="20" fill="url(#${id}n)"/>`;
    s += `<rect x="170" y="200" width="460" height="420" rx="20" fill="none" stroke="${shade(a, 0.2)}" stroke-width="16"/>`;
    [
      [170, 200],
      [630, 200],
      [170, 620],
      [630, 620],
      [400, 200],
      [400, 620],
      [170, 410],
      [630, 410],
    ].forEach(([x, y]) => {
      s += `<rect x="${x - 12}" y="${y - 20}" width="24" height="40" rx="8" fill="${DARK}"/>`;
    });
    return s + '</g>';
  },

  floorMat(a, o = {}, id = 'a') {
    const carpet = o.kind === 'carpet';
    const fill = carpet ? '#4a4f57' : '#333d47';
    const rib = carpet ? '#555b63' : '#3f4a55';
    const trim = carpet ? a : o.kind === 'deep' ? '#46525e' : '#262e36';
    let s = '';
    if (carpet) {
      s += `<defs><pattern id="${id}c" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="${fill}"/><circle cx="5" cy="5" r="1.6" fill="#5d646d"/></pattern></defs>`;
    }
    if (o.kind === 'liner') {
      s += `<rect x="140" y="220" width="520" height="400" rx="46" fill="#262e36"/><rect x="170" y="250" width="460" height="340" rx="30" fill="${fill}"/>`;
      for (let i = 0; i < 7; i++) s += `<rect x="200" y="${278 + i * 44}" width="400" height="14" rx="7" fill="${rib}"/>`;
      s += `<rect x="360" y="236" width="80" height="10" rx="5" fill="${a}"/>`;
      return s;
    }
    const mat = (dx, dy) => {
      let m = `<g transform="translate(${dx} ${dy})">`;
      m += `<path d="M-150 -230H120Q160 -230 165 -190L185 190Q187 230 147 230H-147Q-187 230 -185 190L-190 -170Q-190 -230 -150 -230Z" fill="${carpet ? `url(#${id}c)` : fill}" stroke="${trim}" stroke-width="${o.kind === 'deep' ? 18 : 10}"/>`;
      if (!carpet) for (let i = -4; i < 3; i++) m += `<rect x="-150" y="${i * 40 - 5}" width="300" height="12" rx="6" fill="${rib}"/>`;
      m += `<rect x="10" y="120" width="130" height="80" rx="10" fill="${carpet ? '#3a3f45' : '#2a323a'}"/>`;
      m += `<rect x="-40" y="-205" width="80" height="20" rx="6" fill="${a}"/>`;
      return m + '</g>';
    };
    return s + mat(320, 410) + mat(480, 440);
  },

  phoneHolder(a, o = {}) {
    const kind = o.kind ?? 'vent';
    let s = '';
    if (kind === 'tablet') {
      s += `<rect x="290" y="50" width="220" height="110" rx="40" fill="${MID}"/>`;
      s += `<rect x="338" y="150" width="14" height="120" fill="${CHROME}"/><rect x="448" y="150" width="14" height="120" fill="${CHROME}"/>`;
      s += `<rect x="320" y="230" width="160" height="40" rx="10" fill="${a}"/>`;
      s += `<rect x="150" y="270" width="500" height="330" rx="28" fill="${DARK2}"/><rect x="168" y="288" width="464" height="294" rx="16" fill="${tint(a, 0.8)}"/>`;
      s += `<path d="M168 400H632M300 288V582M500 288V582" stroke="#fff" stroke-width="12"/>`;
      s += `<circle cx="400" cy="435" r="48" fill="${a}"/><path d="M388 412L420 435L388 458Z" fill="#fff"/>`;
      s += `<rect x="140" y="380" width="24" height="110" rx="8" fill="${MID}"/><rect x="636" y="380" width="24" height="110" rx="8" fill="${MID}"/>`;
      return s;
    }
    s += `<rect x="388" y="525" width="24" height="55" fill="${MID}"/><circle cx="400" cy="590" r="24" fill="${DARK}"/>`;
    if (kind === 'vent') s += `<rect x="370" y="605" width="20" height="75" rx="6" fill="${DARK}"/><rect x="410" y="605" width="20" height="75" rx="6" fill="${DARK}"/>`;
    if (kind === 'suction') s += `<rect x="390" y="600" width="20" height="40" fill="${DARK}"/><ellipse cx="400" cy="655" rx="95" ry="24" fill="${tint(a, 0.45)}" stroke="${shade(a, 0.1)}" stroke-width="4"/>`;
    if (kind === 'magnet') s += `<ellipse cx="400" cy="640" rx="85" ry="24" fill="${DARK}"/><ellipse cx="400" cy="632" rx="60" ry="14" fill="none" stroke="${a}" stroke-width="6"/>`;
    if (kind === 'cd') s += `<rect x="320" y="605" width="160" height="18" rx="5" fill="${DARK}"/><rect x="345" y="623" width="110" height="40" rx="6" fill="${tint(a, 0.5)}" opacity=".7"/>`;
    if (kind === 'wireless') s += `<path d="M400 610C400 670 520 650 580 690" fill="none" stroke="${DARK2}" stroke-width="9"/><rect x="370" y="605" width="20" height="60" rx="6" fill="${DARK}"/><rect x="410" y="605" width="20" height="60" rx="6" fill="${DARK}"/>`;
    s += `<rect x="295" y="130" width="210" height="400" rx="34" fill="${DARK2}"/><rect x="307" y="144" width="186" height="372" rx="24" fill="${tint(a, 0.8)}"/>`;
    s += `<path d="M307 240H493M307 380H493M360 144V516M440 144V516" stroke="#fff" stroke-width="10"/>`;
    s += `<polyline points="360,500 360,380 440,380 440,248" fill="none" stroke="${a}" stroke-width="10" stroke-linejoin="round"/>`;
    s += `<circle cx="440" cy="236" r="17" fill="${shade(a, 0.2)}"/><circle cx="440" cy="236" r="6" fill="#fff"/>`;
    if (kind !== 'magnet') {
      const arm = kind === 'wireless' ? a : MID;
      s += `<rect x="270" y="270" width="34" height="130" rx="12" fill="${arm}"/><rect x="496" y="270" width="34" height="130" rx="12" fill="${arm}"/>`;
      s += `<rect x="330" y="518" width="40" height="22" rx="8" fill="${arm}"/><rect x="430" y="518" width="40" height="22" rx="8" fill="${arm}"/>`;
    }
    if (kind === 'wireless') s += bolt(400, 460, 0.6, shade(a, 0.2));
    return s;
  },

  seatCover(a, o = {}, id = 'a') {
    const c = o.color ?? DARK;
    const stitch = tint(c, 0.3);
    let s = '';
    if (o.bench) {
      s += `<rect x="215" y="110" width="130" height="90" rx="30" fill="${c}"/><rect x="455" y="110" width="130" height="90" rx="30" fill="${c}"/>`;
      s += `<path d="M180 240Q180 215 205 215H595Q620 215 620 240L640 520H160Z" fill="${c}"/>`;
      s += `<path d="M400 215V520" stroke="${stitch}" stroke-width="4" stroke-dasharray="9 7"/>`;
      s += `<path d="M130 530Q130 508 155 508H645Q670 508 670 530L690 620Q692 640 670 640H130Q108 640 110 620Z" fill="${shade(c, 0.06)}"/>`;
      s += `<rect x="112" y="612" width="576" height="28" rx="12" fill="${shade(c, 0.22)}"/>`;
      if (o.pet) {
        s += `<defs><pattern id="${id}p" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="36" height="36" fill="${tint(a, 0.3)}"/><path d="M0 0H36M0 0V36" stroke="${shade(a, 0.1)}" stroke-width="3"/></pattern></defs>`;
        s += `<path d="M150 250H650L700 660H100Z" fill="url(#${id}p)" stroke="${shade(a, 0.3)}" stroke-width="10"/>`;
        s += `<circle cx="160" cy="250" r="12" fill="${DARK}"/><circle cx="640" cy="250" r="12" fill="${DARK}"/>`;
      } else {
        s += `<path d="M180 240L160 520M620 240L640 520" stroke="${a}" stroke-width="6"/>`;
      }
      return s;
    }
    s += `<rect x="330" y="110" width="140" height="100" rx="34" fill="${c}"/><rect x="362" y="205" width="12" height="40" fill="${CHROME}"/><rect x="426" y="205" width="12" height="40" fill="${CHROME}"/>`;
    s += `<path d="M282 240Q282 228 298 228H502Q518 228 518 240L540 520H260Z" fill="${c}"/>`;
    s += `<path d="M282 240L260 520H305L318 240ZM518 240L540 520H495L482 240Z" fill="${shade(c, 0.18)}"/>`;
    s += `<rect x="335" y="262" width="130" height="232" rx="14" fill="none" stroke="${stitch}" stroke-width="3" stroke-dasharray="9 7"/>`;
    s += `<path d="M335 320H465M335 380H465M335 440H465" stroke="${stitch}" stroke-width="3" stroke-dasharray="9 7"/>`;
    s += `<path d="M282 240L260 520M518 240L540 520" stroke="${a}" stroke-width="7"/>`;
    s += `<path d="M230 530Q230 508 255 508H545Q570 508 570 530L590 620Q592 640 570 640H230Q208 640 210 620Z" fill="${shade(c, 0.06)}"/>`;
    s += `<path d="M300 522L292 606M500 522L508 606" stroke="${stitch}" stroke-width="3" stroke-dasharray="9 7"/>`;
    s += `<rect x="212" y="612" width="376" height="28" rx="12" fill="${shade(c, 0.22)}"/>`;
    return s;
  },

  bottle(a, o = {}) {
    let s = `<rect x="355" y="150" width="90" height="62" rx="10" fill="${shade(a, 0.35)}"/><rect x="365" y="206" width="70" height="28" fill="${CHROME_HI}"/>`;
    s += `<path d="M300 262Q300 230 340 230H460Q500 230 500 262V640Q500 670 470 670H330Q300 670 300 640Z" fill="${tint(a, 0.7)}" stroke="${tint(a, 0.45)}" stroke-width="4"/>`;
    s += `<rect x="300" y="360" width="200" height="220" fill="${a}"/>`;
    s += `<path d="M300 520Q350 490 400 520T500 520V580H300Z" fill="${shade(a, 0.2)}"/>`;
    s += `<path d="M400 395Q430 435 430 455A30 30 0 0 1 370 455Q370 435 400 395Z" fill="#fff"/>`;
    if (o.label) s += label(400, 560, o.label, 28, '#fff');
    s += `<rect x="318" y="255" width="14" height="380" rx="7" fill="#fff" opacity=".35"/>`;
    return s;
  },

  jug(a, o = {}) {
    let s = `<rect x="270" y="180" width="80" height="60" rx="10" fill="${shade(a, 0.35)}"/>`;
    s += `<path fill-rule="evenodd" d="M250 280Q250 235 300 235H520Q560 235 575 270L585 300V630Q585 670 545 670H290Q250 670 250 630ZM450 275H540Q550 275 550 290V330Q550 345 535 345H450Z" fill="${tint(a, 0.65)}" stroke="${tint(a, 0.4)}" stroke-width="4"/>`;
    s += `<rect x="250" y="400" width="335" height="210" fill="${a}"/>`;
    s += `<path d="M250 545Q330 510 420 545T585 545V610H250Z" fill="${shade(a, 0.2)}"/>`;
    s += `<path d="M400 425Q440 475 440 500A40 40 0 0 1 360 500Q360 475 400 425Z" fill="#fff"/>`;
    if (o.label) s += label(520, 590, o.label, 30, '#fff');
    return s;
  },

  spray(a, o = {}) {
    let s = `<path d="M330 200H470Q490 200 490 220V252H340L300 232V215Q300 200 330 200Z" fill="${DARK}"/><rect x="278" y="210" width="26" height="18" rx="4" fill="${DARK2}"/>`;
    s += `<path d="M352 252Q332 302 347 332L367 327Q357 297 374 257Z" fill="${shade(a, 0.3)}"/>`;
    s += `<rect x="360" y="250" width="80" height="42" rx="6" fill="${DARK}"/>`;
    s += `<path d="M395 292V330Q320 350 320 400V640Q320 670 350 670H480Q510 670 510 640V400Q510 350 435 330V292Z" fill="${tint(a, 0.7)}" stroke="${tint(a, 0.45)}" stroke-width="4"/>`;
    s += `<rect x="320" y="430" width="190" height="170" fill="${a}"/>`;
    s += `<path d="M380 480L395 515L430 530L395 545L380 580L365 545L330 530L365 515Z" fill="#fff"/>`;
    if (o.label) s += label(470, 585, o.label, 22, '#fff');
    s += `<rect x="336" y="410" width="12" height="220" rx="6" fill="#fff" opacity=".35"/>`;
    return s;
  },

  tin(a) {
    let s = `<g transform="rotate(-18 470 330)"><ellipse cx="470" cy="330" rx="175" ry="62" fill="${shade(a, 0.25)}"/><ellipse cx="470" cy="318" rx="175" ry="62" fill="${a}"/>`;
    s += `<ellipse cx="470" cy="318" rx="120" ry="40" fill="none" stroke="${tint(a, 0.35)}" stroke-width="6"/></g>`;
    s += `<path d="M220 450V560A180 48 0 0 0 580 560V450Z" fill="${CHROME}"/><path d="M235 470V555" stroke="${CHROME_HI}" stroke-width="14" stroke-linecap="round"/>`;
    s += `<ellipse cx="400" cy="450" rx="180" ry="48" fill="${STEEL}"/><ellipse cx="400" cy="452" rx="164" ry="40" fill="#f2d16b"/>`;
    s += `<path d="M330 450Q400 420 470 455" fill="none" stroke="#e0b94a" stroke-width="6"/>`;
    s += `<ellipse cx="610" cy="610" rx="70" ry="22" fill="${shade(a, 0.2)}"/><ellipse cx="610" cy="598" rx="70" ry="22" fill="${tint(a, 0.5)}"/>`;
    return s;
  },

  bucket(a) {
    let s = `<path d="M230 300Q400 110 570 300" fill="none" stroke="${MID}" stroke-width="12"/>`;
    s += `<path d="M230 300H570L540 660Q538 680 518 680H282Q262 680 260 660Z" fill="${a}"/>`;
    s += `<rect x="215" y="285" width="370" height="36" rx="14" fill="${shade(a, 0.15)}"/>`;
    s += `<path d="M250 400H550M255 480H545" stroke="${tint(a, 0.25)}" stroke-width="8"/>`;
    s += `<g transform="translate(455 330) scale(.5)">${ART.bottle(shade(a, 0.05))}</g>`;
    s += `<g transform="translate(140 430) scale(.35)">${ART.mitt(tint(a, 0.1))}</g>`;
    return s;
  },

  mitt(a, _o = {}, id = 'a') {
    let s = `<defs><pattern id="${id}m" width="34" height="34" patternUnits="userSpaceOnUse"><rect width="34" height="34" fill="${a}"/><circle cx="17" cy="17" r="13" fill="${tint(a, 0.3)}"/><circle cx="0" cy="0" r="9" fill="${tint(a, 0.15)}"/><circle cx="34" cy="0" r="9" fill="${tint(a, 0.15)}"/><circle cx="0" cy="34" r="9" fill="${tint(a, 0.15)}"/><circle cx="34" cy="34" r="9" fill="${tint(a, 0.15)}"/></pattern></defs>`;
    s += `<path d="M300 620V330Q300 200 420 200Q530 200 530 330V420Q600 370 630 425Q650 470 570 525L530 565V620Z" fill="url(#${id}m)"/>`;
    s += `<rect x="285" y="600" width="260" height="80" rx="16" fill="${shade(a, 0.35)}"/><path d="M300 625H530M300 655H530" stroke="${shade(a, 0.5)}" stroke-width="4"/>`;
    return s;
  },

  cloths(a, o = {}) {
    const kind = o.kind ?? 'stack';
    let s = '';
    if (kind === 'pads') {
      [
        [300, 540, tint(a, 0.2)],
        [500, 540, shade(a, 0.1)],
        [400, 420, a],
        [400, 560, tint(a, 0.4)],
      ].forEach(([x, y, c]) => {
        s += `<ellipse cx="${x}" cy="${y + 22}" rx="120" ry="48" fill="${shade(c, 0.25)}"/><rect x="${x - 120}" y="${y}" width="240" height="22" fill="${shade(c, 0.25)}"/><ellipse cx="${x}" cy="${y}" rx="120" ry="48" fill="${c}"/>`;
      });
      return s;
    }
    if (kind === 'brushes') {
      [
        [260, 0.8],
        [400, 1],
        [540, 0.9],
      ].forEach(([x, k], i) => {
        const top = 180 + (1 - k) * 200;
        s += `<rect x="${x - 36 * k}" y="${top}" width="${72 * k}" height="${150 * k}" rx="${16 * k}" fill="#e8d3a9"/>`;
        s += `<path d="M${x - 20 * k} ${top + 10}V${top + 140 * k}M${x} ${top + 10}V${top + 140 * k}M${x + 20 * k} ${top + 10}V${top + 140 * k}" stroke="#d1b77f" stroke-width="4"/>`;
        s += `<rect x="${x - 40 * k}" y="${top + 150 * k}" width="${80 * k}" height="${60 * k}" rx="6" fill="${CHROME}"/>`;
        s += `<rect x="${x - 28 * k}" y="${top + 210 * k}" width="${56 * k}" height="${250 * k}" rx="${26 * k}" fill="${i === 1 ? a : shade(a, 0.2)}"/>`;
      });
      return s;
    }
    const colors = kind === 'towel' ? [a] : [shade(a, 0.15), tint(a, 0.45), a];
    if (kind === 'towel') {
      s += `<path d="M170 300Q170 260 210 260H590Q630 260 630 300V600Q630 640 590 640H210Q170 640 170 600Z" fill="${a}"/>`;
      s += `<path d="M170 420Q400 470 630 420V600Q630 640 590 640H210Q170 640 170 600Z" fill="${shade(a, 0.12)}"/>`;
      s += `<path d="M190 280H610M190 620H610" stroke="${tint(a, 0.4)}" stroke-width="4" stroke-dasharray="10 8"/>`;
      return s;
    }
    colors.forEach((c, i) => {
      const y = 520 - i * 110;
      s += `<rect x="${190 + i * 10}" y="${y}" width="${420 - i * 20}" height="${i === colors.length - 1 ? 130 : 100}" rx="28" fill="${c}"/>`;
      s += `<path d="M${215 + i * 10} ${y + 80}H${585 - i * 10}" stroke="${tint(c, 0.35)}" stroke-width="4" stroke-dasharray="10 8"/>`;
      if (o.waffle && i === colors.length - 1) {
        let g = '';
        for (let x = 240; x < 570; x += 30) g += `M${x} ${y + 12}V${y + 70}`;
        s += `<path d="${g}" stroke="${tint(c, 0.25)}" stroke-width="3"/>`;
      }
    });
    const top = 520 - (colors.length - 1) * 110;
    s += `<path d="M${600 - colors.length * 10} ${top + 20}L${540 - colors.length * 10} ${top + 20}L${600 - colors.length * 10} ${top + 80}Z" fill="${tint(colors[colors.length - 1], 0.25)}"/>`;
    return s;
  },

  brakePads(a, o = {}) {
    // Two pads seen from the friction side: steel backing plates (an arc of a ring) with the lining on top.
    const sector = (cx, cy, ri, ro, d0, d1) => {
      const p = (r, d) => `${r1(cx + r * Math.cos((d * Math.PI) / 180))} ${r1(cy + r * Math.sin((d * Math.PI) / 180))}`;
      return `M${p(ro, d0)}A${ro} ${ro} 0 0 1 ${p(ro, d1)}L${p(ri, d1)}A${ri} ${ri} 0 0 0 ${p(ri, d0)}Z`;
    };
    const lining = o.ceramic ? '#5b5048' : '#3b3f44';
    const pad = (dx, dy) => {
      let s = `<g transform="translate(${dx} ${dy})">`;
      s += `<path d="${sector(400, 900, 292, 448, 236, 304)}" fill="${STEEL}"/>`;
      s += `<circle cx="${r1(400 + 370 * Math.cos((238.5 * Math.PI) / 180))}" cy="${r1(900 + 370 * Math.sin((238.5 * Math.PI) / 180))}" r="13" fill="${BG}"/>`;
      s += `<circle cx="${r1(400 + 370 * Math.cos((301.5 * Math.PI) / 180))}" cy="${r1(900 + 370 * Math.sin((301.5 * Math.PI) / 180))}" r="13" fill="${BG}"/>`;
      s += `<path d="${sector(400, 900, 305, 432, 243, 297)}" fill="${lining}"/>`;
      s += `<path d="M400 ${900 - 432}V${900 - 305}" stroke="${shade(lining, 0.35)}" stroke-width="8"/>`;
      s += `<path d="${sector(400, 900, 305, 432, 243, 249)}" fill="${a}"/><path d="${sector(400, 900, 305, 432, 291, 297)}" fill="${a}"/>`;
      return s + '</g>';
    };
    let s = pad(-40, -160) + pad(40, 30);
    if (o.label) s += label(620, 300, o.label, 40, a, 800);
    return s;
  },

  rotor(a, o = {}) {
    let s = `<circle cx="416" cy="424" r="262" fill="${shade(STEEL, 0.35)}"/>`;
    s += `<circle cx="400" cy="410" r="262" fill="${CHROME}"/>`;
    s += `<circle cx="400" cy="410" r="232" fill="none" stroke="${CHROME_HI}" stroke-width="10" opacity=".8"/>`;
    s += `<circle cx="400" cy="410" r="190" fill="none" stroke="#bfc7cf" stroke-width="5"/>`;
    if (o.slotted) {
      for (let i = 0; i < 6; i++) s += `<path d="M0 -248Q40 -205 52 -160" transform="translate(400 410) rotate(${i * 60})" fill="none" stroke="${STEEL}" stroke-width="8" stroke-linecap="round"/>`;
    }
    s += `<circle cx="400" cy="410" r="138" fill="${a}"/><circle cx="400" cy="410" r="120" fill="${shade(a, 0.15)}"/>`;
    for (let i = 0; i < 5; i++) {
      const t = ((i * 72 - 90) * Math.PI) / 180;
      s += `<circle cx="${r1(400 + 78 * Math.cos(t))}" cy="${r1(410 + 78 * Math.sin(t))}" r="14" fill="${BG}"/>`;
    }
    s += `<circle cx="400" cy="410" r="42" fill="${BG}"/><circle cx="400" cy="410" r="42" fill="none" stroke="${tint(a, 0.3)}" stroke-width="6"/>`;
    s += `<path d="M230 250A232 232 0 0 1 330 195" fill="none" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".7"/>`;
    return s;
  },

  oilFilter(a, o = {}) {
    // A spin-on canister standing on its base plate: the gasket and threaded centre on top.
    let s = `<path d="M270 300V600Q270 640 400 640Q530 640 530 600V300Z" fill="${a}"/>`;
    s += `<path d="M270 600Q270 640 400 640Q530 640 530 600V585Q530 625 400 625Q270 625 270 585Z" fill="${shade(a, 0.3)}"/>`;
    for (let x = 280; x <= 520; x += 20) s += `<path d="M${x} 575V600" stroke="${shade(a, 0.2)}" stroke-width="6"/>`;
    s += `<rect x="270" y="390" width="260" height="120" fill="#fff"/><rect x="270" y="396" width="260" height="8" fill="${tint(a, 0.5)}"/><rect x="270" y="496" width="260" height="8" fill="${tint(a, 0.5)}"/>`;
    if (o.label) s += label(400, 468, o.label, o.label.length > 5 ? 38 : 48, shade(a, 0.3), 800);
    s += `<rect x="288" y="320" width="14" height="250" rx="7" fill="#fff" opacity=".3"/>`;
    s += `<ellipse cx="400" cy="300" rx="130" ry="40" fill="${CHROME}"/><ellipse cx="400" cy="300" rx="112" ry="32" fill="none" stroke="${DARK}" stroke-width="12"/>`;
    for (let i = 0; i < 8; i++) {
      const t = (i * 45 * Math.PI) / 180;
      s += `<ellipse cx="${r1(400 + 72 * Math.cos(t))}" cy="${r1(300 + 21 * Math.sin(t))}" rx="11" ry="5" fill="${DARK2}"/>`;
    }
    s += `<ellipse cx="400" cy="300" rx="36" ry="11" fill="${STEEL}"/><ellipse cx="400" cy="300" rx="22" ry="7" fill="${DARK2}"/>`;
    return s;
  },

  cartridge(a, o = {}) {
    // A filter element: pleated paper between two end caps, upright (oil cartridges and diesel fuel filters).
    const w = o.slim ? 150 : 200;
    const x0 = 400 - w / 2;
    const x1 = 400 + w / 2;
    let s = `<rect x="${x0}" y="240" width="${w}" height="370" fill="#efe2b9"/>`;
    let pleats = '';
    for (let x = x0 + 10; x < x1; x += 14) pleats += `M${x} 250V600`;
    s += `<path d="${pleats}" stroke="#d2bd80" stroke-width="5"/>`;
    s += `<rect x="${x0}" y="240" width="${r1(w * 0.18)}" height="370" fill="#000" opacity=".06"/>`;
    s += `<path d="M${x0 - 8} 600V630Q${x0 - 8} 660 400 660Q${x1 + 8} 660 ${x1 + 8} 630V600Z" fill="${shade(a, 0.2)}"/><ellipse cx="400" cy="600" rx="${w / 2 + 8}" ry="26" fill="${a}"/>`;
    s += `<path d="M${x0 - 8} 240V210Q${x0 - 8} 240 400 240Q${x1 + 8} 240 ${x1 + 8} 210V240Q${x1 + 8} 270 400 270Q${x0 - 8} 270 ${x0 - 8} 240Z" fill="${shade(a, 0.2)}"/>`;
    s += `<ellipse cx="400" cy="212" rx="${w / 2 + 8}" ry="28" fill="${a}"/><ellipse cx="400" cy="212" rx="${r1(w * 0.22)}" ry="9" fill="${DARK2}"/>`;
    s += `<ellipse cx="400" cy="212" rx="${r1(w * 0.3)}" ry="12" fill="none" stroke="${BLACK}" stroke-width="6"/>`;
    if (o.water) s += `<rect x="385" y="660" width="30" height="28" rx="4" fill="${DARK}"/>`;
    if (o.label) s += label(400, 445, o.label, 30, shade(a, 0.35), 800).replace('<text ', `<text transform="rotate(-90 400 435)" `);
    return s;
  },

  panelFilter(a, o = {}, id = 'a') {
    // A panel filter seen at an angle: a moulded frame around pleated media (cream paper, or grey carbon).
    const media = o.carbon ? ['#6b7178', '#50565d'] : o.white ? ['#f4f1ea', '#d9d3c4'] : ['#efe2b9', '#d2bd80'];
    let s = `<defs><linearGradient id="${id}p" x1="0" y1="0" x2="22" y2="0" spreadMethod="repeat" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${media[0]}"/><stop offset=".5" stop-color="${media[1]}"/><stop offset="1" stop-color="${media[0]}"/></linearGradient></defs>`;
    s += `<g transform="rotate(-10 400 430)">`;
    s += `<rect x="170" y="288" width="460" height="300" rx="22" fill="${shade(a, 0.3)}"/>`;
    s += `<rect x="160" y="270" width="460" height="300" rx="22" fill="${a}"/>`;
    s += `<rect x="188" y="298" width="404" height="244" rx="8" fill="url(#${id}p)"/>`;
    s += `<path d="M188 420H592" stroke="${shade(a, 0.1)}" stroke-width="10"/>`;
    if (o.label) s += `<rect x="470" y="250" width="130" height="44" rx="10" fill="#fff"/>` + label(535, 282, o.label, 24, shade(a, 0.3), 800);
    return s + '</g>';
  },

  sparkPlug(a, o = {}) {
    let s = `<g transform="rotate(-32 400 410)">`;
    s += `<rect x="370" y="105" width="60" height="50" rx="10" fill="${CHROME}"/><rect x="386" y="150" width="28" height="30" fill="${STEEL}"/>`;
    s += `<path d="M352 180H448L440 380H360Z" fill="#f4f5f2"/>`;
    for (let y = 200; y < 300; y += 24) s += `<path d="M350 ${y}H450" stroke="#dadcd6" stroke-width="8"/>`;
    s += `<rect x="356" y="310" width="88" height="24" fill="${a}"/>`;
    s += `<rect x="336" y="380" width="128" height="30" rx="6" fill="${STEEL}"/>`;
    s += `<path d="M326 410H474V480H326Z" fill="${CHROME}"/><path d="M375 410V480M425 410V480" stroke="${STEEL}" stroke-width="5"/>`;
    s += `<rect x="346" y="480" width="108" height="14" fill="${STEEL}"/>`;
    s += `<rect x="352" y="494" width="96" height="130" fill="#b6bec6"/>`;
    let thread = '';
    for (let y = 502; y < 620; y += 14) thread += `M352 ${y}L448 ${y + 8}`;
    s += `<path d="${thread}" stroke="${STEEL}" stroke-width="6"/>`;
    const tip = o.tip === 'copper' ? COPPER : o.tip === 'platinum' ? '#e9ecef' : '#d0d4da';
    s += `<rect x="${o.tip === 'iridium' ? 396 : 390}" y="624" width="${o.tip === 'iridium' ? 8 : 20}" height="34" fill="${tip}"/>`;
    s += `<path d="M440 624V676H404" fill="none" stroke="${STEEL}" stroke-width="14"/>`;
    s += `<rect x="360" y="200" width="10" height="160" rx="5" fill="#fff"/>`;
    s += '</g>';
    if (o.label) s += label(250, 640, o.label, 34, shade(a, 0.25), 800);
    return s;
  },

  wiperBlade(a, o = {}) {
    const L = o.rear ? 340 : 560;
    let s = `<g transform="translate(400 430) rotate(-30)">`;
    if (o.rear) s += `<path d="M0 -10L170 -10L260 60" fill="none" stroke="${BLACK}" stroke-width="22" stroke-linejoin="round"/><circle cx="260" cy="60" r="30" fill="${DARK}"/>`;
    s += `<path d="M${-L / 2} 14H${L / 2}L${L / 2 - 10} 24H${-L / 2 + 10}Z" fill="${BLACK}"/>`;
    s += `<path d="M${-L / 2} 14Q0 -36 ${L / 2} 14Z" fill="${DARK}"/>`;
    s += `<path d="M${-L / 2 + 30} 4Q0 -28 ${L / 2 - 30} 4" fill="none" stroke="#fff" stroke-width="4" opacity=".25"/>`;
    s += `<rect x="-44" y="-30" width="88" height="40" rx="10" fill="${a}"/><rect x="-26" y="-22" width="52" height="12" rx="6" fill="${tint(a, 0.4)}"/>`;
    s += `<rect x="${-L / 2 - 6}" y="6" width="22" height="16" rx="4" fill="${shade(a, 0.2)}"/><rect x="${L / 2 - 16}" y="6" width="22" height="16" rx="4" fill="${shade(a, 0.2)}"/>`;
    s += '</g>';
    if (o.label) s += label(560, 600, o.label, 56, shade(a, 0.2), 800);
    return s;
  },

  driveBelt(a, o = {}) {
    // A ribbed serpentine belt in a loose loop, with its part-number tag.
    let s = `<path d="M190 430C170 290 320 220 460 240C610 260 660 360 620 460C580 560 430 600 300 580C230 570 198 500 190 430Z" fill="none" stroke="${BLACK}" stroke-width="46"/>`;
    s += `<path d="M190 430C170 290 320 220 460 240C610 260 660 360 620 460C580 560 430 600 300 580C230 570 198 500 190 430Z" fill="none" stroke="#3c444c" stroke-width="30" stroke-dasharray="6 10"/>`;
    s += `<path d="M235 430C225 330 330 280 450 292C570 304 600 380 574 450C545 525 430 548 320 532C262 523 240 480 235 430Z" fill="none" stroke="${BLACK}" stroke-width="36"/>`;
    s += `<path d="M235 430C225 330 330 280 450 292C570 304 600 380 574 450C545 525 430 548 320 532C262 523 240 480 235 430Z" fill="none" stroke="#3c444c" stroke-width="22" stroke-dasharray="6 10"/>`;
    s += `<path d="M560 560L600 600" stroke="${STEEL}" stroke-width="4"/>`;
    s += `<rect x="560" y="590" width="150" height="60" rx="10" fill="${a}"/><circle cx="578" cy="608" r="7" fill="${BG}"/>`;
    if (o.label) s += label(640, 632, o.label, o.label.length > 7 ? 20 : 26, '#fff', 800);
    return s;
  },
};

/** A combination spanner drawn horizontally around (0, 0): ring end at +L/2, open end at -L/2. */
function spannerShape(L, w, fill) {
  const R = w * 1.4;
  const h = L / 2;
  const ring = `${circlePath(h, 0, R)}${hexPath(h, 0, w * 0.7)}`;
  const fork =
    `M${r1(-h + R * 0.4)} ${r1(-w * 0.6)}L${r1(-h - R * 0.3)} ${r1(-R)}Q${r1(-h - R * 1.25)} ${r1(-R * 0.9)} ${r1(-h - R * 1.1)} ${r1(-w * 0.55)}` +
    `L${r1(-h - R * 0.2)} ${r1(-w * 0.55)}L${r1(-h - R * 0.2)} ${r1(w * 0.55)}L${r1(-h - R * 1.1)} ${r1(w * 0.55)}` +
    `Q${r1(-h - R * 1.25)} ${r1(R * 0.9)} ${r1(-h - R * 0.3)} ${r1(R)}L${r1(-h + R * 0.4)} ${r1(w * 0.6)}Z`;
  return (
    `<rect x="${r1(-h)}" y="${r1(-w / 2)}" width="${L}" height="${w}" rx="${r1(w / 2)}" fill="${fill}"/>` +
    `<path d="${ring}" fill-rule="evenodd" fill="${fill}"/><path d="${fork}" fill="${fill}"/>`
  );
}

/** A drawing of one product on its own 800 x 800 canvas: light background, brand-tinted backdrop, floor shadow. */
function productImage(kind, accent, opts) {
  assert(ART[kind], `no illustration called ${kind}`);
  return svgDoc(
    800,
    800,
    `<rect width="800" height="800" fill="${BG}"/><circle cx="400" cy="410" r="330" fill="${tint(accent, 0.9)}"/>` +
      `<ellipse cx="400" cy="684" rx="270" ry="24" fill="${tint(accent, 0.78)}"/>` +
      ART[kind](accent, opts, 'a'),
  );
}

/** Second gallery image: the product's retail box with the product shown through its window. */
function packImage(kind, accent, opts) {
  let s = `<rect width="800" height="800" fill="${BG}"/><ellipse cx="410" cy="680" rx="280" ry="26" fill="#e3e8ef"/>`;
  s += `<polygon points="520,250 620,190 620,600 520,660" fill="${shade(accent, 0.25)}"/>`;
  s += `<polygon points="180,250 280,190 620,190 520,250" fill="${tint(accent, 0.3)}"/>`;
  s += `<rect x="180" y="250" width="340" height="410" fill="${accent}"/>`;
  s += `<defs><clipPath id="win"><rect x="205" y="280" width="290" height="290" rx="14"/></clipPath></defs>`;
  s += `<rect x="205" y="280" width="290" height="290" rx="14" fill="#fff"/>`;
  s += `<g clip-path="url(#win)"><g transform="translate(157 218) scale(.48)">${ART[kind](accent, opts, 'b')}</g></g>`;
  s += `<rect x="180" y="600" width="340" height="60" fill="${shade(accent, 0.3)}"/>`;
  s += `<path d="M205 630H380" stroke="${tint(accent, 0.5)}" stroke-width="10" stroke-linecap="round"/>`;
  if (opts.label) s += label(490, 642, opts.label, 28, '#fff', 700, 'end');
  return svgDoc(800, 800, s);
}

// ---------------------------------------------------------------------------------------------------------
// Store, brands and categories
// ---------------------------------------------------------------------------------------------------------

const STORE_NAME = 'Southside Auto Parts';

/** Invented brands. `color` drives the logo and every illustration of the brand's products. */
const BRANDS = {
  voltcore: { title: 'Voltcore', color: '#1565c0', dark: '#0b3575', emblem: 'circle', glyph: 'bolt', tagline: 'Starting power for Australian roads' },
  bluegum: { title: 'Bluegum Batteries', color: '#2a9d8f', dark: '#14534c', emblem: 'shield', glyph: 'leaf', tagline: 'Deep-cycle power, built for the bush' },
  sca: { title: 'Southern Cross Auto', color: '#283593', dark: '#111a4d', emblem: 'circle', glyph: 'stars', tagline: 'Everyday parts at honest prices' },
  brightline: { title: 'Brightline', color: '#f2b705', dark: '#8a5a00', emblem: 'hex', glyph: 'sun', tagline: 'See more of the road ahead' },
  kestrel: { title: 'Kestrel Lighting', color: '#7b2cbf', dark: '#3c096c', emblem: 'diamond', glyph: 'beam', tagline: 'Sharp light for night drives' },
  torqmax: { title: 'Torqmax', color: '#d62828', dark: '#7a1010', emblem: 'hex', glyph: 'gear', tagline: 'Workshop tools with serious torque' },
  redgum: { title: 'Redgum Tools', color: '#8c4a2f', dark: '#4f2516', emblem: 'shield', glyph: 'spanner', tagline: 'Hand tools as tough as hardwood' },
  gripwell: { title: 'Gripwell', color: '#f77f00', dark: '#8a3f00', emblem: 'roundsq', glyph: 'nut', tagline: 'Wheel nuts that stay put' },
  ironbark: { title: 'Ironbark', color: '#546e7a', dark: '#263238', emblem: 'shield', glyph: 'tree', tagline: 'Heavy-duty lifting and fitting gear' },
  coastguard: { title: 'Coastguard Covers', color: '#0096c7', dark: '#023e8a', emblem: 'circle', glyph: 'wave', tagline: 'Cover up against sun, salt and hail' },
  harbourline: { title: 'Harbourline', color: '#2d6a4f', dark: '#173a2a', emblem: 'roundsq', glyph: 'sail', tagline: 'Smart protection for every vehicle' },
  dingo: { title: 'Dingo Tow', color: '#e63b7a', dark: '#8c1c47', emblem: 'roundsq', glyph: 'hook', tagline: 'Load it, strap it, tow it' },
  outback: { title: 'Outback Gear', color: '#8a7a2e', dark: '#4a3f12', emblem: 'hex', glyph: 'mountain', tagline: 'Built for the long way round' },
  shinewell: { title: 'Shinewell', color: '#7cb518', dark: '#3f5e08', emblem: 'circle', glyph: 'sparkle', tagline: 'Showroom shine, made simple' },
  saltbush: { title: 'Saltbush Interiors', color: '#b5838d', dark: '#6d4850', emblem: 'diamond', glyph: 'sprig', tagline: 'Comfortable, hard-wearing cabins' },
  magpie: { title: 'Magpie Mounts', color: '#b5179e', dark: '#5c0b50', emblem: 'circle', glyph: 'bird', tagline: 'Hold your phone, keep your eyes up' },
  brolga: { title: 'Brolga Brakes', color: '#c44536', dark: '#6e1f17', emblem: 'circle', glyph: 'disc', tagline: 'Stopping power for every load' },
  mulga: { title: 'Mulga Filters', color: '#3d5a80', dark: '#1b2a3d', emblem: 'shield', glyph: 'pleats', tagline: 'Clean air, clean oil, clean fuel' },
  lyrebird: { title: 'Lyrebird Lubricants', color: '#c08a1e', dark: '#6b4b0c', emblem: 'roundsq', glyph: 'drop', tagline: 'Oils and fluids for Australian conditions' },
  firetail: { title: 'Firetail Ignition', color: '#6d597a', dark: '#3a2e42', emblem: 'hex', glyph: 'spark', tagline: 'A clean spark, every cycle' },
  wagtail: { title: 'Wagtail Wipers', color: '#264653', dark: '#10232a', emblem: 'diamond', glyph: 'wiper', tagline: 'Clear screens in any weather' },
};

const html = (intro, specs, fit) => `<p>${intro}</p><ul>${specs.map((x) => `<li>${x}</li>`).join('')}</ul><p>${fit}</p>`;
const strong = (name) => `<strong>${esc(name)}</strong>`;

/** A simple product: SKU, name, brand key, regular price (AUD), weight (kg), and per-type fields. */
const P = (sku, name, brand, price, kg, x = {}) => ({ sku, name, brand, price, kg, ...x });
/** A variable product: options are [option, sku, price, kg, art options]. */
const V = (sku, name, brand, x, options) => ({ sku, name, brand, variable: true, ...x, options });

const TECH = {
  MF: ['sealed, maintenance-free calcium', 'maintenance-free'],
  EFB: ['enhanced flooded (EFB) start-stop', 'EFB start-stop'],
  AGM: ['absorbent glass mat (AGM) start-stop', 'AGM start-stop'],
};

const globeIntro = (p) =>
  ({
    standard: `The ${strong(p.name)} ${p.pack === 2 ? 'are direct-replacement halogen globes' : 'is a direct-replacement halogen globe'} made to ECE specifications for a sharp, legal beam pattern.`,
    plus: `The ${strong(p.name)} put up to ${p.plus}% more light on the road than standard globes, so you pick up signs, wildlife and hazards sooner.`,
    white: `The ${strong(p.name)} give a crisp ${p.kelvin}K white light that suits modern cars while staying road legal.`,
    longlife: `The ${strong(p.name)} are engineered to last up to twice as long as standard halogen globes, cutting down on roadside replacements.`,
  })[p.v ?? 'standard'];

/**
 * The catalog: top categories in the order they first appear in the CSV, each with child categories.
 * A child's `tpl` writes the copy from a product's fields unless the product brings its own `d` and `short`.
 */
const CATALOG = [
  {
    title: 'Batteries',
    color: '#1565c0',
    thumb: ['battery', 'voltcore', { label: 'NS70', sub: '680 CCA' }],
    children: [
      {
        title: 'Car Batteries',
        tags: ['car battery', 'starting battery', 'maintenance free battery', 'MF battery'],
        extraTags: (p) => [p.group, `${p.cca} CCA`],
        art: (p) => ['battery', { label: p.group, sub: `${p.cca} CCA` }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} is a ${TECH[p.tech][0]} starting battery built for Australian heat, with ${p.cca} cold cranking amps for confident starts.`,
          specs: [`Group size: <strong>${p.group}</strong>`, `CCA ${p.cca} / ${p.ah}Ah / reserve capacity ${p.rc} min`, `${p.warr}-month nationwide warranty`, 'Supplied charged and ready to fit'],
          fit: `${p.fit} Check your old battery's group size and terminal positions before ordering.`,
          short: `${p.group} ${TECH[p.tech][1]} car battery with ${p.cca} CCA and a ${p.warr}-month warranty.`,
        }),
        products: [
          P('VC-NS40-330', 'Voltcore NS40ZL Car Battery 330CCA', 'voltcore', 139.95, 9.8, { group: 'NS40ZL', cca: 330, ah: 35, rc: 55, warr: 18, tech: 'MF', fit: 'Suits many small hatchbacks and light cars with a compact NS40 tray.', pn: ['NS40ZL', '38B19L', '28800-21050'] }),
          P('VC-NS60-500', 'Voltcore NS60 Car Battery 500CCA', 'voltcore', 169.95, 12.6, { group: 'NS60', cca: 500, ah: 45, rc: 80, warr: 18, tech: 'MF', fit: 'A popular fit for small to mid-size Japanese and Korean sedans.', pn: ['NS60', '46B24R', '28800-0T030'] }),
          P('VC-NS70-680', 'Voltcore NS70 Car Battery 680CCA', 'voltcore', 219.95, 17.6, { group: 'NS70', cca: 680, ah: 65, rc: 110, warr: 24, tech: 'MF', fit: 'Suits most mid-size sedans, utes and SUVs that take an NS70.', pn: ['NS70', '80D26R', '28800-0T060'] }),
          P('VC-DIN65-680', 'Voltcore DIN65 European Car Battery 680CCA', 'voltcore', 259.0, 18.1, { group: 'DIN65', cca: 680, ah: 65, rc: 115, warr: 24, tech: 'MF', fit: 'Designed for European vehicles with a low-profile DIN tray and bottom hold-down ledge.', pn: ['DIN65', 'LN3', '5K0-915-105-K'] }),
          P('VC-DIN66-EFB', 'Voltcore DIN66 EFB Start-Stop Battery 680CCA', 'voltcore', 289.0, 18.4, { group: 'DIN66', cca: 680, ah: 66, rc: 110, warr: 24, tech: 'EFB', fit: 'For vehicles with idle start-stop that left the factory with an EFB battery.', pn: ['DIN66', 'LN3 EFB', '5Q0-915-105-H'] }),
          P('BG-NS70-650', 'Bluegum NS70 Maintenance-Free Battery 650CCA', 'bluegum', 199.95, 17.2, { group: 'NS70', cca: 650, ah: 65, rc: 105, warr: 24, tech: 'MF', fit: 'A reliable replacement for family sedans and light utes with an NS70 tray.', pn: ['NS70', '80D26R', '28800-0T061'] }),
          P('BG-DIN53-540', 'Bluegum DIN53 European Battery 540CCA', 'bluegum', 229.95, 14.9, { group: 'DIN53', cca: 540, ah: 53, rc: 90, warr: 24, tech: 'MF', fit: 'Suits compact European hatchbacks with a DIN53 battery tray.', pn: ['DIN53', 'LN1', '37110-A6130'] }),
          P('BG-55D23-580', 'Bluegum 55D23L Car Battery 580CCA', 'bluegum', 189.0, 15.4, { group: '55D23L', cca: 580, ah: 60, rc: 100, warr: 18, tech: 'MF', fit: 'Fits many Japanese SUVs and people movers with a 55D23 tray.', pn: ['55D23L', '75D23L', 'KD47-18-520'] }),
          P('BG-DIN85-AGM', 'Bluegum DIN85 AGM Start-Stop Battery 850CCA', 'bluegum', 389.0, 23.8, { group: 'DIN85', cca: 850, ah: 85, rc: 160, warr: 24, tech: 'AGM', fit: 'Made for larger European vehicles with full start-stop and brake energy recovery.', pn: ['DIN85', 'LN4 AGM', 'JB3T-10655-AG'] }),
          P('SCA-N50-620', 'Southern Cross Auto N50ZZ Battery 620CCA', 'sca', 209.0, 16.8, { group: 'N50ZZ', cca: 620, ah: 60, rc: 100, warr: 12, tech: 'MF', fit: 'A budget-friendly fit for older Australian-built sedans and wagons.', pn: ['N50ZZ', '75D26L', 'FG10-655-A'] }),
        ],
      },
      {
        title: '4WD & Deep Cycle',
        tags: ['4WD battery', 'deep cycle battery', 'auxiliary battery', 'dual battery', 'camping battery'],
        extraTags: (p) => [p.chem === 'LFP' ? 'lithium' : p.chem === 'AGM' ? 'AGM' : p.group, `${p.ah}Ah`],
        art: (p) => ['battery', { deep: true, label: p.group ?? `${p.ah}Ah`, sub: p.chem === 'LFP' ? 'LiFePO4' : p.chem === 'AGM' ? 'AGM' : `${p.cca} CCA` }],
        tpl: (p) =>
          ({
            DUAL: {
              intro: `The ${strong(p.name)} combines ${p.cca} cold cranking amps with thicker plates that tolerate accessory loads and corrugated roads.`,
              specs: [`Group size: <strong>${p.group}</strong>`, `CCA ${p.cca} / ${p.ah}Ah`, 'Vibration-resistant plate design', '24-month nationwide warranty'],
              short: `${p.group} dual-purpose 4WD battery with ${p.cca} CCA and ${p.ah}Ah capacity.`,
            },
            AGM: {
              intro: `The ${strong(p.name)} is a sealed, spill-proof deep cycle battery that delivers steady power to fridges, lights and water pumps.`,
              specs: [`${p.ah}Ah at the 20-hour rate`, `Up to ${p.cycles} cycles at 50% depth of discharge`, 'Mount upright or on its side', '24-month warranty'],
              short: `${p.ah}Ah sealed AGM deep cycle battery for camping, caravans and dual-battery systems.`,
            },
            LFP: {
              intro: `The ${strong(p.name)} uses lithium iron phosphate cells with a built-in battery management system for safe, long-life power.`,
              specs: [`${p.ah}Ah, 12.8V nominal`, `${p.cycles}+ cycles at 80% depth of discharge`, 'Built-in BMS with low-temperature charge cut-off', '24-month warranty'],
              short: `${p.ah}Ah lithium LiFePO4 deep cycle battery at less than half the weight of AGM.`,
            },
          })[p.chem],
        products: [
          P('VC-N70ZZ-DUAL', 'Voltcore N70ZZ 4WD Dual Purpose Battery 720CCA', 'voltcore', 279.0, 22.5, { chem: 'DUAL', group: 'N70ZZ', cca: 720, ah: 80, fit: 'Built for 4WDs and utes that need strong starts plus reserve for a winch or lights.', pn: ['N70ZZ', '95D31R', '28800-0L090'] }),
          P('VC-N80-4WD', 'Voltcore N80 Heavy-Duty 4WD Battery 800CCA', 'voltcore', 299.0, 24.6, { chem: 'DUAL', group: 'N80', cca: 800, ah: 90, fit: 'Suits large diesel 4WD wagons and utes with an N80 tray.', pn: ['N80', '105D31R', '28800-0L140'] }),
          P('VC-DC120-AGM', 'Voltcore 120Ah AGM Deep Cycle Battery', 'voltcore', 399.0, 31.5, { chem: 'AGM', ah: 120, cycles: 600, fit: 'Ideal for caravans, camper trailers and dual-battery systems.' }),
          P('BG-DC100-AGM', 'Bluegum 100Ah AGM Deep Cycle Battery', 'bluegum', 329.0, 28.2, { chem: 'AGM', ah: 100, cycles: 600, fit: 'A dependable house battery for camper trailers and fridges on weekend trips.' }),
          P('BG-DC75-AGM', 'Bluegum 75Ah AGM Deep Cycle Battery', 'bluegum', 259.0, 22.0, { chem: 'AGM', ah: 75, cycles: 500, fit: 'Sized for small campers, tinnies and portable solar set-ups.' }),
          P('BG-LFP100', 'Bluegum 100Ah Lithium LiFePO4 Deep Cycle Battery', 'bluegum', 599.0, 11.8, { chem: 'LFP', ah: 100, cycles: 3000, fit: 'Light enough for canopies and drawer systems; pair it with a DC-DC charger that has a lithium profile.' }),
          P('OG-DC105-SLIM', 'Outback Gear 105Ah Slimline AGM Battery', 'outback', 449.0, 29.0, { chem: 'AGM', ah: 105, cycles: 550, fit: 'The slim 105mm-wide case fits behind ute seats and in narrow canopy drawers.' }),
        ],
      },
      {
        title: 'Jump Starters & Chargers',
        tags: ['jump starter', 'jump pack', 'battery charger', 'booster', 'flat battery'],
        products: [
          P('VC-JS1000', 'Voltcore 1000A Lithium Jump Starter', 'voltcore', 139.0, 0.9, {
            art: ['jumpStarter', { label: '1000A' }],
            d: ['Start a flat battery without a second car: the ' + strong('Voltcore 1000A Lithium Jump Starter') + ' packs 1000 peak amps into a glovebox-sized case.', ['Suits petrol engines up to 6.0L and diesels up to 3.0L', 'Reverse-polarity and spark protection', 'USB-C charging plus a built-in LED torch'], 'Recharges from any USB-C charger and holds its charge for months in the glovebox.'],
            short: 'Pocket-sized 1000A lithium jump starter with smart clamps and USB-C charging.',
          }),
          P('VC-JS2000', 'Voltcore 2000A Jump Starter Power Bank', 'voltcore', 199.0, 1.3, {
            art: ['jumpStarter', { label: '2000A' }],
            d: ['With 2000 peak amps, the ' + strong('Voltcore 2000A Jump Starter Power Bank') + ' handles V8 petrol engines and diesel utes with ease.', ['Petrol up to 8.0L, diesel up to 6.0L', '20,000mAh power bank with 60W USB-C PD', 'Smart clamps with boost mode for very flat batteries'], 'Doubles as a phone and laptop charger at the campsite.'],
            short: '2000A jump starter and 20,000mAh power bank for petrol and diesel engines.',
          }),
          P('OG-JS3000', 'Outback Gear 3000A 4WD Jump Starter', 'outback', 279.0, 2.1, {
            art: ['jumpStarter', { label: '3000A' }],
            d: ['The ' + strong('Outback Gear 3000A 4WD Jump Starter') + ' is built for big diesels and remote tracks, in a rugged IP65 case.', ['3000 peak amps for diesels up to 8.0L', 'IP65 dust and water resistance', '12V accessory socket and two USB outputs'], 'Heavy-gauge leads and all-metal clamps cope with 4WD battery terminals and cold mornings.'],
            short: 'Rugged 3000A jump starter for large diesel 4WDs, rated IP65.',
          }),
          V('BG-CHG', 'Bluegum Smart Battery Charger', 'bluegum', {
            art: ['charger', { label: '4A/8A' }],
            d: ['The ' + strong('Bluegum Smart Battery Charger') + ' runs an eight-stage charge that recovers, charges and then maintains 12V batteries safely.', ['Suits lead-acid, AGM, EFB and calcium batteries', 'Winter mode and recondition mode', 'Spark-proof clamps and reverse-polarity protection'], 'Choose 4A for cars and motorbikes, or 8A for 4WDs and deep cycle batteries up to 160Ah.'],
            short: 'Eight-stage 12V smart battery charger in 4A or 8A.',
          }, [
            ['4A', 'BG-CHG-4A', 69.95, 1.1, { label: '4A' }],
            ['8A', 'BG-CHG-8A', 99.95, 1.6, { label: '8A' }],
          ]),
          P('VC-CHG-15A', 'Voltcore 15A 12/24V Smart Battery Charger', 'voltcore', 189.0, 2.4, {
            art: ['charger', { label: '15A' }],
            d: ['The ' + strong('Voltcore 15A Smart Battery Charger') + ' charges 12V and 24V batteries, including lithium LiFePO4, from one compact unit.', ['15A at 12V, 7.5A at 24V', 'Lithium, AGM, gel and flooded profiles', 'Temperature-compensated charging'], 'Ideal for workshops, trucks and caravans with big battery banks.'],
            short: '15A smart charger for 12V and 24V lead-acid and lithium batteries.',
          }),
          P('SCA-TRK-2A', 'Southern Cross Auto 2A Battery Maintainer', 'sca', 49.95, 0.6, {
            art: ['charger', { label: '2A' }],
            d: ['Keep a seldom-used car, bike or boat ready to go with the ' + strong('Southern Cross Auto 2A Battery Maintainer') + '.', ['2A charge, then float maintenance', 'Suits 12V batteries from 5 to 60Ah', 'Clamps plus ring-terminal leads included'], 'Leave it connected for months; it only tops up when the battery needs it.'],
            short: '2A battery maintainer that keeps stored vehicles ready to start.',
          }),
          P('SCA-JL-400', 'Southern Cross Auto 400A Heavy-Duty Jumper Leads 3.5m', 'sca', 54.95, 2.2, {
            art: ['leads', {}],
            d: ['The ' + strong('Southern Cross Auto 400A Jumper Leads') + ' have thick copper-clad cable and a full 3.5m reach between cars.', ['400A rated, 3.5m length', 'Fully insulated clamps with copper jaws', 'Storage bag included'], 'Long enough to reach nose-to-tail when parked in a tight driveway.'],
            short: '400A jumper leads with 3.5m of heavy-duty cable.',
          }),
          P('OG-DCDC-25', 'Outback Gear 25A DC-DC Battery Charger', 'outback', 249.0, 1.2, {
            art: ['charger', { label: '25A' }],
            d: ['The ' + strong('Outback Gear 25A DC-DC Battery Charger') + ' charges your auxiliary battery properly from a smart alternator while you drive.', ['25A output, 12V in and out', 'Built-in MPPT solar input', 'AGM, calcium and lithium profiles'], 'Mount it close to the auxiliary battery, under the bonnet or in the canopy.'],
            short: '25A DC-DC charger with MPPT solar input for dual-battery systems.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Headlights & Torches',
    color: '#f2b705',
    thumb: ['globe', 'brightline', { label: 'H4', twin: true }],
    children: [
      {
        title: 'Headlight Globes',
        tags: ['headlamp', 'headlight bulb', 'globe', 'halogen', 'headlight'],
        extraTags: (p) => [p.code, ...(p.alt ? p.alt.split(' / ') : [])],
        art: (p) => ['globe', { label: p.code, twin: p.code === 'H4', white: p.v === 'white', tip: p.v === 'plus' ? '#a5b1bd' : undefined }],
        tpl: (p) => ({
          intro: globeIntro(p),
          specs: [`Fitting: <strong>${p.code}</strong>${p.alt ? ` (${p.alt})` : ''}`, `${p.watts} ${p.volts ?? 12}V`, p.pack === 2 ? 'Sold as a pair' : 'Sold individually', 'Road legal for on-road use'],
          fit: `Check the marking on your old globe's base or your owner's manual for the ${p.code} fitting before ordering. Replace globes in pairs for even light output.`,
          short: `${p.code} ${p.watts} ${p.volts ?? 12}V halogen ${p.pack === 2 ? 'headlight globes, sold as a pair' : 'globe'}.`,
        }),
        products: [
          P('BL-H4-6055', 'Brightline H4 Halogen Headlight Globes 60/55W 12V (Pair)', 'brightline', 24.95, 0.1, { code: 'H4', alt: '9003 / HB2', watts: '60/55W', pack: 2, pn: ['H4', '9003', 'HB2', '90981-13047'] }),
          P('BL-H4-PLUS150', 'Brightline H4 Plus 150 Headlamp Globes 60/55W (Pair)', 'brightline', 49.95, 0.1, { code: 'H4', alt: '9003 / HB2', watts: '60/55W', pack: 2, v: 'plus', plus: 150, pn: ['H4', '9003', 'HB2', '90981-13047'] }),
          P('KL-H4-LL', 'Kestrel H4 Long Life Headlight Globes 60/55W (Pair)', 'kestrel', 29.95, 0.1, { code: 'H4', alt: '9003 / HB2', watts: '60/55W', pack: 2, v: 'longlife', pn: ['H4', '9003', 'HB2', '90981-13047'] }),
          P('SCA-H4-24V', 'Southern Cross Auto H4 24V Truck Headlamp Globe 75/70W', 'sca', 19.95, 0.06, { code: 'H4', watts: '75/70W', volts: 24, pack: 1, pn: ['H4 24V', '13342'] }),
          P('BL-H7-55', 'Brightline H7 Halogen Headlight Globes 55W 12V (Pair)', 'brightline', 26.95, 0.08, { code: 'H7', watts: '55W', pack: 2, pn: ['H7', '90981-13057'] }),
          P('BL-H7-WHITE', 'Brightline H7 Ultra White Headlamp Globes 4200K (Pair)', 'brightline', 44.95, 0.08, { code: 'H7', watts: '55W', pack: 2, v: 'white', kelvin: 4200, pn: ['H7', '90981-13057'] }),
          P('KL-H7-PLUS130', 'Kestrel H7 Plus 130 Headlight Globes 55W (Pair)', 'kestrel', 46.95, 0.08, { code: 'H7', watts: '55W', pack: 2, v: 'plus', plus: 130, pn: ['H7', '90981-13057'] }),
          P('KL-H11-55', 'Kestrel H11 Halogen Globes 55W 12V (Pair)', 'kestrel', 29.95, 0.08, { code: 'H11', watts: '55W', pack: 2, pn: ['H11', '90981-13092'] }),
          P('KL-HB3-60', 'Kestrel HB3 9005 High Beam Globes 60W (Pair)', 'kestrel', 32.95, 0.08, { code: 'HB3', alt: '9005', watts: '60W', pack: 2, pn: ['HB3', '9005', '90981-13072'] }),
          P('KL-HB4-51', 'Kestrel HB4 9006 Low Beam Globes 51W (Pair)', 'kestrel', 32.95, 0.08, { code: 'HB4', alt: '9006', watts: '51W', pack: 2, pn: ['HB4', '9006', '90981-13083'] }),
          P('KL-H1-55', 'Kestrel H1 Halogen Globes 55W 12V (Pair)', 'kestrel', 21.95, 0.07, { code: 'H1', watts: '55W', pack: 2, pn: ['H1', '90981-13041'] }),
          P('BL-H3-55', 'Brightline H3 Fog Light Globe 55W 12V', 'brightline', 14.95, 0.04, { code: 'H3', watts: '55W', pack: 1, pn: ['H3', '90981-13036'] }),
        ],
      },
      {
        title: 'LED Conversion Kits',
        tags: ['LED headlight', 'LED headlamp', 'LED globe', 'conversion kit', 'LED bulb'],
        extraTags: (p) => [p.code.split(' ')[0], `${p.kelvin}K`],
        art: () => ['ledKit', {}],
        tpl: (p) => ({
          intro: `Upgrade tired halogens with the ${strong(p.name)}: a plug-and-play LED conversion producing ${p.lumens.toLocaleString('en-AU')} lumens per pair at a clean ${p.kelvin}K.`,
          specs: [`Fitting: <strong>${p.code}</strong>`, `${p.watts}W per globe, 9-32V input`, `${p.kelvin}K cool white`, p.canbus ? 'CANbus decoder built in - no dash warning lights' : 'Fan-cooled aluminium heat sink'],
          fit: 'Suits projector and reflector housings; allow about 60mm behind the headlight for the heat sink. LED conversions are not road legal in every state, so check local rules before fitting.',
          short: `${p.code.split(' ')[0]} LED headlight conversion kit, ${p.kelvin}K, ${p.lumens.toLocaleString('en-AU')} lumens per pair.`,
        }),
        products: [
          P('KL-LED-H4', 'Kestrel H4 LED Headlight Conversion Kit 6500K', 'kestrel', 119.0, 0.45, { code: 'H4 (high/low)', lumens: 8000, kelvin: 6500, watts: 30 }),
          P('KL-LED-H7', 'Kestrel H7 LED Headlight Conversion Kit 6500K', 'kestrel', 119.0, 0.42, { code: 'H7', lumens: 8000, kelvin: 6500, watts: 30 }),
          P('KL-LED-H11', 'Kestrel H11 LED Fog and Headlight Kit 6000K', 'kestrel', 109.0, 0.42, { code: 'H11', lumens: 7000, kelvin: 6000, watts: 25 }),
          P('BL-LED-HB3', 'Brightline HB3 9005 LED Headlamp Kit 6000K', 'brightline', 129.0, 0.44, { code: 'HB3 (9005)', lumens: 9000, kelvin: 6000, watts: 32 }),
          P('BL-LED-HB4', 'Brightline HB4 9006 LED Headlamp Kit 6000K', 'brightline', 129.0, 0.44, { code: 'HB4 (9006)', lumens: 9000, kelvin: 6000, watts: 32 }),
          P('BL-LED-H4-PRO', 'Brightline H4 Pro LED Headlamp Kit CANbus 12-24V', 'brightline', 169.0, 0.5, { code: 'H4 (high/low)', lumens: 11000, kelvin: 6000, watts: 40, canbus: true }),
        ],
      },
      {
        title: 'Torches & Work Lights',
        tags: ['torch', 'flashlight', 'work light', 'inspection light', 'LED'],
        products: [
          P('KL-TRCH-1200', 'Kestrel 1200 Lumen Rechargeable LED Torch', 'kestrel', 69.95, 0.25, {
            art: ['torch', {}],
            d: ['The ' + strong('Kestrel 1200 Lumen Torch') + ' throws a focused beam over 250 metres from a compact aluminium body.', ['1200 lumens, 250m beam distance', 'USB-C rechargeable 21700 cell', 'IPX7 waterproof, five modes including strobe'], 'A solid choice for the glovebox, the shed or the campsite.'],
            short: 'Rechargeable 1200 lumen aluminium LED torch with a 250m beam.',
          }),
          P('KL-TRCH-300', 'Kestrel Pocket LED Torch 300 Lumen', 'kestrel', 24.95, 0.08, {
            art: ['torch', { pocket: true }],
            d: ['Small enough for a key ring, the ' + strong('Kestrel Pocket LED Torch') + ' is always there when you drop a bolt under the car.', ['300 lumens, three modes', 'Runs on one AA battery', 'Pocket clip and tail switch'], 'Battery included.'],
            short: 'Pocket-sized 300 lumen LED torch that runs on one AA battery.',
          }),
          P('BL-HLAMP-500', 'Brightline 500 Lumen Rechargeable LED Headlamp', 'brightline', 39.95, 0.12, {
            art: ['headTorch', {}],
            tags: ['headlamp', 'head torch'],
            d: ['Keep both hands free under the bonnet with the ' + strong('Brightline 500 Lumen Headlamp') + ', which tilts 45 degrees to point where you are working.', ['500 lumens spot and flood modes', 'Red night-vision mode', 'USB-C rechargeable, up to 30 hours on low'], 'The soft elastic band fits comfortably over a cap or helmet.'],
            short: 'Rechargeable 500 lumen LED headlamp with a tilting head and red light mode.',
          }),
          P('KL-WL-20W', 'Kestrel 20W Rechargeable LED Work Light', 'kestrel', 59.95, 1.1, {
            art: ['workLight', {}],
            d: ['The ' + strong('Kestrel 20W Work Light') + ' floods a garage floor or campsite with 2000 lumens of even light.', ['2000 lumens, three brightness levels', 'Folding stand and carry handle', 'Doubles as a USB power bank'], 'Runs up to six hours on high from its built-in battery.'],
            short: 'Rechargeable 2000 lumen LED work light with folding stand.',
          }),
          P('OG-WL-36W', 'Outback Gear 36W LED Work Light 12/24V', 'outback', 49.95, 0.9, {
            art: ['workLight', {}],
            d: ['Bolt the ' + strong('Outback Gear 36W LED Work Light') + ' to a rack, canopy or tray for bright light around camp.', ['36W, 2600 lumens, flood beam', '9-32V for cars and trucks', 'IP67 die-cast aluminium housing'], 'Supplied with a stainless mounting bracket and wiring tails.'],
            short: '36W flood-beam LED work light for 12V and 24V vehicles.',
          }),
          P('BL-WL-BONNET', 'Brightline Under-Bonnet LED Work Light Bar', 'brightline', 89.95, 1.4, {
            art: ['workLight', { bar: true }],
            d: ['The ' + strong('Brightline Under-Bonnet Work Light Bar') + ' hooks under an open bonnet and lights the whole engine bay.', ['1500 lumens from a 1.2m bar', 'Adjustable hooks from 120 to 180cm', 'Rechargeable, with magnetic end caps'], 'Rubber-coated hooks protect the paint on the bonnet lip.'],
            short: 'Rechargeable LED light bar that hooks under the bonnet.',
          }),
          P('SCA-TRCH-MAG', 'Southern Cross Auto Magnetic Inspection Torch', 'sca', 29.95, 0.2, {
            art: ['torch', { magnet: true }],
            d: ['The ' + strong('Southern Cross Auto Magnetic Inspection Torch') + ' sticks to any steel panel so light stays where you need it.', ['Magnetic base and pocket clip', 'COB side light plus spot light', 'USB-C rechargeable'], 'Handy for wheel changes on the roadside at night.'],
            short: 'Rechargeable inspection torch with a magnetic base.',
          }),
          P('OG-SPOT-2000', 'Outback Gear 2000 Lumen Rechargeable Spotlight', 'outback', 89.95, 0.9, {
            art: ['torch', { spot: true }],
            d: ['Light up a campsite or a dark paddock with the ' + strong('Outback Gear 2000 Lumen Spotlight') + '.', ['2000 lumens, 600m beam distance', 'Pistol grip with trigger switch', 'Rechargeable, 12V car charging lead included'], 'Great for checking loads and tie-downs after dark.'],
            short: 'Handheld 2000 lumen rechargeable spotlight with a 600m beam.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Wheel & Lock Nuts',
    color: '#f77f00',
    thumb: ['lockNuts', 'gripwell', {}],
    children: [
      {
        title: 'Wheel Nuts',
        tags: ['wheel nuts', 'lug nuts', 'tyre nuts', 'wheel fasteners'],
        extraTags: (p) => [p.thread],
        art: (p) => ['wheelNuts', { finish: p.finish, key: p.key }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} are ${{ chrome: 'chrome-plated steel', black: 'black-coated steel', color: 'anodised', zinc: 'zinc-plated steel' }[p.finish]} wheel nuts with a ${p.seat} seat, heat-treated for correct clamping force.`,
          specs: [`Thread: <strong>${p.thread}</strong>`, `Seat: ${p.seat}`, `Hex: ${p.hex}`, `Pack of ${p.count}`],
          fit: "Match both the thread and the seat type to your wheels, as alloy and steel wheels often need different nuts. Torque to the vehicle maker's figure and re-check after 100km.",
          short: `Pack of ${p.count} ${p.thread} wheel nuts with a ${p.seat} seat.`,
        }),
        products: [
          P('GW-WN-M12150-20', 'Gripwell Chrome Wheel Nuts M12x1.5 (20 Pack)', 'gripwell', 34.95, 1.0, { thread: 'M12x1.5', seat: '60° taper', hex: '19mm', count: 20, finish: 'chrome' }),
          P('GW-WN-M12125-20', 'Gripwell Chrome Wheel Nuts M12x1.25 (20 Pack)', 'gripwell', 34.95, 1.0, { thread: 'M12x1.25', seat: '60° taper', hex: '19mm', count: 20, finish: 'chrome' }),
          P('GW-WN-M14150-24', 'Gripwell Black Wheel Nuts M14x1.5 (24 Pack)', 'gripwell', 49.95, 1.5, { thread: 'M14x1.5', seat: '60° taper', hex: '22mm', count: 24, finish: 'black' }),
          P('GW-WN-SPLINE-M12', 'Gripwell Spline Drive Tuner Nuts M12x1.5 with Key (20)', 'gripwell', 59.95, 0.9, { thread: 'M12x1.5', seat: '60° taper', hex: '7-spline (key included)', count: 20, finish: 'color', key: true }),
          P('GW-WN-ALLOY-RED', 'Gripwell Lightweight Alloy Race Nuts M12x1.5 (20)', 'gripwell', 79.95, 0.5, { thread: 'M12x1.5', seat: '60° taper', hex: '17mm', count: 20, finish: 'color' }),
          P('IB-WN-M12150-OPEN', 'Ironbark Open-End Steel Wheel Nuts M12x1.5 (20)', 'ironbark', 29.95, 1.1, { thread: 'M12x1.5', seat: '60° taper', hex: '21mm', count: 20, finish: 'zinc' }),
          P('IB-WN-M14150-4WD', 'Ironbark 4WD Flanged Wheel Nuts M14x1.5 (24)', 'ironbark', 64.95, 1.9, { thread: 'M14x1.5', seat: 'flat with washer', hex: '22mm', count: 24, finish: 'chrome' }),
          P('IB-WN-UNF-20', 'Ironbark Tapered Wheel Nuts 1/2in UNF (20)', 'ironbark', 32.95, 1.0, { thread: '1/2in UNF', seat: '60° taper', hex: '13/16in', count: 20, finish: 'chrome' }),
        ],
      },
      {
        title: 'Locking Wheel Nuts',
        tags: ['locking wheel nuts', 'lock nuts', 'anti-theft', 'wheel locks', 'security nuts'],
        extraTags: (p) => [p.thread],
        art: (p) => ['lockNuts', { bolts: p.bolts }],
        tpl: (p) => ({
          intro: `Protect your wheels and tyres with the ${strong(p.name)}. Each set includes four locking ${p.bolts ? 'bolts' : 'nuts'} and a uniquely coded key, so only you can remove them.`,
          specs: [`Thread: <strong>${p.thread}</strong>`, `Seat: ${p.seat}`, `4 locking ${p.bolts ? 'bolts' : 'nuts'} + 1 coded key`, 'Hardened, free-spinning anti-drill collar'],
          fit: 'Fit one per wheel and keep the key in the glovebox. A registration card is included for ordering replacement keys.',
          short: `Set of four ${p.thread} locking wheel ${p.bolts ? 'bolts' : 'nuts'} with a coded key.`,
        }),
        products: [
          P('GW-LN-M12150', 'Gripwell Locking Wheel Nut Set M12x1.5', 'gripwell', 44.95, 0.4, { thread: 'M12x1.5', seat: '60° taper' }),
          P('GW-LN-M12125', 'Gripwell Locking Wheel Nut Set M12x1.25', 'gripwell', 44.95, 0.4, { thread: 'M12x1.25', seat: '60° taper' }),
          P('GW-LN-M14150', 'Gripwell Locking Wheel Nut Set M14x1.5', 'gripwell', 49.95, 0.5, { thread: 'M14x1.5', seat: '60° taper' }),
          P('IB-LN-M14150-4WD', 'Ironbark 4WD Locking Wheel Nuts M14x1.5', 'ironbark', 59.95, 0.6, { thread: 'M14x1.5', seat: 'flat with washer' }),
          P('IB-LB-M14150', 'Ironbark Locking Wheel Bolts M14x1.5 (European)', 'ironbark', 54.95, 0.5, { thread: 'M14x1.5', seat: 'radius (ball)', bolts: true }),
          P('SCA-LN-UNF', 'Southern Cross Auto Locking Wheel Nuts 1/2in UNF', 'sca', 39.95, 0.4, { thread: '1/2in UNF', seat: '60° taper' }),
        ],
      },
      {
        title: 'Wheel Studs',
        tags: ['wheel studs', 'lug studs', 'press-in studs', 'hub studs'],
        extraTags: (p) => [p.thread],
        art: (p) => ['studs', { long: p.len > 60, count: p.count < 10 ? 4 : 5 }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} are grade 10.9 press-in studs for replacing damaged or stretched studs on hubs and rotors.`,
          specs: [`Thread: <strong>${p.thread}</strong>`, `Length: ${p.len}mm`, `Knurl diameter: ${p.knurl}mm`, `Pack of ${p.count}`],
          fit: 'Measure the knurl diameter and length of your original stud before ordering. Press studs in fully so the head sits flat against the hub flange.',
          short: `Pack of ${p.count} ${p.thread} press-in wheel studs, ${p.len}mm long.`,
        }),
        products: [
          P('IB-WS-M12150-10', 'Ironbark Press-In Wheel Studs M12x1.5 (10 Pack)', 'ironbark', 24.95, 0.5, { thread: 'M12x1.5', len: 45, knurl: 14.3, count: 10 }),
          P('IB-WS-M14150-10', 'Ironbark Press-In Wheel Studs M14x1.5 (10 Pack)', 'ironbark', 29.95, 0.7, { thread: 'M14x1.5', len: 55, knurl: 15.2, count: 10 }),
          P('IB-WS-UNF-10', 'Ironbark Wheel Studs 1/2in UNF (10 Pack)', 'ironbark', 22.95, 0.5, { thread: '1/2in UNF', len: 42, knurl: 13.5, count: 10 }),
          P('GW-WS-EXT-M12', 'Gripwell Extended Wheel Studs M12x1.5 75mm (5 Pack)', 'gripwell', 19.95, 0.4, { thread: 'M12x1.5', len: 75, knurl: 14.3, count: 5 }),
          P('GW-WS-CONV-M14', 'Gripwell Stud Conversion Kit M14x1.5 (20)', 'gripwell', 119.0, 1.6, {
            thread: 'M14x1.5', len: 80, knurl: 14.0, count: 20,
            d: ['The ' + strong('Gripwell Stud Conversion Kit') + ' converts bolt-on hubs to studs and nuts, making wheel changes quicker and kinder to threads.', ['20 x M14x1.5 screw-in studs, 80mm', '20 x open-end race nuts', 'Grade 10.9 steel with thread-locking patch'], 'Screw studs in to the hub and torque to the maker\'s bolt figure before fitting wheels.'],
            short: 'Converts M14x1.5 wheel bolts to 80mm studs and nuts; 20 of each.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Tools',
    color: '#d62828',
    thumb: ['socketSet', 'redgum', {}],
    children: [
      {
        title: 'Socket Sets',
        tags: ['socket set', 'ratchet', 'sockets', 'tool kit'],
        products: [
          P('RG-SS-94', 'Redgum Tools 94-Piece 1/4in & 1/2in Drive Socket Set', 'redgum', 149.0, 6.8, {
            art: ['socketSet', {}],
            d: ['The ' + strong('Redgum Tools 94-Piece Socket Set') + ' covers nearly every job on a modern car, from trim screws to wheel nuts.', ['1/4in and 1/2in drive, metric 4-32mm', '72-tooth ratchets, extensions and a spark plug socket', 'Chrome vanadium steel in a blow-moulded case'], 'Lifetime warranty on hand tools against manufacturing faults.'],
            short: '94-piece metric socket set with two ratchets in a carry case.',
          }),
          P('RG-SS-40', 'Redgum Tools 40-Piece 1/4in Drive Socket Set', 'redgum', 49.95, 1.6, {
            art: ['socketSet', {}],
            d: ['Compact and complete, the ' + strong('Redgum Tools 40-Piece Socket Set') + ' is made for interiors, dashboards and tight engine bays.', ['1/4in drive, metric 4-14mm', 'Bit set with hex, Phillips and Torx', 'Flex-handle screwdriver adaptor'], 'Small enough to live under a seat or in a motorbike pannier.'],
            short: '40-piece 1/4in drive socket and bit set in a compact case.',
          }),
          P('RG-SS-DEEP-38', 'Redgum Tools 22-Piece 3/8in Drive Deep Socket Set', 'redgum', 69.95, 2.2, {
            art: ['socketSet', {}],
            d: ['The ' + strong('Redgum Tools Deep Socket Set') + ' reaches nuts on long studs, exhaust clamps and shock absorbers.', ['3/8in drive, metric 8-24mm deep sockets', '72-tooth quick-release ratchet', 'Laser-etched sizes that stay readable'], 'Sockets click into a labelled rail so you can spot a missing size at a glance.'],
            short: '22-piece 3/8in drive deep socket set with quick-release ratchet.',
          }),
          P('RG-SS-24-12', 'Redgum Tools 24-Piece 1/2in Drive Socket Set', 'redgum', 79.95, 4.1, {
            art: ['socketSet', {}],
            d: ['The ' + strong('Redgum Tools 24-Piece 1/2in Socket Set') + ' handles suspension bolts, wheel nuts and other high-torque fasteners.', ['1/2in drive, metric 10-32mm', 'Two extensions and a universal joint', 'Six-point sockets to protect bolt heads'], 'A sturdy starter set for weekend mechanics.'],
            short: '24-piece 1/2in drive metric socket set for high-torque jobs.',
          }),
          P('TQ-SS-216', "Torqmax 216-Piece Mechanic's Tool Kit", 'torqmax', 349.0, 14.5, {
            art: ['socketSet', {}],
            d: ['The ' + strong("Torqmax 216-Piece Mechanic's Tool Kit") + ' puts sockets, spanners, hex keys and bits for three drive sizes in one rolling case.', ['1/4in, 3/8in and 1/2in drive, metric and imperial', '12 combination spanners 8-19mm', 'Foam-lined aluminium case with wheels'], 'Everything needed to fit out a home garage in one purchase.'],
            short: "216-piece mechanic's tool kit with three drive sizes in a rolling case.",
          }),
          P('TQ-SS-IMP-17', 'Torqmax 17-Piece 1/2in Impact Socket Set', 'torqmax', 89.95, 3.9, {
            art: ['socketSet', { impact: true }],
            d: ['The ' + strong('Torqmax Impact Socket Set') + ' is forged from chrome molybdenum steel to survive impact wrenches.', ['1/2in drive, metric 10-27mm', 'Thick-wall six-point design', 'Black phosphate finish resists rust'], 'Use with air or cordless impact wrenches up to 1000Nm.'],
            short: '17-piece chrome moly impact socket set for 1/2in impact wrenches.',
          }),
          P('TQ-SS-WHEEL-3', 'Torqmax 3-Piece Thin-Wall Wheel Nut Socket Set', 'torqmax', 29.95, 0.9, {
            art: ['socketSet', { wheel: true }],
            d: ['The ' + strong('Torqmax Thin-Wall Wheel Nut Sockets') + ' slide into tight alloy wheel holes without scratching the rim.', ['1/2in drive, 17mm, 19mm and 21mm', 'Protective nylon sleeves', 'Impact rated'], 'Colour-coded sleeves make the right size easy to grab.'],
            short: 'Set of three thin-wall wheel nut sockets with protective sleeves.',
          }),
        ],
      },
      {
        title: 'Spanners & Wrenches',
        tags: ['spanner', 'wrench', 'torque wrench', 'hand tools'],
        products: [
          P('RG-SP-COMBO-14', 'Redgum Tools 14-Piece Combination Spanner Set 8-24mm', 'redgum', 79.95, 3.2, {
            art: ['spannerSet', {}],
            d: ['The ' + strong('Redgum Tools 14-Piece Spanner Set') + ' pairs an open end and a 12-point ring on every spanner.', ['Metric 8-24mm', '15-degree offset ring ends', 'Storage rack included'], 'Chrome vanadium steel with a satin finish that is easy to grip with oily hands.'],
            short: '14-piece metric combination spanner set from 8 to 24mm.',
          }),
          P('RG-SP-RATCH-12', 'Redgum Tools 12-Piece Ratcheting Spanner Set', 'redgum', 119.0, 2.6, {
            art: ['spannerSet', { ratchet: true }],
            d: ['Work faster in tight spots with the ' + strong('Redgum Tools Ratcheting Spanner Set') + ', which needs only five degrees of swing.', ['Metric 8-19mm', '72-tooth ratchet ring ends', 'Roll-up storage pouch'], 'Ideal for engine bays where a socket and ratchet will not fit.'],
            short: '12-piece ratcheting spanner set, metric 8 to 19mm.',
          }),
          P('TQ-TW-12', 'Torqmax 1/2in Drive Torque Wrench 28-210Nm', 'torqmax', 99.95, 1.9, {
            art: ['wrench', {}],
            d: ['Tighten wheel nuts and suspension bolts to the right figure with the ' + strong('Torqmax 1/2in Torque Wrench') + '.', ['1/2in drive, 28-210Nm', 'Accurate to plus or minus 4%', 'Audible click and calibration certificate'], 'Wind it back to the lowest setting after use to keep it accurate.'],
            short: '1/2in drive click-type torque wrench, 28 to 210Nm.',
          }),
          P('TQ-TW-38', 'Torqmax 3/8in Drive Torque Wrench 19-110Nm', 'torqmax', 89.95, 1.3, {
            art: ['wrench', {}],
            d: ['The ' + strong('Torqmax 3/8in Torque Wrench') + ' suits spark plugs, sump plugs and other smaller fasteners.', ['3/8in drive, 19-110Nm', 'Accurate to plus or minus 4%', 'Storage case included'], 'Supplied with a calibration certificate.'],
            short: '3/8in drive click-type torque wrench, 19 to 110Nm.',
          }),
          P('IB-WB-CROSS', 'Ironbark Heavy-Duty Cross Wheel Brace 17-23mm', 'ironbark', 34.95, 2.3, {
            art: ['brace', {}],
            d: ['Far stronger than the tool in your boot, the ' + strong('Ironbark Cross Wheel Brace') + ' breaks tight wheel nuts loose with two hands.', ['17, 19, 21 and 23mm sockets', '400mm arms for extra leverage', 'Forged steel, black powder coat'], 'Fits most passenger cars, utes and 4WDs.'],
            short: 'Four-way cross wheel brace with 17, 19, 21 and 23mm sockets.',
          }),
          P('RG-AJ-250', 'Redgum Tools 250mm Adjustable Wrench', 'redgum', 24.95, 0.5, {
            art: ['spanner', { adjustable: true }],
            d: ['The ' + strong('Redgum Tools 250mm Adjustable Wrench') + ' opens to 30mm with a smooth worm gear that holds its setting.', ['250mm length, 30mm jaw capacity', 'Metric scale on the jaw', 'Cushioned grip'], 'The one spanner to throw in the glovebox.'],
            short: '250mm adjustable wrench with 30mm jaw opening.',
          }),
          P('TQ-BB-600', 'Torqmax 1/2in Drive Breaker Bar 600mm', 'torqmax', 44.95, 1.8, {
            art: ['wrench', { breaker: true }],
            d: ['Crack off seized crank bolts and wheel nuts with the ' + strong('Torqmax 600mm Breaker Bar') + '.', ['1/2in drive, 600mm long', '180-degree flex head', 'Knurled grip'], 'Not for tightening: follow up with a torque wrench.'],
            short: '600mm 1/2in drive breaker bar with a flex head.',
          }),
        ],
      },
      {
        title: 'Jacks & Stands',
        tags: ['car jack', 'trolley jack', 'axle stands', 'jack stands', 'lifting'],
        products: [
          P('IB-TJ-2T', 'Ironbark 2 Tonne Low-Profile Trolley Jack', 'ironbark', 149.0, 14.0, {
            art: ['trolleyJack', {}],
            d: ['The ' + strong('Ironbark 2 Tonne Low-Profile Trolley Jack') + ' slides under lowered cars and lifts quickly with a dual-pump action.', ['2000kg capacity', 'Lift range 85-380mm', 'Rubber saddle pad to protect pinch welds'], 'Always support the vehicle on axle stands before working underneath.'],
            short: '2 tonne low-profile trolley jack with an 85mm minimum height.',
          }),
          P('IB-TJ-3T', 'Ironbark 3 Tonne Heavy-Duty Trolley Jack', 'ironbark', 239.0, 31.0, {
            art: ['trolleyJack', {}],
            d: ['Built for utes and 4WDs, the ' + strong('Ironbark 3 Tonne Trolley Jack') + ' reaches high chassis points with ease.', ['3000kg capacity', 'Lift range 135-500mm', 'Heavy steel frame with swivel castors'], 'Always support the vehicle on axle stands before working underneath.'],
            short: '3 tonne heavy-duty trolley jack for utes and 4WDs.',
          }),
          P('TQ-TJ-ALU-15', 'Torqmax 1.5 Tonne Aluminium Racing Jack', 'torqmax', 289.0, 11.5, {
            art: ['trolleyJack', { alu: true }],
            d: ['At just 11.5kg, the ' + strong('Torqmax Aluminium Racing Jack') + ' is light enough for track days and quick tyre swaps.', ['1500kg capacity', 'Lift range 90-360mm in three pumps', 'Aircraft-grade aluminium frame'], 'Always support the vehicle on axle stands before working underneath.'],
            short: 'Lightweight 1.5 tonne aluminium trolley jack for track days.',
          }),
          P('TQ-AS-3T', 'Torqmax 3 Tonne Axle Stands (Pair)', 'torqmax', 69.95, 6.4, {
            art: ['axleStands', {}],
            d: ['Work safely under the car with the ' + strong('Torqmax 3 Tonne Axle Stands') + ', locked by a ratchet bar and safety pin.', ['3000kg capacity per pair', 'Height 285-425mm', 'Wide four-leg base'], 'Use on firm, level ground and never exceed the rated load.'],
            short: 'Pair of 3 tonne ratchet axle stands, 285 to 425mm.',
          }),
          P('TQ-AS-6T', 'Torqmax 6 Tonne Axle Stands (Pair)', 'torqmax', 119.0, 11.8, {
            art: ['axleStands', {}],
            d: ['The ' + strong('Torqmax 6 Tonne Axle Stands') + ' are tall and strong enough for 4WDs and light trucks.', ['6000kg capacity per pair', 'Height 385-600mm', 'Double-locking ratchet'], 'Use on firm, level ground and never exceed the rated load.'],
            short: 'Pair of 6 tonne axle stands for 4WDs and light trucks.',
          }),
          P('IB-BJ-4T', 'Ironbark 4 Tonne Hydraulic Bottle Jack', 'ironbark', 44.95, 3.6, {
            art: ['bottleJack', {}],
            d: ['Compact and strong, the ' + strong('Ironbark 4 Tonne Bottle Jack') + ' lives in the boot of a ute or 4WD.', ['4000kg capacity', 'Lift range 195-380mm', 'Screw extension and two-piece handle'], 'Use on firm ground under a recommended jacking point.'],
            short: 'Compact 4 tonne hydraulic bottle jack for utes and 4WDs.',
          }),
          P('IB-BJ-8T', 'Ironbark 8 Tonne Hydraulic Bottle Jack', 'ironbark', 64.95, 5.9, {
            art: ['bottleJack', {}],
            d: ['The ' + strong('Ironbark 8 Tonne Bottle Jack') + ' handles trucks, tractors and heavy trailers.', ['8000kg capacity', 'Lift range 230-450mm', 'Welded steel base'], 'Use on firm ground under a recommended jacking point.'],
            short: '8 tonne hydraulic bottle jack for trucks and heavy trailers.',
          }),
        ],
      },
      {
        title: 'Diagnostic Tools',
        tags: ['OBD2', 'code reader', 'scan tool', 'diagnostics', 'check engine light'],
        products: [
          P('TQ-OBD-LITE', 'Torqmax OBD2 Code Reader Lite', 'torqmax', 49.95, 0.4, {
            art: ['scanner', { label: 'OBD2' }],
            d: ['Find out why the check engine light is on with the ' + strong('Torqmax OBD2 Code Reader Lite') + '.', ['Reads and clears engine fault codes', 'Built-in code definitions', 'Powered from the OBD2 port'], 'Works with petrol vehicles sold in Australia from 2006 and diesels from 2007.'],
            short: 'Plug-in OBD2 code reader that reads and clears engine fault codes.',
          }),
          P('TQ-OBD-PRO', 'Torqmax OBD2 Pro Diagnostic Scanner with Live Data', 'torqmax', 189.0, 0.9, {
            art: ['scanner', { label: 'OBD2 PRO' }],
            d: ['The ' + strong('Torqmax OBD2 Pro Scanner') + ' shows live sensor data and graphs so you can diagnose faults, not just read them.', ['Engine, ABS, SRS and transmission systems', 'Live data graphing and freeze frame', '3.5in colour screen, free updates'], 'Check compatibility for ABS and SRS functions on your model before ordering.'],
            short: 'OBD2 scanner with live data graphs and ABS, SRS and transmission support.',
          }),
          P('TQ-OBD-BT', 'Torqmax Bluetooth OBD2 Adapter', 'torqmax', 34.95, 0.05, {
            art: ['dongle', {}],
            d: ['Turn your phone into a scan tool with the ' + strong('Torqmax Bluetooth OBD2 Adapter') + '.', ['Bluetooth 5.0, Android and iOS', 'Reads codes and live data in free apps', 'Low-power sleep mode'], 'Plug it into the OBD2 port under the dash and pair it in the app.'],
            short: 'Bluetooth OBD2 adapter for reading fault codes and live data on your phone.',
          }),
          P('RG-MM-AUTO', 'Redgum Tools Automotive Digital Multimeter', 'redgum', 59.95, 0.45, {
            art: ['multimeter', {}],
            d: ['The ' + strong('Redgum Tools Automotive Multimeter') + ' tests batteries, fuses, sensors and wiring.', ['Volts, amps, ohms, RPM and dwell', 'Auto-ranging with backlit display', 'Test leads and thermocouple included'], 'A must-have for tracing electrical faults and parasitic battery drains.'],
            short: 'Auto-ranging automotive multimeter with RPM and dwell functions.',
          }),
          P('SCA-BT-TEST', 'Southern Cross Auto 12V Battery and Charging System Tester', 'sca', 69.95, 0.5, {
            art: ['scanner', { tester: true, label: '12.6V' }],
            d: ['Check a battery in seconds with the ' + strong('Southern Cross Auto Battery Tester') + ', which measures real cranking amps without a load.', ['Tests 100-2000 CCA batteries', 'Cranking and charging system tests', 'Suits flooded, AGM, EFB and gel'], 'Find out whether you need a new battery or the alternator is at fault.'],
            short: '12V battery and charging system tester for 100 to 2000 CCA batteries.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Car Covers',
    color: '#0096c7',
    thumb: ['carCover', 'coastguard', { kind: 'outdoor' }],
    children: [
      {
        title: 'Indoor Covers',
        tags: ['car cover', 'indoor cover', 'dust cover', 'garage cover'],
        art: (p) => ['carCover', { kind: 'indoor', shape: p.shape }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} keeps dust, scratches and garage knocks off your paintwork with a soft, breathable ${p.material}.`,
          specs: [`Fits vehicles ${p.range}`, `Material: ${p.material}`, 'Elasticated hem for a snug fit', 'Storage bag included'],
          fit: 'Measure your car bumper to bumper and choose the size that covers that length. For indoor use only: it is not waterproof.',
          short: `Breathable indoor car cover for vehicles ${p.range}.`,
        }),
        products: [
          P('CG-IN-SM', 'Coastguard Covers Indoor Stretch Car Cover Small', 'coastguard', 119.0, 1.6, { range: 'up to 4.1m long', material: 'stretch fleece' }),
          P('CG-IN-MD', 'Coastguard Covers Indoor Stretch Car Cover Medium', 'coastguard', 129.0, 1.8, { range: '4.1 to 4.6m long', material: 'stretch fleece' }),
          P('CG-IN-LG', 'Coastguard Covers Indoor Stretch Car Cover Large', 'coastguard', 139.0, 2.0, { range: '4.6 to 5.0m long', material: 'stretch fleece' }),
          P('CG-IN-XL', 'Coastguard Covers Indoor Stretch Car Cover XL', 'coastguard', 149.0, 2.2, { range: '5.0 to 5.4m long', material: 'stretch fleece' }),
          P('HB-IN-SUV', 'Harbourline Indoor Dust Cover for SUVs', 'harbourline', 99.95, 2.1, { range: 'SUVs 4.4 to 4.9m long', material: 'cotton-blend fabric', shape: 'suv' }),
          P('CG-IN-CLASSIC', 'Coastguard Covers Classic Car Indoor Cover (Flannel-Lined)', 'coastguard', 159.0, 2.4, { range: 'up to 4.8m long', material: 'flannel-lined poly-cotton' }),
        ],
      },
      {
        title: 'Outdoor Covers',
        tags: ['car cover', 'outdoor cover', 'waterproof cover', 'UV cover'],
        art: (p) => ['carCover', { kind: 'outdoor', shape: p.shape }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} is a ${p.layers}-layer weatherproof cover that blocks UV, rain, bird droppings and sap while letting moisture escape.`,
          specs: [`Fits vehicles ${p.range}`, `${p.layers}-layer breathable fabric with a soft inner lining`, 'Reflective strips and under-body strap', 'Lockable cable tie point'],
          fit: 'Fold in mirrors and fit to a clean, dry car to avoid scuffing. Storage bag included.',
          short: `${p.layers}-layer weatherproof outdoor cover for vehicles ${p.range}.`,
        }),
        products: [
          P('CG-OUT-SM', 'Coastguard Covers Weatherproof Outdoor Car Cover Small', 'coastguard', 89.95, 2.1, { range: 'up to 4.1m long', layers: 3 }),
          P('CG-OUT-MD', 'Coastguard Covers Weatherproof Outdoor Car Cover Medium', 'coastguard', 99.95, 2.4, { range: '4.1 to 4.6m long', layers: 4 }),
          P('CG-OUT-LG', 'Coastguard Covers Weatherproof Outdoor Car Cover Large', 'coastguard', 109.95, 2.7, { range: '4.6 to 5.0m long', layers: 4 }),
          P('CG-OUT-4WD', 'Coastguard Covers 4WD and SUV Outdoor Cover', 'coastguard', 129.0, 3.2, { range: 'SUVs and 4WDs up to 5.1m long', layers: 4, shape: 'suv' }),
          P('HB-OUT-UTE', 'Harbourline Dual Cab Ute Outdoor Cover', 'harbourline', 139.0, 3.4, { range: 'dual cab utes up to 5.4m long', layers: 4, shape: 'ute' }),
          P('HB-OUT-UV', 'Harbourline UV Shield Sedan Cover', 'harbourline', 79.95, 1.9, { range: 'sedans up to 4.9m long', layers: 2 }),
        ],
      },
      {
        title: 'Hail Covers',
        tags: ['hail cover', 'hail protector', 'padded car cover', 'storm cover'],
        art: (p) => ['carCover', { kind: 'hail', shape: p.shape }],
        tpl: (p) => ({
          intro: `When storms roll in, the ${strong(p.name)} cushions panels and glass with ${p.mm}mm of closed-cell padding across the roof, bonnet and boot.`,
          specs: [`Fits vehicles ${p.range}`, `${p.mm}mm padded top panels`, 'Waterproof outer shell', 'Fits in under five minutes with wind straps'],
          fit: 'Keep it in the boot during storm season and fit it as soon as a warning is issued. Not designed for driving.',
          short: `Padded hail cover with ${p.mm}mm protection for vehicles ${p.range}.`,
        }),
        products: [
          P('CG-HAIL-MD', 'Coastguard Covers Padded Hail Cover Medium', 'coastguard', 289.0, 6.5, { range: '4.1 to 4.6m long', mm: 6 }),
          P('CG-HAIL-LG', 'Coastguard Covers Padded Hail Cover Large', 'coastguard', 319.0, 7.2, { range: '4.6 to 5.0m long', mm: 6 }),
          P('CG-HAIL-SUV', 'Coastguard Covers Padded Hail Cover SUV', 'coastguard', 349.0, 8.0, { range: 'SUVs up to 4.9m long', mm: 6, shape: 'suv' }),
          P('HB-HAIL-UTE', 'Harbourline Hail Protector Dual Cab Ute Cover', 'harbourline', 379.0, 8.8, { range: 'dual cab utes up to 5.4m long', mm: 8, shape: 'ute' }),
        ],
      },
    ],
  },
  {
    title: 'Trailer Tie-Downs',
    color: '#e63b7a',
    thumb: ['ratchetStrap', 'dingo', {}],
    children: [
      {
        title: 'Ratchet Straps',
        tags: ['ratchet strap', 'tie down', 'trailer strap', 'load restraint'],
        extraTags: (p) => [`${p.width}mm`],
        art: (p) => ['ratchetStrap', { loops: p.loops, endless: p.endless }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} secure${p.single ? 's' : ''} trailer and ute loads with a smooth ratchet and heavy polyester webbing.`,
          specs: [`${p.width}mm x ${p.length} webbing`, `Lashing capacity ${p.lc}kg (breaking strength ${p.lc * 2}kg)`, p.hooks, p.count],
          fit: 'Labelled to AS/NZS 4380 for load restraint. Inspect webbing for cuts or sun damage before every trip.',
          short: `${p.count} of ${p.width}mm x ${p.length} ratchet straps rated to ${p.lc}kg lashing capacity.`,
        }),
        products: [
          P('DT-RS-25-4', 'Dingo Tow 25mm x 4m Ratchet Straps (4 Pack)', 'dingo', 29.95, 1.6, { width: 25, length: '4m', lc: 400, hooks: 'Vinyl-coated S-hooks', count: 'Pack of 4' }),
          P('DT-RS-35-6', 'Dingo Tow 35mm x 6m Ratchet Straps (2 Pack)', 'dingo', 34.95, 1.8, { width: 35, length: '6m', lc: 1000, hooks: 'Zinc-plated J-hooks', count: 'Pack of 2' }),
          V('DT-RS-50', 'Dingo Tow 50mm Heavy-Duty Ratchet Strap', 'dingo', {
            art: ['ratchetStrap', {}],
            d: ['The ' + strong('Dingo Tow 50mm Heavy-Duty Ratchet Strap') + ' is made for machinery, vehicles on car trailers and heavy pallets.', ['50mm webbing, lashing capacity 2500kg', 'Breaking strength 5000kg', 'Long-handle ratchet and forged J-hooks'], 'Labelled to AS/NZS 4380 for load restraint. Choose the length that suits your trailer.'],
            short: '50mm heavy-duty ratchet strap rated to 2500kg lashing capacity.',
          }, [
            ['6m', 'DT-RS-50-6M', 29.95, 1.9, {}],
            ['9m', 'DT-RS-50-9M', 34.95, 2.4, {}],
            ['12m', 'DT-RS-50-12M', 42.95, 2.9, {}],
          ]),
          P('DT-RS-ENDLESS', 'Dingo Tow 25mm x 3m Endless Ratchet Straps (4 Pack)', 'dingo', 24.95, 1.2, { width: 25, length: '3m', lc: 250, hooks: 'Endless loop, no hooks', count: 'Pack of 4', endless: true }),
          P('OG-RS-MOTO', 'Outback Gear Motorcycle Ratchet Tie-Downs with Soft Loops (2 Pack)', 'outback', 39.95, 1.3, { width: 38, length: '2.4m', lc: 600, hooks: 'Soft loops and coated hooks', count: 'Pack of 2', loops: true }),
          P('OG-RS-WHEEL', 'Outback Gear Car Trailer Wheel Straps (Pair)', 'outback', 69.95, 2.2, { width: 50, length: '3m', lc: 2000, hooks: 'Adjustable wheel nets with flat hooks', count: 'Pair' }),
          P('SCA-RS-25-2', 'Southern Cross Auto 25mm x 5m Ratchet Straps (2 Pack)', 'sca', 19.95, 0.9, { width: 25, length: '5m', lc: 350, hooks: 'Zinc-plated S-hooks', count: 'Pack of 2' }),
        ],
      },
      {
        title: 'Cam Buckle Straps',
        tags: ['cam buckle', 'cam strap', 'tie down', 'roof rack strap'],
        art: () => ['camStrap', {}],
        tpl: (p) => ({
          intro: `Quick to fit and easy to tension by hand, the ${strong(p.name)} suit lighter loads that a ratchet could crush.`,
          specs: [`${p.width}mm x ${p.length} webbing`, `Lashing capacity ${p.lc}kg`, 'Zinc-alloy cam buckle with padded base', p.count],
          fit: "Great for roof racks, kayaks, surfboards and furniture. Tie off loose tails so they don't flap at highway speed.",
          short: `${p.count} of ${p.width}mm x ${p.length} cam buckle straps for lighter loads.`,
        }),
        products: [
          P('DT-CB-25-3', 'Dingo Tow 25mm x 3m Cam Buckle Straps (4 Pack)', 'dingo', 19.95, 0.7, { width: 25, length: '3m', lc: 250, count: 'Pack of 4' }),
          P('DT-CB-25-5', 'Dingo Tow 25mm x 5m Cam Buckle Straps (4 Pack)', 'dingo', 24.95, 0.9, { width: 25, length: '5m', lc: 250, count: 'Pack of 4' }),
          P('OG-CB-ROOF', 'Outback Gear Roof Rack Cam Straps 4.5m (2 Pack)', 'outback', 22.95, 0.5, { width: 25, length: '4.5m', lc: 300, count: 'Pack of 2' }),
          P('SCA-CB-38-6', 'Southern Cross Auto 38mm x 6m Cam Buckle Strap', 'sca', 14.95, 0.4, { width: 38, length: '6m', lc: 500, count: 'Single strap' }),
          P('DT-CB-KAYAK', 'Dingo Tow Kayak and Surfboard Cam Straps with Buckle Pads (2 Pack)', 'dingo', 29.95, 0.5, { width: 25, length: '4m', lc: 250, count: 'Pack of 2' }),
        ],
      },
      {
        title: 'Cargo Nets',
        tags: ['cargo net', 'trailer net', 'load net', 'ute net'],
        art: () => ['cargoNet', {}],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} holds mixed loads flat and stops light items blowing out on the highway.`,
          specs: [`Size: ${p.size}`, `Mesh: ${p.mesh}`, p.hooks, 'UV-stabilised for the Australian sun'],
          fit: p.fit ?? 'Stretch the net over the load and hook it to the trailer rails or tie-down points, tensioning evenly on all sides.',
          short: `${p.size.split(' (')[0]} ${p.kind ?? 'cargo net'} with ${p.hooks.toLowerCase()}.`,
        }),
        products: [
          P('DT-CN-6X4', 'Dingo Tow 6x4 Trailer Cargo Net', 'dingo', 44.95, 1.2, { size: '1.8 x 2.7m stretched (suits 6x4 trailers)', mesh: '100mm bungee cord', hooks: '12 plastic-coated hooks' }),
          P('DT-CN-8X5', 'Dingo Tow 8x5 Trailer Cargo Net', 'dingo', 59.95, 1.7, { size: '2.2 x 3.2m stretched (suits 8x5 trailers)', mesh: '100mm bungee cord', hooks: '16 plastic-coated hooks' }),
          P('OG-CN-UTE', 'Outback Gear Ute Tub Cargo Net 1.5 x 1.8m', 'outback', 54.95, 1.3, { size: '1.5 x 1.8m', mesh: '120mm flat webbing', hooks: '8 cam buckle straps' }),
          P('OG-CN-ROOF', 'Outback Gear Roof Basket Stretch Net', 'outback', 29.95, 0.6, { size: '1.0 x 1.3m stretched', mesh: '80mm bungee cord', hooks: '8 steel hooks', fit: 'Hook it to the side rails of a roof basket to hold bags and bedding in place.' }),
          P('SCA-CN-BOOT', 'Southern Cross Auto Boot Organiser Net', 'sca', 16.95, 0.2, { size: '0.9 x 0.6m', mesh: 'fine elastic mesh', hooks: '4 hooks and adhesive anchors', kind: 'boot organiser net', fit: 'Hook it to the boot tie-down points to stop shopping rolling around.' }),
          P('DT-CN-HEAVY', 'Dingo Tow Heavy-Duty Cargo Net with Cam Buckles 2.5 x 3.5m', 'dingo', 119.0, 3.8, { size: '2.5 x 3.5m', mesh: '150mm polyester webbing', hooks: '14 cam buckle straps' }),
        ],
      },
    ],
  },
  {
    title: 'Accessories',
    color: '#b5838d',
    thumb: ['seatCover', 'saltbush', {}],
    children: [
      {
        title: 'Floor Mats',
        tags: ['floor mats', 'car mats', 'rubber mats', 'carpet mats'],
        products: [
          P('SB-FM-UNI-4', 'Saltbush Universal Rubber Floor Mats (4-Piece)', 'saltbush', 49.95, 4.2, {
            art: ['floorMat', {}],
            d: ['The ' + strong('Saltbush Universal Rubber Floor Mats') + ' trap mud, sand and water before it reaches the carpet.', ['Front pair and rear pair', 'Trim-to-fit guide lines', 'Anti-slip nibs on the underside'], 'Trim along the moulded lines for a close fit in most cars.'],
            short: 'Four-piece trim-to-fit rubber floor mat set.',
          }),
          P('SB-FM-CARPET-4', 'Saltbush Carpet Floor Mats Charcoal (4-Piece)', 'saltbush', 59.95, 2.8, {
            art: ['floorMat', { kind: 'carpet' }],
            d: ['Freshen up the cabin with the ' + strong('Saltbush Carpet Floor Mats') + ', made from dense charcoal needle-punch carpet.', ['Front pair and rear pair', 'Bound edges and a rubber heel pad', 'Rubber-backed to stop slipping'], 'Shaped to suit most sedans and hatchbacks.'],
            short: 'Four-piece charcoal carpet mat set with heel pad.',
          }),
          P('SB-FM-UTE', 'Saltbush Deep-Dish Floor Mats for Dual Cab Utes', 'saltbush', 89.95, 5.6, {
            art: ['floorMat', { kind: 'deep' }],
            d: ['The ' + strong('Saltbush Deep-Dish Floor Mats') + ' have a raised 40mm lip that holds in mud, sand and spilt drinks.', ['Front and rear mats for dual cab utes', 'Flexible rubber that stays soft in the cold', 'Hose out and refit in minutes'], 'Shaped for most late-model dual cab utes.'],
            short: 'Deep-dish rubber floor mats with a raised lip for dual cab utes.',
          }),
          P('SB-FM-HATCH', 'Saltbush Tailored-Fit Hatchback Floor Mats', 'saltbush', 79.95, 2.4, {
            art: ['floorMat', { kind: 'carpet' }],
            d: ['The ' + strong('Saltbush Tailored-Fit Hatchback Mats') + ' follow the floor shape of small hatchbacks for full coverage.', ['Four-piece carpet set', 'Retention clips for the driver\'s mat', 'Contrast binding'], 'Choose your colour binding at checkout notes; charcoal is standard.'],
            short: 'Tailored-fit carpet mat set for small hatchbacks.',
          }),
          P('SB-FM-SUV-3', 'Saltbush 3-Row SUV All-Weather Mat Set', 'saltbush', 99.95, 6.1, {
            art: ['floorMat', {}],
            d: ['The ' + strong('Saltbush 3-Row SUV All-Weather Mat Set') + ' covers every row of a seven-seat SUV.', ['Seven-piece set including third-row mats', 'Deep channels for water and grit', 'Odourless rubber compound'], 'Trim along the moulded lines to suit most seven-seat SUVs.'],
            short: 'Seven-piece all-weather rubber mat set for 3-row SUVs.',
          }),
          P('HB-FM-CARGO', 'Harbourline Cargo Liner Boot Mat', 'harbourline', 69.95, 3.5, {
            art: ['floorMat', { kind: 'liner' }],
            d: ['Protect the boot from wet gear and groceries with the ' + strong('Harbourline Cargo Liner') + '.', ['Raised 50mm edges on all sides', 'Trim-to-fit up to 1.2 x 1.1m', 'Anti-slip surface'], 'Lifts out for cleaning with a hose.'],
            short: 'Trim-to-fit boot liner with raised edges.',
          }),
        ],
      },
      {
        title: 'Phone Holders',
        tags: ['phone holder', 'phone mount', 'car cradle', 'dash mount'],
        products: [
          P('MM-PH-VENT', 'Magpie Mounts Air Vent Phone Holder', 'magpie', 19.95, 0.1, {
            art: ['phoneHolder', { kind: 'vent' }],
            d: ['The ' + strong('Magpie Mounts Air Vent Phone Holder') + ' clips onto a vent slat and keeps your phone at eye level for navigation.', ['Fits phones 4.7 to 6.9in wide', 'One-touch release arms', '360-degree ball joint'], 'Keep your phone in a cradle: holding it while driving is illegal in every state.'],
            short: 'Vent-clip phone holder for phones 4.7 to 6.9in.',
          }),
          P('MM-PH-MAG', 'Magpie Mounts Magnetic Dash Phone Mount', 'magpie', 24.95, 0.12, {
            art: ['phoneHolder', { kind: 'magnet' }],
            d: ['Snap your phone on and off with the ' + strong('Magpie Mounts Magnetic Dash Mount') + '.', ['N52 magnets hold phones firmly on corrugations', 'Adhesive dash base', 'Two metal plates included'], 'Fit the metal plate inside your phone case for a neat look.'],
            short: 'Magnetic dash phone mount with adhesive base.',
          }),
          P('MM-PH-WIRELESS', 'Magpie Mounts 15W Wireless Charging Phone Holder', 'magpie', 59.95, 0.25, {
            art: ['phoneHolder', { kind: 'wireless' }],
            d: ['The ' + strong('Magpie Mounts 15W Wireless Charging Holder') + ' charges your phone while it navigates, with motorised arms that close automatically.', ['15W fast wireless charging', 'Automatic clamping arms', 'Vent clip and dash base included'], 'Needs a 12V socket or USB-C port rated for fast charging.'],
            short: '15W wireless charging phone holder with automatic arms.',
          }),
          P('MM-PH-SUCTION', 'Magpie Mounts Windscreen Suction Phone Holder', 'magpie', 22.95, 0.2, {
            art: ['phoneHolder', { kind: 'suction' }],
            d: ['The ' + strong('Magpie Mounts Suction Phone Holder') + ' holds fast on the windscreen or a smooth dash, even in summer heat.', ['Gel suction cup with lever lock', 'Telescopic arm', 'Fits phones 4.7 to 6.9in'], 'Mount it low on the windscreen, outside the area swept by the wipers.'],
            short: 'Windscreen suction phone holder with telescopic arm.',
          }),
          P('MM-PH-TABLET', 'Magpie Mounts Headrest Tablet Holder', 'magpie', 29.95, 0.35, {
            art: ['phoneHolder', { kind: 'tablet' }],
            d: ['Keep passengers entertained on long drives with the ' + strong('Magpie Mounts Headrest Tablet Holder') + '.', ['Fits tablets 7 to 12.9in', 'Clamps to headrest posts', 'Rotates for portrait or landscape'], 'Leaves the headrest fully adjustable.'],
            short: 'Headrest tablet holder for 7 to 12.9in tablets.',
          }),
          P('SCA-PH-CD', 'Southern Cross Auto CD Slot Phone Mount', 'sca', 14.95, 0.1, {
            art: ['phoneHolder', { kind: 'cd' }],
            d: ['The ' + strong('Southern Cross Auto CD Slot Phone Mount') + ' puts an unused CD slot to work as a firm phone mount.', ['Rubber blade grips the slot', 'Adjustable side arms', 'Fits phones 4.7 to 6.7in'], 'A good choice where vents are round or awkwardly placed.'],
            short: 'Phone mount that slides into a car CD slot.',
          }),
        ],
      },
      {
        title: 'Seat Covers',
        tags: ['seat covers', 'car seat covers', 'seat protector'],
        products: [
          V('SB-SC-UNI', 'Saltbush Universal Front Seat Covers (Pair)', 'saltbush', {
            art: ['seatCover', {}],
            d: ['The ' + strong('Saltbush Universal Front Seat Covers') + ' protect original upholstery from wear, spills and the sun.', ['Front pair, airbag-compatible side seams', 'Breathable polyester mesh', 'Machine washable'], 'Fits most bucket seats with removable headrests.'],
            short: 'Airbag-compatible universal front seat covers in black or grey.',
          }, [
            ['Black', 'SB-SC-UNI-BLK', 79.95, 1.2, { color: DARK }],
            ['Grey', 'SB-SC-UNI-GRY', 79.95, 1.2, { color: '#8d99a6' }],
          ]),
          P('SB-SC-NEO', 'Saltbush Neoprene Front Seat Covers (Pair)', 'saltbush', 149.0, 1.9, {
            art: ['seatCover', { color: '#3d3a40' }],
            d: ['Made from 3mm wetsuit-grade neoprene, the ' + strong('Saltbush Neoprene Seat Covers') + ' shrug off sand, sweat and salt water.', ['Front pair, airbag-compatible', 'Water-resistant 3mm neoprene', 'Map pockets on the back'], 'Ideal for surfers, tradies and anyone with a dog.'],
            short: 'Water-resistant neoprene front seat covers, airbag-compatible.',
          }),
          P('SB-SC-CANVAS', 'Saltbush Heavy-Duty Canvas Seat Covers (Pair)', 'saltbush', 129.0, 2.6, {
            art: ['seatCover', { color: '#a68a64' }],
            d: ['The ' + strong('Saltbush Heavy-Duty Canvas Seat Covers') + ' are cut from 12oz canvas for work utes and farm vehicles.', ['Front pair, airbag-compatible', '12oz water-resistant canvas', 'Double-stitched seams'], 'Fits most bucket seats in utes and 4WDs.'],
            short: 'Heavy-duty 12oz canvas front seat covers for work vehicles.',
          }),
          P('OG-SC-4WD', 'Outback Gear Canvas 4WD Seat Covers (Front Pair)', 'outback', 169.0, 3.0, {
            art: ['seatCover', { color: '#6b705c' }],
            d: ['The ' + strong('Outback Gear Canvas 4WD Seat Covers') + ' add MOLLE panels on the seat backs for torches, maps and first-aid kits.', ['Front pair, airbag-compatible', '14oz canvas with MOLLE webbing', 'Elastic and hook straps for a tight fit'], 'Built for touring 4WDs and dusty tracks.'],
            short: 'Canvas 4WD front seat covers with MOLLE storage panels.',
          }),
          P('HB-SC-REAR', 'Harbourline Rear Bench Seat Cover', 'harbourline', 59.95, 1.2, {
            art: ['seatCover', { bench: true }],
            d: ['The ' + strong('Harbourline Rear Bench Seat Cover') + ' protects the back seat from kids, sports gear and muddy boots.', ['Fits most rear bench seats', 'Split-fold and seatbelt openings', 'Machine washable'], 'Seat belts and child seat anchors stay accessible.'],
            short: 'Rear bench seat cover with split-fold and seatbelt openings.',
          }),
          P('HB-SC-PET', 'Harbourline Pet Hammock Rear Seat Cover', 'harbourline', 54.95, 1.4, {
            art: ['seatCover', { bench: true, pet: true }],
            d: ['Keep fur and muddy paws off the back seat with the ' + strong('Harbourline Pet Hammock') + '.', ['Quilted waterproof fabric', 'Hammock or bench mode', 'Non-slip backing and seat anchors'], 'Side flaps protect the doors from scratches.'],
            short: 'Waterproof quilted pet hammock for the rear seat.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Car Care',
    color: '#7cb518',
    thumb: ['spray', 'shinewell', { label: '500ml' }],
    children: [
      {
        title: 'Wash & Wax',
        tags: ['car wash', 'wax', 'polish', 'shampoo', 'detailing'],
        products: [
          P('SW-WASH-1L', 'Shinewell pH-Neutral Car Wash 1L', 'shinewell', 14.95, 1.1, {
            art: ['bottle', { label: '1L' }],
            d: ['The ' + strong('Shinewell pH-Neutral Car Wash') + ' lifts road grime without stripping wax or sealants.', ['1L makes up to 30 washes', 'pH-neutral, safe on wax and ceramic coatings', 'Biodegradable surfactants'], 'Wash out of direct sun and rinse panels before they dry.'],
            short: 'pH-neutral car wash concentrate, 1 litre.',
          }),
          P('SW-WAW-2L', 'Shinewell Wash and Wax 2L', 'shinewell', 22.95, 2.2, {
            art: ['jug', { label: '2L' }],
            d: ['Clean and protect in one step with ' + strong('Shinewell Wash and Wax') + ', which leaves a thin layer of carnauba as you wash.', ['2L makes up to 60 washes', 'Carnauba-enriched formula', 'Rich, slick suds'], 'Perfect for a quick weekend wash between full waxes.'],
            short: 'Car wash with carnauba wax for a one-step clean and shine, 2 litres.',
          }),
          P('SW-WAX-300', 'Shinewell Carnauba Paste Wax 300g', 'shinewell', 34.95, 0.45, {
            art: ['tin', {}],
            d: ['The ' + strong('Shinewell Carnauba Paste Wax') + ' builds a deep, warm gloss and beads water for months.', ['300g tin with applicator pad', 'Brazilian carnauba blend', 'Up to three months protection'], 'Apply thinly by hand to cool paint and buff off with a microfibre cloth.'],
            short: 'Carnauba paste wax for deep gloss, 300g tin with applicator.',
          }),
          P('SW-SEAL-500', 'Shinewell Ceramic Spray Sealant 500ml', 'shinewell', 39.95, 0.6, {
            art: ['spray', { label: '500ml' }],
            d: ['The ' + strong('Shinewell Ceramic Spray Sealant') + ' adds slick, hydrophobic SiO2 protection in minutes.', ['Up to six months protection', 'Works on paint, glass, wheels and trim', 'Spray on, wipe off'], 'Apply to clean, dry panels out of direct sunlight.'],
            short: 'SiO2 ceramic spray sealant with up to six months protection, 500ml.',
          }),
          P('SW-FOAM-1L', 'Shinewell Snow Foam Pre-Wash 1L', 'shinewell', 19.95, 1.1, {
            art: ['bottle', { label: '1L' }],
            d: ['Soften and lift grit before you touch the paint with ' + strong('Shinewell Snow Foam') + '.', ['Thick, clinging foam', 'Suits foam cannons and pump sprayers', 'Safe on wax and coatings'], 'Leave to dwell for five minutes, then rinse thoroughly.'],
            short: 'Thick snow foam pre-wash for foam cannons, 1 litre.',
          }),
          P('SW-KIT-WASH', 'Shinewell Complete Wash Kit with Bucket', 'shinewell', 59.95, 2.9, {
            art: ['bucket', {}],
            d: ['The ' + strong('Shinewell Complete Wash Kit') + ' has everything for a safe, scratch-free wash.', ['20L bucket with grit guard', '1L pH-neutral car wash', 'Chenille wash mitt and drying towel'], 'A great gift for a new driver.'],
            short: 'Car wash kit with bucket, grit guard, wash, mitt and towel.',
          }),
          P('HB-WASH-MITT', 'Harbourline Microfibre Chenille Wash Mitt', 'harbourline', 12.95, 0.15, {
            art: ['mitt', {}],
            d: ['The deep chenille fingers of the ' + strong('Harbourline Wash Mitt') + ' pull dirt away from the paint.', ['Plush microfibre chenille', 'Elastic cuff', 'Machine washable'], 'Rinse often in a separate bucket to keep grit off the paint.'],
            short: 'Plush microfibre chenille wash mitt.',
          }),
        ],
      },
      {
        title: 'Interior Care',
        tags: ['interior cleaner', 'dash cleaner', 'upholstery', 'leather care'],
        products: [
          P('SW-INT-500', 'Shinewell Interior Detailer 500ml', 'shinewell', 16.95, 0.6, {
            art: ['spray', { label: '500ml' }],
            d: ['The ' + strong('Shinewell Interior Detailer') + ' cleans dashboards, door trims and screens without greasy shine.', ['Matte, factory-look finish', 'Anti-static, UV protection', 'Fresh, light scent'], 'Spray onto a microfibre cloth rather than directly onto screens.'],
            short: 'Matte-finish interior detailer for dash, trim and screens, 500ml.',
          }),
          P('SW-LEATHER-500', 'Shinewell Leather Cleaner and Conditioner 500ml', 'shinewell', 24.95, 0.6, {
            art: ['bottle', { label: '500ml' }],
            d: ['Clean and nourish leather in one step with ' + strong('Shinewell Leather Cleaner and Conditioner') + '.', ['pH-balanced cleaner', 'Conditions to prevent cracking', 'UV blockers for Australian sun'], 'Test on a hidden area first and apply with a soft cloth.'],
            short: 'Two-in-one leather cleaner and conditioner, 500ml.',
          }),
          P('SW-GLASS-500', 'Shinewell Streak-Free Glass Cleaner 500ml', 'shinewell', 12.95, 0.6, {
            art: ['spray', { label: '500ml' }],
            d: ['The ' + strong('Shinewell Glass Cleaner') + ' cuts through film, fingerprints and bug residue without streaks.', ['Ammonia-free, tint-safe', 'Inside and outside glass', 'Anti-fog additive'], 'Use with a waffle-weave glass cloth for the best result.'],
            short: 'Ammonia-free, tint-safe streak-free glass cleaner, 500ml.',
          }),
          P('SW-UPH-500', 'Shinewell Carpet and Upholstery Cleaner 500ml', 'shinewell', 17.95, 0.6, {
            art: ['spray', { label: '500ml' }],
            d: ['The ' + strong('Shinewell Carpet and Upholstery Cleaner') + ' lifts coffee, mud and food stains from fabric seats and carpets.', ['Foaming action', 'Built-in brush cap', 'Odour neutraliser'], 'Agitate, wait two minutes, then blot dry with a towel.'],
            short: 'Foaming carpet and upholstery stain cleaner, 500ml.',
          }),
          P('SW-DASH-375', 'Shinewell Matte Dash Protectant 375ml', 'shinewell', 15.95, 0.45, {
            art: ['bottle', { label: '375ml' }],
            d: ['The ' + strong('Shinewell Matte Dash Protectant') + ' shields vinyl and plastics from UV fading and cracking.', ['Non-greasy matte finish', 'UV protection', 'Dust-repelling'], 'Apply with a foam pad and buff with a dry cloth.'],
            short: 'UV dash protectant with a non-greasy matte finish, 375ml.',
          }),
          P('SW-ODOUR-250', 'Shinewell Odour Eliminator Spray 250ml', 'shinewell', 13.95, 0.3, {
            art: ['spray', { label: '250ml' }],
            d: ['The ' + strong('Shinewell Odour Eliminator') + ' breaks down smells from pets, food and gym gear instead of masking them.', ['Enzyme-based formula', 'Safe on fabric and carpet', 'Light eucalyptus scent'], 'Mist over carpets and seats and leave the windows open for ten minutes.'],
            short: 'Enzyme odour eliminator for car interiors, 250ml.',
          }),
        ],
      },
      {
        title: 'Microfibre & Detailing',
        tags: ['microfibre', 'cloth', 'towel', 'detailing', 'polishing cloth'],
        products: [
          P('SW-MF-6PK', 'Shinewell Microfibre Cloths 40 x 40cm (6 Pack)', 'shinewell', 19.95, 0.3, {
            art: ['cloths', {}],
            d: ['The ' + strong('Shinewell Microfibre Cloths') + ' are soft enough for paintwork and tough enough for wheels.', ['Six 40 x 40cm cloths', '350gsm edgeless weave', 'Colour-coded for different jobs'], 'Wash separately without fabric softener to keep them absorbent.'],
            short: 'Six 40 x 40cm edgeless microfibre cloths.',
          }),
          P('SW-MF-DRY', 'Shinewell Twisted-Loop Drying Towel 60 x 90cm', 'shinewell', 29.95, 0.4, {
            art: ['cloths', { kind: 'towel' }],
            d: ['Dry a whole car in one pass with the ' + strong('Shinewell Twisted-Loop Drying Towel') + '.', ['60 x 90cm, 1200gsm', 'Twisted-loop pile soaks up water fast', 'Silk-edged to avoid scratches'], 'Lay it flat and drag it across the panel rather than rubbing.'],
            short: 'Large 1200gsm twisted-loop microfibre drying towel.',
          }),
          P('HB-MF-GLASS', 'Harbourline Waffle-Weave Glass Cloths (4 Pack)', 'harbourline', 14.95, 0.2, {
            art: ['cloths', { waffle: true }],
            d: ['The ' + strong('Harbourline Waffle-Weave Glass Cloths') + ' leave windows, mirrors and screens streak-free.', ['Four 40 x 40cm cloths', 'Lint-free waffle weave', 'Machine washable'], 'Use one damp and one dry cloth for perfect glass.'],
            short: 'Four lint-free waffle-weave cloths for glass.',
          }),
          P('SW-APPL-6PK', 'Shinewell Foam Applicator Pads (6 Pack)', 'shinewell', 9.95, 0.1, {
            art: ['cloths', { kind: 'pads' }],
            d: ['Spread wax, sealant and dressing evenly with the ' + strong('Shinewell Foam Applicator Pads') + '.', ['Six 10cm foam pads', 'Soft, closed-cell foam', 'Reusable and washable'], 'Use a separate pad for each product.'],
            short: 'Six reusable foam applicator pads for wax and dressing.',
          }),
          P('SW-BRUSH-5PC', 'Shinewell Detailing Brush Set (5-Piece)', 'shinewell', 19.95, 0.25, {
            art: ['cloths', { kind: 'brushes' }],
            d: ['The ' + strong('Shinewell Detailing Brush Set') + ' reaches vents, badges, emblems and wheel nuts.', ['Five sizes from 10 to 30mm', 'Soft boar-hair bristles', 'Metal-free ferrules'], 'Safe on paint, leather and interior trim.'],
            short: 'Five soft boar-hair brushes for vents, badges and wheels.',
          }),
          P('HB-MF-24PK', 'Harbourline Bulk Microfibre Cloths (24 Pack)', 'harbourline', 39.95, 1.0, {
            art: ['cloths', {}],
            d: ['Stock up the garage with the ' + strong('Harbourline Bulk Microfibre Cloths') + ' for every cleaning job.', ['24 cloths, 35 x 35cm', '300gsm all-purpose weave', 'Four colours for different jobs'], 'Wash separately without fabric softener.'],
            short: 'Bulk pack of 24 all-purpose microfibre cloths.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Brakes',
    color: '#c44536',
    thumb: ['rotor', 'brolga', { slotted: true }],
    children: [
      {
        title: 'Brake Pads',
        tags: ['brake pads', 'disc pads', 'brakes', 'pads'],
        extraTags: (p) => [`${p.pos.toLowerCase()} brake pads`, p.comp === 'ceramic' ? 'ceramic' : 'semi-metallic', ...p.models],
        art: (p) => ['brakePads', { ceramic: p.comp === 'ceramic', label: p.pos === 'Front' ? 'FRONT' : 'REAR' }],
        tpl: (p) => ({
          intro:
            p.comp === 'ceramic'
              ? `The ${strong(p.name)} use a low-dust ceramic compound that stays quiet, keeps wheels clean and is gentle on rotors in daily driving.`
              : `The ${strong(p.name)} use a semi-metallic compound that keeps its bite when hot, for towing, loaded trays and long descents.`,
          specs: [
            `Position: <strong>${p.pos.toLowerCase()}</strong> axle set of 4 pads`,
            p.comp === 'ceramic' ? 'Ceramic friction, low dust and low noise' : 'Semi-metallic friction for towing and 4WD use',
            'Chamfered and slotted, with noise shims fitted',
            `Replaces ${p.pn.slice(1, 3).join(' and ')}`,
          ],
          fit: `Made for the ${p.veh}. Check the fitment list for your vehicle before ordering, and always replace pads on both wheels of an axle.`,
          short: `${p.comp === 'ceramic' ? 'Ceramic' : 'Semi-metallic'} ${p.pos.toLowerCase()} brake pads for the ${p.veh}, set of 4.`,
        }),
        products: [
          P('BR-BP1810-SM', 'Brolga Semi-Metallic Front Brake Pads Toyota HiLux 2015-on', 'brolga', 89.95, 1.9, { pos: 'Front', comp: 'semi-metallic', veh: 'Toyota HiLux (2015-on)', models: ['HiLux'], pn: ['BP1810', '04465-0K390', 'DB1810', 'GCT1810'] }),
          P('BR-BP1810-CR', 'Brolga Ceramic Front Brake Pads Toyota HiLux 2015-on', 'brolga', 104.95, 1.8, { pos: 'Front', comp: 'ceramic', veh: 'Toyota HiLux (2015-on)', models: ['HiLux'], pn: ['BP1810C', '04465-0K390', 'DB1810C', 'GCT1810'] }),
          P('BR-BP1755-SM', 'Brolga Semi-Metallic Front Brake Pads Toyota HiLux 2005-2015', 'brolga', 79.95, 1.8, { pos: 'Front', comp: 'semi-metallic', veh: 'Toyota HiLux (2005-2015)', models: ['HiLux'], pn: ['BP1755', '04465-0K290', 'DB1755', 'GCT1755'] }),
          P('BR-BP2263-SM', 'Brolga Semi-Metallic Front Brake Pads Ford Ranger and Mazda BT-50', 'brolga', 94.95, 2.0, { pos: 'Front', comp: 'semi-metallic', veh: 'Ford Ranger PX to PX3, Everest UA and Mazda BT-50 (2011-2022)', models: ['Ranger', 'BT-50', 'Everest'], pn: ['BP2263', 'AB39-2K021-AC', 'UCY0-33-28ZA', 'DB2263'] }),
          P('BR-BP1999-CR', 'Brolga Ceramic Front Brake Pads Toyota Corolla 2012-on', 'brolga', 64.95, 1.2, { pos: 'Front', comp: 'ceramic', veh: 'Toyota Corolla (2012-on)', models: ['Corolla'], pn: ['BP1999', '04465-02450', 'DB1999', 'GCT1999'] }),
          P('BR-BP2001-CR', 'Brolga Ceramic Rear Brake Pads Toyota Corolla 2012-on', 'brolga', 54.95, 0.9, { pos: 'Rear', comp: 'ceramic', veh: 'Toyota Corolla (2012-on) with rear discs', models: ['Corolla'], pn: ['BP2001', '04466-02260', 'DB2001', 'GCT2001'] }),
          P('BR-BP2210-CR', 'Brolga Ceramic Front Brake Pads Hyundai i30 and Kia Cerato', 'brolga', 69.95, 1.3, { pos: 'Front', comp: 'ceramic', veh: 'Hyundai i30 (2012-on) and Kia Cerato (2013-2024)', models: ['i30', 'Cerato'], pn: ['BP2210', '58101-A6A10', 'DB2210', 'GCT2210'] }),
          P('BR-BP2150-CR', 'Brolga Ceramic Front Brake Pads Mazda3 and CX-3', 'brolga', 69.95, 1.3, { pos: 'Front', comp: 'ceramic', veh: 'Mazda3 (2014-on) and Mazda CX-3', models: ['Mazda3', 'CX-3'], pn: ['BP2150', 'BHY1-33-28ZB', 'DB2150', 'GCT2150'] }),
          P('BR-BP2231-CR', 'Brolga Ceramic Front Brake Pads Mazda CX-5', 'brolga', 79.95, 1.5, { pos: 'Front', comp: 'ceramic', veh: 'Mazda CX-5 (2012-on)', models: ['CX-5'], pn: ['BP2231', 'KAY0-33-28ZB', 'DB2231', 'GCT2231'] }),
          P('BR-BP2232-CR', 'Brolga Ceramic Rear Brake Pads Mazda CX-5', 'brolga', 64.95, 1.1, { pos: 'Rear', comp: 'ceramic', veh: 'Mazda CX-5 (2012-on)', models: ['CX-5'], pn: ['BP2232', 'KAY0-26-43ZB', 'DB2232', 'GCT2232'] }),
          P('BR-BP1860-SM', 'Brolga Semi-Metallic Front Brake Pads Nissan Navara D23', 'brolga', 89.95, 1.9, { pos: 'Front', comp: 'semi-metallic', veh: 'Nissan Navara D23 (2015-on)', models: ['Navara', 'NP300'], pn: ['BP1860', 'D1060-4JA0B', 'DB1860', 'GCT1860'] }),
        ],
      },
      {
        title: 'Brake Rotors',
        tags: ['brake rotors', 'brake discs', 'disc rotors', 'brakes'],
        extraTags: (p) => [`${p.dia}mm`, ...(p.slotted ? ['slotted rotor'] : []), ...p.models],
        art: (p) => ['rotor', { slotted: p.slotted }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} is cast from high-carbon G3000 iron and machined flat, with a ${p.slotted ? 'slotted face that sweeps gas and dust from under the pads' : 'smooth face for quiet, even wear'}.`,
          specs: [`${p.dia}mm ${p.vented ? 'vented' : 'solid'}, front axle`, 'Anti-corrosion coating on the hat and vanes', 'Sold individually; replace in pairs', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. Fit new pads with new rotors, and bed them in gently over the first 200km.`,
          short: `${p.dia}mm ${p.slotted ? 'slotted ' : ''}front brake rotor for the ${p.veh}, sold individually.`,
        }),
        products: [
          P('BR-RT319-HLX', 'Brolga Slotted Front Brake Rotor 319mm Toyota HiLux 2015-on', 'brolga', 139.0, 9.2, { dia: 319, vented: true, slotted: true, veh: 'Toyota HiLux (2015-on)', models: ['HiLux'], pn: ['RT319S', '43512-0K180', 'DR1810', 'RDA7319'] }),
          P('BR-RT302-RGR', 'Brolga Front Brake Rotor 302mm Ford Ranger and Mazda BT-50', 'brolga', 119.0, 8.6, { dia: 302, vented: true, veh: 'Ford Ranger PX to PX3 and Mazda BT-50 (2011-2022)', models: ['Ranger', 'BT-50'], pn: ['RT302', 'AB31-1125-BA', 'UC2C-33-251', 'DR2263'] }),
          P('BR-RT275-COR', 'Brolga Front Brake Rotor 275mm Toyota Corolla 2012-2019', 'brolga', 74.95, 5.4, { dia: 275, vented: true, veh: 'Toyota Corolla (2012-2019)', models: ['Corolla'], pn: ['RT275', '43512-02300', 'DR1999', 'RDA7275'] }),
          P('BR-RT280-I30', 'Brolga Front Brake Rotor 280mm Hyundai i30 and Kia Cerato', 'brolga', 79.95, 6.1, { dia: 280, vented: true, veh: 'Hyundai i30 PD and Kia Cerato BD', models: ['i30', 'Cerato'], pn: ['RT280', '51712-F2000', 'DR2210', 'RDA7280'] }),
          P('BR-RT297-CX5', 'Brolga Front Brake Rotor 297mm Mazda CX-5', 'brolga', 99.95, 7.8, { dia: 297, vented: true, veh: 'Mazda CX-5 (2012-on)', models: ['CX-5'], pn: ['RT297', 'K011-33-25XB', 'DR2231', 'RDA7297'] }),
        ],
      },
      {
        title: 'Brake Fluid',
        tags: ['brake fluid', 'hydraulic fluid', 'clutch fluid', 'DOT 4'],
        products: [
          P('BR-DOT4-500', 'Brolga DOT 4 Brake Fluid 500ml', 'brolga', 14.95, 0.6, {
            art: ['bottle', { label: 'DOT 4' }],
            tags: ['DOT 4'],
            pn: ['BF4-500', '08823-80011'],
            d: ['The ' + strong('Brolga DOT 4 Brake Fluid') + ' is a glycol-based fluid for brake and clutch systems that call for DOT 3 or DOT 4.', ['Dry boiling point 265°C, wet 170°C', 'Meets FMVSS 116 DOT 4 and SAE J1704', '500ml sealed bottle'], 'Brake fluid absorbs moisture: flush it every two years, and keep the bottle closed.'],
            short: 'DOT 4 brake and clutch fluid with a 265°C dry boiling point, 500ml.',
          }),
          P('BR-DOT51-1L', 'Brolga DOT 5.1 High Performance Brake Fluid 1L', 'brolga', 29.95, 1.1, {
            art: ['bottle', { label: 'DOT 5.1' }],
            tags: ['DOT 5.1', 'DOT 4'],
            pn: ['BF51-1', '08823-80051'],
            d: ['The ' + strong('Brolga DOT 5.1 Brake Fluid') + ' resists fade under towing and hard driving, and mixes with DOT 3 and DOT 4 fluids.', ['Dry boiling point 270°C, wet 185°C', 'Low viscosity for ABS and stability control', '1L, enough to flush most cars'], 'Not a silicone DOT 5 fluid: never mix it with DOT 5.'],
            short: 'High-performance DOT 5.1 brake fluid for towing and hard driving, 1 litre.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Filters',
    color: '#3d5a80',
    thumb: ['oilFilter', 'mulga', { label: 'MO386' }],
    children: [
      {
        title: 'Oil Filters',
        tags: ['oil filter', 'engine oil filter', 'service parts', 'filters'],
        extraTags: (p) => [p.pn[0], ...p.models],
        art: (p) => (p.cartridge ? ['cartridge', { label: p.pn[0] }] : ['oilFilter', { label: p.pn[0] }]),
        tpl: (p) => ({
          intro: `The ${strong(p.name)} ${p.cartridge ? 'is a cartridge element with synthetic-blend media' : 'is a spin-on filter with synthetic-blend media and a silicone anti-drain-back valve'} that traps fine wear particles between services.`,
          specs: [`${p.cartridge ? 'Cartridge element with new O-rings' : 'Spin-on canister with nitrile gasket'}`, 'Filters to 20 microns at 98% efficiency', 'Rated for extended drain intervals with synthetic oil', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. Change it with every oil change, and oil the new seal before fitting.`,
          short: `${p.cartridge ? 'Oil filter cartridge' : 'Spin-on oil filter'} for the ${p.veh}.`,
        }),
        products: [
          P('MU-MO1120', 'Mulga MO1120 Oil Filter Cartridge Toyota 1GD and 2GD Diesel', 'mulga', 24.95, 0.2, { cartridge: true, veh: 'Toyota HiLux, Prado and LandCruiser 70 with the 2.4 or 2.8 diesel (2015-on)', models: ['HiLux', 'Prado', 'LandCruiser'], pn: ['MO1120', '04152-YZZA9', 'R2651P', 'WCO210'] }),
          P('MU-MO1160', 'Mulga MO1160 Oil Filter Ford Ranger and Mazda BT-50 Diesel', 'mulga', 19.95, 0.4, { veh: 'Ford Ranger, Everest and Mazda BT-50 with the 2.2 or 3.2 diesel (2011-2022)', models: ['Ranger', 'BT-50', 'Everest'], pn: ['MO1160', 'BB3Q-6714-BC', 'Z1160', 'WZ1160'] }),
          P('MU-MO386', 'Mulga MO386 Oil Filter Toyota Corolla, Yaris and RAV4', 'mulga', 14.95, 0.25, { veh: 'Toyota Corolla, Yaris and RAV4 with a 1.3 to 2.0 petrol engine', models: ['Corolla', 'Yaris', 'RAV4'], pn: ['MO386', '90915-YZZE3', 'Z386', 'WZ386'] }),
          P('MU-MO436', 'Mulga MO436 Oil Filter Mazda SkyActiv Petrol', 'mulga', 16.95, 0.3, { veh: 'Mazda3, CX-3 and CX-5 with the 2.0 or 2.5 SkyActiv petrol', models: ['Mazda3', 'CX-5', 'CX-3'], pn: ['MO436', 'PE01-14-302B', 'Z436', 'WZ436'] }),
          P('MU-MO547', 'Mulga MO547 Oil Filter Hyundai and Kia Petrol', 'mulga', 14.95, 0.25, { veh: 'Hyundai i30, Tucson and ix35 and Kia Cerato and Sportage with a 1.6 to 2.0 petrol engine', models: ['i30', 'Cerato', 'Tucson', 'Sportage'], pn: ['MO547', '26300-35531', 'Z547', 'WZ547'] }),
          P('SCA-OF-516', 'Southern Cross Auto OF516 Oil Filter Toyota 3.0 Diesel', 'sca', 12.95, 0.45, { veh: 'Toyota HiLux and Prado with the 1KD 3.0 diesel (2005-2015)', models: ['HiLux', 'Prado'], pn: ['OF516', '90915-YZZJ1', 'Z516', 'WZ516'] }),
        ],
      },
      {
        title: 'Air Filters',
        tags: ['air filter', 'engine air filter', 'service parts', 'filters'],
        extraTags: (p) => [p.pn[0], ...p.models],
        art: (p) => ['panelFilter', { label: p.pn[0] }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} is a panel filter with deep pleats of resin-treated cellulose that hold dust without starving the engine of air.`,
          specs: ['Moulded polyurethane seal', '99% efficiency against fine road dust', 'Check every 10,000km on dirt roads', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. Tap out loose dust between services, and replace it when the pleats stay dark.`,
          short: `Engine air filter for the ${p.veh}.`,
        }),
        products: [
          P('MU-MA1640', 'Mulga MA1640 Air Filter Toyota HiLux and Prado Diesel 2015-on', 'mulga', 34.95, 0.6, { veh: 'Toyota HiLux and Prado with the 2.4 or 2.8 diesel (2015-on)', models: ['HiLux', 'Prado'], pn: ['MA1640', '17801-0E041', 'A1640', 'WA1640'] }),
          P('MU-MA1785', 'Mulga MA1785 Air Filter Ford Ranger and Mazda BT-50 Diesel', 'mulga', 32.95, 0.6, { veh: 'Ford Ranger, Everest and Mazda BT-50 with the 2.2 or 3.2 diesel (2011-2022)', models: ['Ranger', 'BT-50', 'Everest'], pn: ['MA1785', 'AB39-9601-AB', 'A1785', 'WA1785'] }),
          P('MU-MA1550', 'Mulga MA1550 Air Filter Toyota Corolla 1.8', 'mulga', 22.95, 0.35, { veh: 'Toyota Corolla with the 1.8 petrol (2007-2019)', models: ['Corolla'], pn: ['MA1550', '17801-0T030', 'A1550', 'WA1550'] }),
          P('MU-MA1722', 'Mulga MA1722 Air Filter Mazda3 and CX-3', 'mulga', 24.95, 0.35, { veh: 'Mazda3 (2014-on) and Mazda CX-3 with the SkyActiv petrol', models: ['Mazda3', 'CX-3'], pn: ['MA1722', 'PE07-13-3A0A', 'A1722', 'WA1722'] }),
        ],
      },
      {
        title: 'Cabin Filters',
        tags: ['cabin filter', 'pollen filter', 'air conditioning filter', 'filters'],
        extraTags: (p) => [p.pn[0], ...(p.carbon ? ['activated carbon'] : []), ...p.models],
        art: (p) => ['panelFilter', { carbon: p.carbon, white: !p.carbon, label: p.pn[0] }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} catches dust, pollen and soot before they reach the cabin${p.carbon ? ', and its activated-carbon layer soaks up diesel fumes and smells' : ''}.`,
          specs: [p.carbon ? 'Activated carbon plus electrostatic media' : 'Electrostatic particle media', 'Traps pollen and particles down to 2.5 microns', 'Replace every 15,000km or once a year', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. It sits behind the glovebox and changes in about five minutes; the arrows point in the direction of airflow.`,
          short: `${p.carbon ? 'Activated-carbon cabin' : 'Cabin'} filter for the ${p.veh}.`,
        }),
        products: [
          P('MU-MC3122', 'Mulga MC3122 Carbon Cabin Filter Toyota', 'mulga', 29.95, 0.2, { carbon: true, veh: 'Toyota HiLux (2015-on), Corolla, Camry, RAV4 and Prado', models: ['HiLux', 'Corolla', 'Camry', 'RAV4', 'Prado'], pn: ['MC3122', '87139-0K070', 'RCA122C', 'WACF0122'] }),
          P('MU-MC3160', 'Mulga MC3160 Cabin Filter Ford Ranger and Everest', 'mulga', 24.95, 0.2, { veh: 'Ford Ranger, Everest and Mazda BT-50 (2011-on)', models: ['Ranger', 'Everest', 'BT-50'], pn: ['MC3160', 'AB39-19N619-AB', 'RCA160P', 'WACF0160'] }),
          P('MU-MC3178', 'Mulga MC3178 Carbon Cabin Filter Mazda', 'mulga', 27.95, 0.2, { carbon: true, veh: 'Mazda3 (2014-on), CX-3 and CX-5', models: ['Mazda3', 'CX-5', 'CX-3'], pn: ['MC3178', 'KD45-61-J6XA', 'RCA178C', 'WACF0178'] }),
        ],
      },
      {
        title: 'Fuel Filters',
        tags: ['fuel filter', 'diesel filter', 'water separator', 'filters'],
        extraTags: (p) => [p.pn[0], 'diesel', ...p.models],
        art: (p) => ['cartridge', { slim: true, water: true, label: p.pn[0] }],
        tpl: (p) => ({
          intro: `Modern common-rail diesels are fussy about clean fuel: the ${strong(p.name)} strips out water and particles down to 4 microns before they reach the injectors.`,
          specs: ['Diesel only', '4 micron media with water separation', 'New O-rings supplied', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. Replace it every 20,000km, or sooner after a tank of doubtful fuel, and bleed the system before starting.`,
          short: `Diesel fuel filter and water separator element for the ${p.veh}.`,
        }),
        products: [
          P('MU-MF1201', 'Mulga MF1201 Diesel Fuel Filter Toyota 1GD and 2GD', 'mulga', 49.95, 0.4, { veh: 'Toyota HiLux, Prado and LandCruiser 70 with the 2.4 or 2.8 diesel (2015-on)', models: ['HiLux', 'Prado', 'LandCruiser'], pn: ['MF1201', '23390-0L070', 'R2725P', 'WCF201'] }),
          P('MU-MF1199', 'Mulga MF1199 Diesel Fuel Filter Ford Ranger and Mazda BT-50', 'mulga', 54.95, 0.45, { veh: 'Ford Ranger, Everest and Mazda BT-50 with the 2.2 or 3.2 diesel (2011-2022)', models: ['Ranger', 'BT-50', 'Everest'], pn: ['MF1199', 'AB39-9176-AC', 'R2728P', 'WCF199'] }),
        ],
      },
    ],
  },
  {
    title: 'Oils & Fluids',
    color: '#c08a1e',
    thumb: ['jug', 'lyrebird', { label: '5W-30' }],
    children: [
      {
        title: 'Engine Oil',
        tags: ['engine oil', 'motor oil', 'oil change', 'lubricant'],
        extraTags: (p) => [p.grade, p.synth],
        art: (p) => ['jug', { label: p.grade }],
        tpl: (p) => ({
          intro: `${p.intro} ${strong(p.name)} is blended in Australia and tested for heat, dust and long idling.`,
          specs: [`SAE ${p.grade}, ${p.synth}`, `Meets ${p.specs}`, `${p.litres}L`],
          fit: `${p.fit} Check the grade and specification in your owner's manual before ordering.`,
          short: `${p.grade} ${p.synth} engine oil ${p.use}, ${p.litres} litres.`,
        }),
        products: [
          P('LB-5W30-5L', 'Lyrebird 5W-30 Fully Synthetic Engine Oil 5L', 'lyrebird', 59.95, 4.6, { grade: '5W-30', synth: 'fully synthetic', litres: 5, use: 'for modern petrol and diesel engines with particulate filters', specs: 'API SP, ACEA C3, ILSAC GF-6A', intro: 'Low-ash and fully synthetic,', fit: 'Suits most modern petrol and common-rail diesel engines, including those with a diesel particulate filter.', pn: ['LB530-5', '08880-83713'] }),
          P('LB-10W40-5L', 'Lyrebird 10W-40 Semi Synthetic Engine Oil 5L', 'lyrebird', 39.95, 4.6, { grade: '10W-40', synth: 'semi synthetic', litres: 5, use: 'for older and high-kilometre petrol engines', specs: 'API SN, ACEA A3/B4', intro: 'A thicker hot film for engines with a few kilometres on them:', fit: 'Suits older petrol engines and those that now use a little oil between changes.', pn: ['LB1040-5', '08880-83390'] }),
          P('LB-15W40-10L', 'Lyrebird 15W-40 Heavy Duty Diesel Engine Oil 10L', 'lyrebird', 69.95, 9.1, { grade: '15W-40', synth: 'mineral', litres: 10, use: 'for diesel 4WDs, utes and trucks without particulate filters', specs: 'API CK-4, ACEA E7', intro: 'Built for towing, corrugations and hot days,', fit: 'Suits older diesel 4WDs, utes, tractors and trucks. For diesels with a particulate filter, choose a low-ash C3 oil instead.', pn: ['LB1540-10', '08880-83455'] }),
          P('LB-0W20-5L', 'Lyrebird 0W-20 Fully Synthetic Engine Oil 5L', 'lyrebird', 64.95, 4.5, { grade: '0W-20', synth: 'fully synthetic', litres: 5, use: 'for hybrids and late-model petrol engines', specs: 'API SP, ILSAC GF-6A', intro: 'Thin when cold and fuel-saving,', fit: 'Suits hybrids and late-model petrol engines that call for 0W-20, including many Toyotas, Mazdas and Hondas.', pn: ['LB020-5', '08880-83264'] }),
          P('LB-5W40-5L', 'Lyrebird 5W-40 Fully Synthetic European Engine Oil 5L', 'lyrebird', 62.95, 4.6, { grade: '5W-40', synth: 'fully synthetic', litres: 5, use: 'for European petrol and diesel engines', specs: 'API SP, ACEA C3, VW 505 00', intro: 'Approved for long service intervals,', fit: 'Suits European petrol and diesel engines that call for a 5W-40 C3 oil.', pn: ['LB540-5', '08880-83561'] }),
        ],
      },
      {
        title: 'Coolant',
        tags: ['coolant', 'antifreeze', 'radiator coolant', 'cooling system'],
        products: [
          P('LB-COOL-5L', 'Lyrebird Long Life Coolant Concentrate 5L', 'lyrebird', 44.95, 5.5, {
            art: ['jug', { label: '5L' }],
            tags: ['long life coolant', 'OAT'],
            pn: ['LBC-5', '08889-80070'],
            d: ['The ' + strong('Lyrebird Long Life Coolant Concentrate') + ' protects aluminium and iron engines against corrosion, boil-over and freezing for up to five years.', ['Organic acid technology (OAT), silicate and phosphate free', 'Mix 50/50 with clean water: makes 10L', 'Boil protection to 129°C with a 100kPa cap'], 'Compatible with most long-life pink, red and green coolants; flush the old coolant out before refilling.'],
            short: 'Long-life OAT coolant concentrate that makes 10 litres at 50/50.',
          }),
          P('LB-COOL-RTU-5L', 'Lyrebird Premixed Long Life Coolant 5L', 'lyrebird', 29.95, 5.4, {
            art: ['jug', { label: '50/50' }],
            tags: ['premixed coolant', 'OAT'],
            pn: ['LBC-RTU5', '08889-80071'],
            d: ['The ' + strong('Lyrebird Premixed Long Life Coolant') + ' is ready to pour straight into the radiator or overflow bottle, with no mixing.', ['50/50 premix with demineralised water', 'Organic acid technology (OAT)', 'Boil protection to 129°C with a 100kPa cap'], 'Ideal for top-ups and for small cooling systems.'],
            short: 'Ready-to-use 50/50 long-life coolant, 5 litres.',
          }),
        ],
      },
    ],
  },
  {
    title: 'Ignition',
    color: '#6d597a',
    thumb: ['sparkPlug', 'firetail', { tip: 'iridium' }],
    children: [
      {
        title: 'Spark Plugs',
        tags: ['spark plugs', 'ignition', 'tune-up', 'plugs'],
        extraTags: (p) => [p.tip, p.pn[2], ...p.models],
        art: (p) => ['sparkPlug', { tip: p.tip, label: p.pn[0] }],
        tpl: (p) => ({
          intro: {
            iridium: `The ${strong(p.name)} has a 0.6mm iridium centre electrode that fires reliably with less voltage and keeps its gap for up to 100,000km.`,
            platinum: `The ${strong(p.name)} has platinum pads on both electrodes, so it wears slowly and keeps a crisp spark for up to 60,000km.`,
            copper: `The ${strong(p.name)} is a copper-core plug that runs cool and fires hot, the original choice for older and carburettor-era engines.`,
          }[p.tip],
          specs: [`${p.tip === 'copper' ? 'Nickel-alloy electrode with copper core' : p.tip === 'iridium' ? 'Iridium centre electrode, platinum ground' : 'Double platinum'}`, `Gap ${p.gap}mm, pre-set`, 'Sold individually: order one per cylinder', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. Fit to a cold engine and tighten to the torque in your workshop manual.`,
          short: `${p.tip[0].toUpperCase()}${p.tip.slice(1)} spark plug for the ${p.veh}, sold individually.`,
        }),
        products: [
          P('FT-IR1611', 'Firetail Iridium Spark Plug IR1611 Toyota', 'firetail', 19.95, 0.06, { tip: 'iridium', gap: '1.1', veh: 'Toyota Corolla, Yaris and RAV4 with the 1.5, 1.8 or 2.0 petrol', models: ['Corolla', 'Yaris', 'RAV4'], pn: ['IR1611', '90919-01291', 'SK16R11', 'ILKAR7B11'] }),
          P('FT-IR1470', 'Firetail Long Life Iridium Spark Plug IR1470 Mazda', 'firetail', 24.95, 0.06, { tip: 'iridium', gap: '0.8', veh: 'Mazda3, CX-3 and CX-5 with the SkyActiv petrol', models: ['Mazda3', 'CX-5', 'CX-3'], pn: ['IR1470', 'PE5R-18-110', 'SILZKR7C11', 'ILKR7J8'] }),
          P('FT-PT2240', 'Firetail Double Platinum Spark Plug PT2240 Holden V6', 'firetail', 14.95, 0.06, { tip: 'platinum', gap: '1.1', veh: 'Holden Commodore VE and VF with the 3.0 or 3.6 V6', models: ['Commodore'], pn: ['PT2240', '12625058', 'PK20PR-L11', '41-114'] }),
          P('FT-CU5810', 'Firetail Copper Core Spark Plug CU5810 Toyota and Mitsubishi', 'firetail', 7.95, 0.05, { tip: 'copper', gap: '0.9', veh: 'Toyota HiLux 2.7 petrol and Mitsubishi Triton 2.4 petrol', models: ['HiLux', 'Triton'], pn: ['CU5810', '90919-01247', 'K20R-U11', 'BKR6E-11'] }),
        ],
      },
    ],
  },
  {
    title: 'Wipers',
    color: '#264653',
    thumb: ['wiperBlade', 'wagtail', {}],
    children: [
      {
        title: 'Wiper Blades',
        tags: ['wiper blades', 'windscreen wipers', 'wipers', 'beam blade'],
        extraTags: (p) => [`${p.inches}in`, `${p.mm}mm`, ...(p.rear ? ['rear wiper'] : [])],
        art: (p) => ['wiperBlade', { rear: p.rear, label: `${p.inches}"` }],
        tpl: (p) =>
          p.rear
            ? {
                intro: `The ${strong(p.name)} is a compact rear blade with a natural-rubber edge that clears the back window of hatches, wagons and SUVs.`,
                specs: [`${p.inches}in (${p.mm}mm)`, 'Plastic frame with integrated rear-arm clip', 'Graphite-coated natural rubber', 'Sold individually'],
                fit: "Suits rear wiper arms with a snap-in clip. Measure your old blade, or check the fitment list for your vehicle.",
                short: `${p.inches}in (${p.mm}mm) rear wiper blade for hatches, wagons and SUVs.`,
              }
            : {
                intro: `The ${strong(p.name)} is a frameless beam blade that presses evenly along the whole screen, with a low spoiler that holds it down at highway speed.`,
                specs: [`${p.inches}in (${p.mm}mm)`, 'Multi-adapter: J-hook, pin and side-lock arms', 'UV-resistant synthetic rubber with graphite coating', 'Sold individually'],
                fit: 'Most cars use two different lengths: check the fitment list for the driver and passenger sides of your vehicle.',
                short: `${p.inches}in (${p.mm}mm) beam wiper blade with a multi-fit adapter, sold individually.`,
              },
        products: [
          P('WT-WB-14', 'Wagtail Beam Wiper Blade 14in 350mm', 'wagtail', 16.95, 0.15, { inches: 14, mm: 350, pn: ['WB14', '85222-02220', 'AF14', 'U14'] }),
          P('WT-WB-16', 'Wagtail Beam Wiper Blade 16in 400mm', 'wagtail', 17.95, 0.16, { inches: 16, mm: 400, pn: ['WB16', '85222-0K080', 'AF16', 'U16'] }),
          P('WT-WB-18', 'Wagtail Beam Wiper Blade 18in 450mm', 'wagtail', 18.95, 0.17, { inches: 18, mm: 450, pn: ['WB18', 'BHN1-67-33YA', 'AF18', 'U18'] }),
          P('WT-WB-20', 'Wagtail Beam Wiper Blade 20in 500mm', 'wagtail', 19.95, 0.18, { inches: 20, mm: 500, pn: ['WB20', '85212-0K020', 'AF20', 'U20'] }),
          P('WT-WB-22', 'Wagtail Beam Wiper Blade 22in 550mm', 'wagtail', 21.95, 0.19, { inches: 22, mm: 550, pn: ['WB22', '85212-0K070', 'AF22', 'U22'] }),
          P('WT-WB-24', 'Wagtail Beam Wiper Blade 24in 600mm', 'wagtail', 22.95, 0.2, { inches: 24, mm: 600, pn: ['WB24', 'KD53-67-330', 'AF24', 'U24'] }),
          P('WT-WB-26', 'Wagtail Beam Wiper Blade 26in 650mm', 'wagtail', 23.95, 0.21, { inches: 26, mm: 650, pn: ['WB26', '85212-02360', 'AF26', 'U26'] }),
          P('WT-RB-12', 'Wagtail Rear Wiper Blade 12in 300mm', 'wagtail', 14.95, 0.1, { inches: 12, mm: 300, rear: true, pn: ['RB12', '85242-12110', 'AR12', 'R12'] }),
        ],
      },
    ],
  },
  {
    title: 'Engine',
    color: '#283593',
    thumb: ['driveBelt', 'sca', { label: '6PK1795' }],
    children: [
      {
        title: 'Drive Belts',
        tags: ['drive belt', 'fan belt', 'serpentine belt', 'ribbed belt', 'accessory belt'],
        extraTags: (p) => [p.pn[0], ...p.models],
        art: (p) => ['driveBelt', { label: p.pn[0] }],
        tpl: (p) => ({
          intro: `The ${strong(p.name)} is a ${p.ribs}-rib EPDM belt that drives the alternator, water pump and air-conditioning compressor, and stays quiet and crack-free in the heat.`,
          specs: [`${p.ribs} ribs, ${p.length}mm effective length`, 'EPDM rubber with aramid cords', 'Resists cracking, glazing and oil', `Replaces ${p.pn.slice(1, 3).join(' and ')}`],
          fit: `Made for the ${p.veh}. Inspect the tensioner and idler pulleys when you change the belt, and note the routing before taking the old one off.`,
          short: `${p.pn[0]} ribbed drive belt for the ${p.veh}.`,
        }),
        products: [
          P('SCA-6PK1795', 'Southern Cross Auto Drive Belt 6PK1795 Toyota 1GD and 2GD', 'sca', 39.95, 0.25, { ribs: 6, length: 1795, veh: 'Toyota HiLux, Prado and LandCruiser 70 with the 2.4 or 2.8 diesel (2015-on)', models: ['HiLux', 'Prado'], pn: ['6PK1795', '90916-A2026', 'DB6PK1795'] }),
          P('SCA-6PK2285', 'Southern Cross Auto Drive Belt 6PK2285 Ford Ranger 3.2', 'sca', 44.95, 0.3, { ribs: 6, length: 2285, veh: 'Ford Ranger, Everest and Mazda BT-50 with the 3.2 diesel (2011-2022)', models: ['Ranger', 'BT-50', 'Everest'], pn: ['6PK2285', 'BK3Q-8620-CA', 'DB6PK2285'] }),
          P('SCA-7PK1516', 'Southern Cross Auto Drive Belt 7PK1516 Toyota Corolla 1.8', 'sca', 29.95, 0.2, { ribs: 7, length: 1516, veh: 'Toyota Corolla with the 1.8 petrol (2007-2019)', models: ['Corolla'], pn: ['7PK1516', '90916-A2015', 'DB7PK1516'] }),
        ],
      },
    ],
  },
];

// Sales: whole-percent cuts ('15%') become percent discounts in the store, dollar cuts ('$10') fixed discounts.
const SALES = {
  'VC-DIN65-680': '10%', 'BG-DIN85-AGM': '15%', 'VC-N70ZZ-DUAL': '10%', 'VC-DC120-AGM': '20%',
  'OG-JS3000': '15%', 'VC-JS1000': '20%', 'KL-LED-H4': '25%', 'KL-LED-H7': '25%',
  'GW-LN-M12150': '20%', 'GW-LN-M12125': '20%', 'GW-LN-M14150': '20%', 'IB-LN-M14150-4WD': '20%',
  'TQ-SS-216': '15%', 'IB-TJ-3T': '10%', 'CG-HAIL-LG': '20%',
  'VC-NS70-680': '$20', 'BG-NS70-650': '$20', 'BL-H4-PLUS150': '$10', 'KL-H11-55': '$5',
  'KL-TRCH-1200': '$10', 'GW-WN-M14150-24': '$5', 'RG-SS-94': '$20', 'TQ-OBD-PRO': '$30',
  'CG-OUT-MD': '$15', 'DT-CN-8X5': '$10', 'SB-FM-UNI-4': '$10', 'MM-PH-VENT': '$5',
  'SW-WAW-2L': '$3', 'SW-KIT-WASH': '$10', 'HB-OUT-UTE': '$20', 'DT-CB-KAYAK': '$5',
};

const FEATURED = [
  'VC-NS70-680', 'BG-LFP100', 'BL-H4-PLUS150', 'KL-LED-H4', 'KL-TRCH-1200', 'GW-LN-M12150',
  'TQ-SS-216', 'IB-TJ-2T', 'CG-HAIL-MD', 'DT-CN-6X4', 'SB-FM-UNI-4', 'MM-PH-WIRELESS', 'SW-WAW-2L',
];

const BADGES = {
  'BL-LED-H4-PRO': 'New', 'MM-PH-WIRELESS': 'New', 'SW-SEAL-500': 'New', 'OG-DCDC-25': 'New',
  'VC-JS2000': 'Hot', 'KL-TRCH-1200': 'Hot', 'DT-RS-25-4': 'Hot', 'BG-LFP100': 'Hot',
  'VC-NS70-680': 'Sale', 'KL-LED-H4': 'Sale', 'GW-LN-M12150': 'Sale', 'TQ-SS-216': 'Sale',
};

const OUT_OF_STOCK = [
  'SCA-N50-620', 'BG-DC75-AGM', 'KL-HB4-51', 'IB-WS-UNF-10', 'TQ-TJ-ALU-15',
  'CG-IN-XL', 'OG-CB-ROOF', 'MM-PH-TABLET', 'SW-ODOUR-250', 'SB-SC-UNI-GRY',
];

/** Products that get a second gallery image (their retail box). */
const GALLERY = [
  'VC-NS70-680', 'VC-DIN65-680', 'BG-LFP100', 'VC-JS2000', 'BL-H4-6055', 'BL-H4-PLUS150', 'KL-H7-PLUS130',
  'KL-LED-H4', 'BL-LED-HB3', 'KL-TRCH-1200', 'GW-WN-M12150-20', 'GW-LN-M12150', 'IB-WS-M12150-10',
  'RG-SS-94', 'TQ-TW-12', 'TQ-OBD-PRO', 'DT-RS-25-4', 'SB-FM-UNI-4', 'MM-PH-WIRELESS', 'SW-WAW-2L', 'SW-MF-6PK',
];

/** This product names an image that is deliberately not drawn, to show the "product image not found" placeholder. */
const MISSING_IMAGE_SKU = 'SCA-CN-BOOT';

// ---------------------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------------------

const HEADER = [
  'ID', 'Type', 'SKU', 'Name', 'Published', 'Is featured?', 'Short description', 'Description', 'In stock?', 'Stock',
  'Weight (kg)', 'Sale price', 'Regular price', 'Categories', 'Tags', 'Images', 'Parent', 'Brands',
  'Meta: _badge', 'Meta: _seo_title', 'Meta: _seo_description', 'Meta: _part_numbers', 'dangerous_goods_class',
];

/**
 * Issue 41: the ADG class of a product, for delivery (decision 0069): lead-acid, AGM and EFB batteries are Class 8
 * (corrosive), lithium (LiFePO4) batteries Class 9; anything else none. The demo sells nothing bulky.
 */
const dangerousGoodsClassOf = (childTitle, p) =>
  childTitle === 'Car Batteries' || childTitle === '4WD & Deep Cycle' ? (p.chem === 'LFP' ? '9' : '8') : '';

const money = (v) => v.toFixed(2);
const cents = (v) => Math.round(v * 100);
/**
 * The catalog below lists prices ex. GST; the store keeps and the CSV carries shelf prices INCLUDING GST (decision
 * 0046): the ex-GST price plus 10% GST rounded up to the cent, exactly the price shoppers were shown before.
 */
const incGstCents = (exCents) => Math.floor((exCents * 110 + 99) / 100);
const incGst = (dollars) => incGstCents(cents(dollars)) / 100;
const kgText = (v) => v.toFixed(2).replace(/0$/, '');

/**
 * Whole percent or whole dollars off the ex-GST price; returns the sale price inc. GST (rounded up like the regular
 * price, so the sale price shown is the one shoppers saw) and which kind of discount the importer will see in it.
 */
function salePrice(sku, regular) {
  const rule = SALES[sku];
  if (!rule) return null;
  const reg = cents(regular);
  const sale = rule.endsWith('%') ? reg - (reg * Number(rule.slice(0, -1))) / 100 : reg - Number(rule.slice(1)) * 100;
  assert(Number.isInteger(sale) && sale > 0, `${sku}: sale ${rule} on ${regular} is not a whole number of cents`);
  const isPercent = Number.isInteger(((reg - sale) * 100) / reg);
  assert(isPercent === rule.endsWith('%'), `${sku}: ${rule} off ${regular} would import as the other discount kind`);
  const [regInc, saleInc] = [incGstCents(reg), incGstCents(sale)];
  // Rounding up can leave a whole-percent cut a cent off a whole percent of the inc-GST price: then a fixed amount.
  const incPercent = Number.isInteger(((regInc - saleInc) * 100) / regInc);
  return { price: saleInc / 100, kind: incPercent ? 'percent' : 'fixed' };
}

function stockOf(sku, price) {
  if (OUT_OF_STOCK.includes(sku)) return 0;
  const cap = price > 300 ? 30 : price > 150 ? 60 : price > 60 ? 120 : 250;
  return 1 + (hash(sku) % cap);
}

function seoTitle(name) {
  const withStore = `${name} | ${STORE_NAME}`;
  if (withStore.length < 60) return withStore;
  if (name.length < 60) return name;
  let t = '';
  for (const w of name.split(' ')) {
    if (`${t} ${w}`.trim().length > 56) break;
    t = `${t} ${w}`.trim();
  }
  return t;
}

function seoDescription(short) {
  const d = `${short} Delivered Australia-wide, free over $100.`;
  return d.length < 160 ? d : short;
}

const imageName = (sku, n = 1) => `${sku.toLowerCase()}${n > 1 ? `-${n}` : ''}.webp`;

/**
 * Orders rows round-robin across top categories (a variable parent keeps its variations right after it), so
 * the store's "newest first" lists mix ranges instead of showing one category; the first row of each category
 * still appears in CATALOG order, which fixes the category order. IDs are renumbered in the new order.
 */
function interleaveByCategory(rows) {
  const groups = new Map();
  let current = null;
  for (const r of rows) {
    if (r.Type === 'variation') {
      current.push(r);
      continue;
    }
    const top = r.Categories.split('>')[0].trim();
    current = [r];
    if (!groups.has(top)) groups.set(top, []);
    groups.get(top).push(current);
  }
  const lists = [...groups.values()];
  const out = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (l[i]) out.push(...l[i]);
  out.forEach((r, i) => {
    r.ID = 1001 + i;
  });
  return out;
}

function buildRows() {
  const rows = [];
  const images = []; // { file, kind, accent, opts, pack }
  let id = 1001;
  let simpleIndex = 0;
  for (const cat of CATALOG) {
    for (const child of cat.children) {
      for (const p of child.products) {
        const brand = BRANDS[p.brand];
        assert(brand, `${p.sku}: unknown brand ${p.brand}`);
        const accent = brand.color;
        const copy = p.d ? { intro: p.d[0], specs: p.d[1], fit: p.d[2], short: p.short } : child.tpl(p);
        const fit = copy.fit ?? p.fit;
        const description = html(copy.intro, copy.specs, fit);
        const tags = [...new Set([...child.tags, ...(child.extraTags ? child.extraTags(p) : []), ...(p.tags ?? [])])];
        const [kind, opts] = p.art ?? child.art(p);
        const categories = `${cat.title} > ${child.title}`;
        const common = {
          Published: 1,
          'Short description': copy.short,
          Description: description,
          Categories: categories,
          Tags: tags.join(', '),
          Brands: brand.title,
          dangerous_goods_class: dangerousGoodsClassOf(child.title, p),
        };
        const seoIndex = simpleIndex++;
        const seo = seoIndex % 8 === 5 ? {} : { 'Meta: _seo_title': seoTitle(p.name), 'Meta: _seo_description': seoDescription(copy.short) };

        if (p.variable) {
          const parentStock = p.options.reduce((sum, [, sku, price]) => sum + stockOf(sku, price), 0);
          rows.push({
            ID: id++, Type: 'variable', SKU: p.sku, Name: p.name, ...common, 'Is featured?': 0,
            'In stock?': 1, Stock: parentStock, Images: imageName(p.sku), ...seo,
          });
          images.push({ file: imageName(p.sku), kind, accent, opts });
          for (const [option, sku, price, kg, artOpts] of p.options) {
            const stock = stockOf(sku, price);
            const name = `${p.name} - ${option}`;
            rows.push({
              ID: id++, Type: 'variation', SKU: sku, Name: name, ...common, 'Is featured?': 0,
              'In stock?': stock > 0 ? 1 : 0, Stock: stock, 'Weight (kg)': kgText(kg), 'Regular price': money(incGst(price)),
              Images: imageName(sku), Parent: p.sku,
              'Meta: _seo_title': seoTitle(name), 'Meta: _seo_description': seoDescription(copy.short),
            });
            images.push({ file: imageName(sku), kind, accent, opts: { ...opts, ...artOpts } });
          }
          continue;
        }

        const sale = salePrice(p.sku, p.price);
        const stock = stockOf(p.sku, p.price);
        const files = [imageName(p.sku)];
        if (GALLERY.includes(p.sku)) files.push(imageName(p.sku, 2));
        rows.push({
          ID: id++, Type: 'simple', SKU: p.sku, Name: p.name, ...common,
          'Is featured?': FEATURED.includes(p.sku) ? 1 : 0,
          'In stock?': stock > 0 ? 1 : 0, Stock: stock, 'Weight (kg)': kgText(p.kg),
          'Sale price': sale ? money(sale.price) : '', 'Regular price': money(incGst(p.price)),
          Images: files.join(', '), 'Meta: _badge': BADGES[p.sku] ?? '', ...seo,
          'Meta: _part_numbers': (p.pn ?? []).join(', '),
          _saleKind: sale?.kind,
        });
        if (p.sku !== MISSING_IMAGE_SKU) images.push({ file: files[0], kind, accent, opts });
        if (files[1]) images.push({ file: files[1], kind, accent, opts, pack: true });
      }
    }
  }
  return { rows, images };
}

// ---------------------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------------------

function csvField(value) {
  const s = value === undefined || value === null ? '' : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvLine = (cells) => cells.map(csvField).join(',');

// ---------------------------------------------------------------------------------------------------------
// Brand logos and covers
// ---------------------------------------------------------------------------------------------------------

function emblem(shape, fill) {
  switch (shape) {
    case 'shield':
      return `<path d="M0 -86L74 -60V4Q74 60 0 90Q-74 60 -74 4V-60Z" fill="${fill}"/>`;
    case 'hex':
      return `<polygon points="${pts(hexPoints(0, 0, 88, 1, 30))}" fill="${fill}"/>`;
    case 'diamond':
      return `<rect x="-64" y="-64" width="128" height="128" rx="18" transform="rotate(45)" fill="${fill}"/>`;
    case 'roundsq':
      return `<rect x="-80" y="-80" width="160" height="160" rx="34" fill="${fill}"/>`;
    default:
      return `<circle r="84" fill="${fill}"/>`;
  }
}

function glyph(name, c, bg) {
  switch (name) {
    case 'bolt':
      return `<path d="M8 -50L-32 8H-3L-11 50L32 -8H3Z" fill="${c}"/>`;
    case 'leaf':
      return `<path d="M0 -50C40 -25 40 25 0 50C-40 25 -40 -25 0 -50Z" fill="${c}"/><path d="M0 -34V46" stroke="${bg}" stroke-width="5"/>`;
    case 'stars':
      return [
        [0, -38, 13],
        [-32, -2, 12],
        [30, -10, 11],
        [4, 38, 14],
        [15, 10, 6],
      ]
        .map(([x, y, r]) => `<polygon points="${starPoints(x, y, r)}" fill="${c}"/>`)
        .join('');
    case 'sun': {
      let s = `<circle r="22" fill="${c}"/>`;
      for (let i = 0; i < 8; i++) s += `<rect x="-5" y="-52" width="10" height="20" rx="5" fill="${c}" transform="rotate(${i * 45})"/>`;
      return s;
    }
    case 'beam':
      return `<path d="M-2 -34Q-48 -34 -48 0Q-48 34 -2 34Z" fill="${c}"/><path d="M12 -24H48M12 0H54M12 24H48" stroke="${c}" stroke-width="9" stroke-linecap="round"/>`;
    case 'gear': {
      const teeth = [];
      for (let i = 0; i < 16; i++) {
        const r = i % 2 ? 38 : 50;
        const t1 = ((i * 22.5 - 8) * Math.PI) / 180;
        const t2 = ((i * 22.5 + 8) * Math.PI) / 180;
        teeth.push([r1(r * Math.cos(t1)), r1(r * Math.sin(t1))], [r1(r * Math.cos(t2)), r1(r * Math.sin(t2))]);
      }
      return `<polygon points="${pts(teeth)}" fill="${c}"/><circle r="17" fill="${bg}"/>`;
    }
    case 'spanner':
      return `<g transform="rotate(-45) scale(.95)">${spannerShape(72, 18, c)}</g>`;
    case 'nut':
      return `<path d="${hexPath(0, 0, 50)}" fill="${c}"/><circle r="20" fill="${bg}"/>`;
    case 'tree':
      return `<rect x="-7" y="4" width="14" height="46" rx="4" fill="${c}"/><circle cy="-22" r="30" fill="${c}"/><circle cx="-26" cy="-2" r="21" fill="${c}"/><circle cx="26" cy="-2" r="21" fill="${c}"/>`;
    case 'wave':
      return `<path d="M-48 -12Q-24 -38 0 -12T48 -12M-48 20Q-24 -6 0 20T48 20" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/>`;
    case 'sail':
      return `<path d="M-6 -50V18H-44ZM6 -42L42 18H6Z" fill="${c}"/><path d="M-50 26H50L34 46H-34Z" fill="${c}"/>`;
    case 'hook':
      return `<circle cy="-40" r="10" fill="none" stroke="${c}" stroke-width="8"/><path d="M0 -30V18Q0 44 -24 44Q-46 44 -46 20" fill="none" stroke="${c}" stroke-width="13" stroke-linecap="round"/>`;
    case 'mountain':
      return `<path d="M-54 40L-16 -28L4 4L22 -20L54 40Z" fill="${c}"/><circle cx="28" cy="-38" r="10" fill="${c}"/>`;
    case 'sparkle':
      return `<path d="M-6 -50Q0 -6 42 0Q0 6 -6 50Q-12 6 -54 0Q-12 -6 -6 -50Z" fill="${c}"/><path d="M34 -46Q36 -30 50 -28Q36 -26 34 -10Q32 -26 18 -28Q32 -30 34 -46Z" fill="${c}"/>`;
    case 'sprig':
      return `<path d="M0 50V-40" stroke="${c}" stroke-width="6"/>${[
        [-20, -26, -35],
        [20, -10, 35],
        [-20, 8, -35],
        [20, 26, 35],
      ]
        .map(([x, y, r]) => `<ellipse cx="${x}" cy="${y}" rx="20" ry="9" fill="${c}" transform="rotate(${r} ${x} ${y})"/>`)
        .join('')}<ellipse cy="-44" rx="9" ry="16" fill="${c}"/>`;
    case 'bird':
      return `<path d="M-50 14Q-24 -34 16 -20L46 -34L34 -12Q40 22 6 32L-12 50L-14 30Q-38 30 -50 14Z" fill="${c}"/><circle cx="14" cy="-12" r="5" fill="${bg}"/>`;
    case 'disc': {
      let g = `<circle r="50" fill="${c}"/><circle r="24" fill="${bg}"/><circle r="13" fill="${c}"/>`;
      for (let i = 0; i < 8; i++) g += `<circle cx="${r1(38 * Math.cos((i * Math.PI) / 4))}" cy="${r1(38 * Math.sin((i * Math.PI) / 4))}" r="4" fill="${bg}"/>`;
      return g;
    }
    case 'pleats':
      return `<path d="M-46 -36L-34 36L-22 -36L-10 36L2 -36L14 36L26 -36L38 36L46 -20" fill="none" stroke="${c}" stroke-width="9" stroke-linejoin="round"/><path d="M-52 -46H52M-52 46H52" stroke="${c}" stroke-width="8"/>`;
    case 'drop':
      return `<path d="M0 -54Q40 -6 40 18A40 40 0 0 1 -40 18Q-40 -6 0 -54Z" fill="${c}"/><path d="M-18 18A18 18 0 0 0 0 36" fill="none" stroke="${bg}" stroke-width="6" stroke-linecap="round"/>`;
    case 'spark':
      return `<polygon points="${starPoints(0, 0, 54)}" fill="${c}"/><circle r="12" fill="${bg}"/>`;
    case 'wiper':
      return `<path d="M-48 24A56 56 0 0 1 48 24" fill="none" stroke="${c}" stroke-width="8" stroke-dasharray="4 8"/><path d="M0 34L-34 -38" stroke="${c}" stroke-width="12" stroke-linecap="round"/><circle cy="34" r="11" fill="${c}"/>`;
    default:
      throw new Error(`no glyph ${name}`);
  }
}

function splitTitle(title) {
  if (title.length <= 12) return [title];
  const words = title.split(' ');
  let best = [title];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = [a, b];
    }
  }
  return best;
}

function brandLogo(b) {
  let s = `<rect width="300" height="300" fill="#fff"/>`;
  s += `<g transform="translate(150 112)">${emblem(b.emblem, b.color)}`;
  s += `<g transform="scale(.95)">${glyph(b.glyph, '#fff', b.color)}</g></g>`;
  const lines = splitTitle(b.title);
  if (lines.length === 1) {
    const size = Math.min(40, Math.floor(270 / (b.title.length * 0.62)));
    s += label(150, 250, b.title, size, b.dark, 800);
  } else {
    const size = Math.min(30, Math.floor(270 / (Math.max(...lines.map((l) => l.length)) * 0.62)));
    s += label(150, 238, lines[0], size, b.dark, 800) + label(150, 238 + size + 4, lines[1], size, b.dark, 800);
  }
  return svgDoc(300, 300, s);
}

function brandCover(b) {
  let s = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.color}"/><stop offset="1" stop-color="${b.dark}"/></linearGradient></defs>`;
  s += `<rect width="1200" height="400" fill="url(#g)"/>`;
  s += `<path d="M700 0H820L620 400H500Z M860 0H900L700 400H660Z M960 0H1140L940 400H760Z" fill="#fff" opacity=".07"/>`;
  s += `<circle cx="200" cy="200" r="150" fill="#fff" opacity=".12"/>`;
  s += `<g transform="translate(200 200) scale(1.4)">${emblem(b.emblem, '#fff')}<g transform="scale(.95)">${glyph(b.glyph, b.color, '#fff')}</g></g>`;
  const size = Math.min(76, Math.floor(780 / (b.title.length * 0.6)));
  s += label(400, 205, b.title, size, '#fff', 800, 'start');
  s += label(402, 262, b.tagline, 30, '#fff', 400, 'start').replace('<text ', '<text opacity=".85" ');
  return svgDoc(1200, 400, s);
}

// ---------------------------------------------------------------------------------------------------------
// Home-page art: no headline text (store.json carries the titles); a calm, dark left side for overlaid text.
// ---------------------------------------------------------------------------------------------------------

/** Draws an illustration so that its 800-unit box is `size` wide, centred on (cx, cy). */
function place(kind, accent, opts, cx, cy, size, id) {
  const k = size / 800;
  return `<g transform="translate(${r1(cx - 400 * k)} ${r1(cy - 410 * k)}) scale(${Math.round(k * 10000) / 10000})">${ART[kind](accent, opts, id)}</g>`;
}

function backdrop(w, h, color) {
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0e1726"/><stop offset=".5" stop-color="${shade(color, 0.6)}"/><stop offset="1" stop-color="${shade(color, 0.3)}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    `<path d="M${w * 0.47} 0H${w * 0.56}L${w * 0.4} ${h}H${w * 0.31}Z" fill="#fff" opacity=".04"/>` +
    `<path d="M${w * 0.59} 0H${w * 0.62}L${w * 0.46} ${h}H${w * 0.43}Z" fill="#fff" opacity=".05"/>`
  );
}

const disc = (cx, cy, r, color) =>
  `<circle cx="${cx}" cy="${cy}" r="${r + 16}" fill="#fff" opacity=".12"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${tint(color, 0.9)}"/>`;

function heroSvg(color, main, side1, side2) {
  let s = backdrop(1600, 640, color);
  s += disc(1120, 330, 255, color) + place(...main, 1120, 335, 500, 'h1');
  s += disc(1440, 170, 105, color) + place(...side1, 1440, 172, 205, 'h2');
  s += disc(1445, 475, 100, color) + place(...side2, 1445, 477, 195, 'h3');
  return svgDoc(1600, 640, s);
}

function sideBannerSvg(color, main, second) {
  let s = backdrop(800, 620, color);
  s += disc(560, 385, 190, color) + place(...main, 560, 390, 370, 's1');
  s += disc(250, 500, 85, color) + place(...second, 250, 502, 165, 's2');
  return svgDoc(800, 620, s);
}

function promoSvg(color, main, second, offer = false) {
  let s = backdrop(1200, 400, color);
  s += disc(930, 200, 160, color) + place(...main, 930, 205, 310, 'p1');
  s += disc(1110, 305, 70, color) + place(...second, 1110, 307, 135, 'p2');
  if (offer) {
    const burst = [];
    for (let i = 0; i < 24; i++) {
      const r = i % 2 ? 50 : 62;
      const t = (i * 15 * Math.PI) / 180;
      burst.push([r1(700 + r * Math.cos(t)), r1(110 + r * Math.sin(t))]);
    }
    s += `<polygon points="${pts(burst)}" fill="#ffd43b"/>` + label(700, 131, '%', 58, '#0e1726', 800);
  }
  return svgDoc(1200, 400, s);
}

function categoryThumb(cat) {
  const [kind, brandKey, opts] = cat.thumb;
  const accent = BRANDS[brandKey].color;
  let s = `<rect width="400" height="400" fill="${tint(cat.color, 0.86)}"/><circle cx="200" cy="200" r="170" fill="#fff" opacity=".75"/>`;
  s += place(kind, accent, opts, 200, 205, 340, 'c');
  return svgDoc(400, 400, s);
}

function notFoundSvg() {
  let s = `<rect width="800" height="800" fill="#eef2f7"/>`;
  s += `<rect x="250" y="210" width="300" height="240" rx="28" fill="#fff" stroke="#b8c4d3" stroke-width="14"/>`;
  s += `<circle cx="330" cy="290" r="30" fill="#c9d3df"/>`;
  s += `<path d="M272 430L362 330L422 395L460 355L530 430Z" fill="#c9d3df"/>`;
  s += `<circle cx="535" cy="440" r="52" fill="#8796a8"/><path d="M516 421L554 459M554 421L516 459" stroke="#fff" stroke-width="12" stroke-linecap="round"/>`;
  s += label(400, 560, 'Product image not found', 44, '#5f6f82', 700);
  s += label(400, 610, 'We are working on a photo for this item.', 26, '#8796a8', 400);
  return svgDoc(800, 800, s);
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

function write(rel, text) {
  const file = join(HERE, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Drawings waiting to be rasterised: [path relative to this folder ending in .webp, SVG text]. */
const drawings = [];

/** Queues the SVG drawing `text` to be written as the WebP picture `rel` (`images/x.webp`) by `rasterise`. */
function draw(rel, text) {
  drawings.push([rel.replace(/\.svg$/, '.webp'), text]);
}

/**
 * Writes every queued drawing as WebP at its drawn size (the SVG's width and height). Quality 86 and sharp's
 * slowest effort: text and thin lines stay crisp, and the time is the generator's, not a shopper's.
 */
async function rasterise() {
  const { default: sharp } = await import('sharp');
  for (const [rel, text] of drawings) {
    const file = join(HERE, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, await sharp(Buffer.from(text)).webp({ quality: 86, effort: 6 }).toBuffer());
  }
}

function childSku(title) {
  return slugify(title);
}

async function main() {
  const { rows: byCategory, images } = buildRows();
  const rows = interleaveByCategory(byCategory);

  // Checks on the data itself.
  const skus = new Set();
  const slugs = new Set();
  for (const r of rows) {
    assert(/^[A-Z0-9]+(-[A-Z0-9]+)*$/.test(r.SKU), `bad SKU ${r.SKU}`);
    assert(!skus.has(r.SKU), `duplicate SKU ${r.SKU}`);
    skus.add(r.SKU);
    if (r.Type !== 'variation') {
      assert(!slugs.has(slugify(r.Name)), `two products would share the permalink ${slugify(r.Name)}`);
      slugs.add(slugify(r.Name));
    }
    if (r['Meta: _seo_title']) assert(r['Meta: _seo_title'].length < 60, `${r.SKU}: SEO title too long`);
    if (r['Meta: _seo_description']) assert(r['Meta: _seo_description'].length < 160, `${r.SKU}: SEO description too long`);
    assert(!/[.!?] /.test(r['Short description'].replace(/\d\.\d/g, '')), `${r.SKU}: short description is more than one sentence`);
  }
  const childTitles = CATALOG.flatMap((c) => c.children.map((ch) => childSku(ch.title)));
  assert(new Set(childTitles).size === childTitles.length, 'child category titles must be unique');
  for (const c of CATALOG) assert(c.children.length >= 1 && c.children.length <= 4, `${c.title}: 1-4 children`);
  for (const key of [...FEATURED, ...Object.keys(SALES), ...Object.keys(BADGES), ...OUT_OF_STOCK, ...GALLERY, MISSING_IMAGE_SKU]) {
    assert(skus.has(key), `unknown SKU ${key} in a table`);
  }
  const usedBrands = new Set(rows.map((r) => r.Brands));
  for (const b of Object.values(BRANDS)) assert(usedBrands.has(b.title), `brand ${b.title} has no products`);

  // Fresh output folders.
  for (const dir of ['images', 'brands', 'home']) rmSync(join(HERE, dir), { recursive: true, force: true });

  // products.csv
  const lines = [csvLine(HEADER), ...rows.map((r) => csvLine(HEADER.map((h) => r[h])))];
  write('products.csv', `${lines.join('\n')}\n`);

  // Product images.
  for (const img of images) {
    draw(`images/${img.file}`, img.pack ? packImage(img.kind, img.accent, img.opts) : productImage(img.kind, img.accent, img.opts));
  }

  // Brands.
  const brandList = Object.values(BRANDS).map((b) => ({ ...b, permalink: permalinkOf(b.title) }));
  for (const b of brandList) {
    draw(`brands/${b.permalink}.svg`, brandLogo(b));
    draw(`brands/${b.permalink}-cover.svg`, brandCover(b));
  }

  // Home art.
  const c = (key) => BRANDS[key].color;
  draw('home/hero-batteries.svg', heroSvg('#1565c0', ['battery', c('voltcore'), { label: 'NS70', sub: '680 CCA' }], ['jumpStarter', c('voltcore'), { label: '2000A' }], ['charger', c('bluegum'), { label: '8A' }]));
  draw('home/hero-headlights.svg', heroSvg('#7b2cbf', ['globe', c('brightline'), { label: 'H4', twin: true }], ['ledKit', c('kestrel'), {}], ['torch', c('kestrel'), {}]));
  draw('home/hero-tie-downs.svg', heroSvg('#e63b7a', ['ratchetStrap', c('dingo'), {}], ['cargoNet', c('dingo'), {}], ['camStrap', c('outback'), {}]));
  draw('home/side-jump-starters.svg', sideBannerSvg('#1565c0', ['jumpStarter', c('voltcore'), { label: '1000A' }], ['battery', c('voltcore'), { label: 'NS70' }]));
  draw('home/side-car-care.svg', sideBannerSvg('#7cb518', ['spray', c('shinewell'), { label: '500ml' }], ['cloths', c('shinewell'), {}]));
  draw('home/banner-batteries.svg', promoSvg('#2a9d8f', ['battery', c('bluegum'), { deep: true, label: '100Ah', sub: 'AGM' }], ['charger', c('outback'), { label: '25A' }]));
  draw('home/banner-headlights.svg', promoSvg('#f2b705', ['globe', c('kestrel'), { label: 'H7', white: true }], ['workLight', c('kestrel'), {}]));
  draw('home/banner-wheel-nuts.svg', promoSvg('#f77f00', ['lockNuts', c('gripwell'), {}], ['wheelNuts', c('gripwell'), {}], true));
  for (const cat of CATALOG) draw(`home/category-${slugify(cat.title)}.svg`, categoryThumb(cat));

  // store.json
  const store = {
    settings: {
      store_name: STORE_NAME,
      meta_title: `${STORE_NAME} | Auto Parts Online Australia`,
      // Worded as the store's promises word the rule (packages/shared/src/store-promises.ts, decision 0045).
      meta_description:
        'Brake pads, filters, oils, batteries, headlights and tools delivered Australia-wide. Free delivery on orders of $100 or more and 10% off your first order.',
      gst_percent: 10,
      // GST-inclusive (decision 0046): the flat $16.50 shoppers pay under the $100 threshold.
      delivery_charge_cents: 1650,
      free_delivery_threshold_cents: 10000,
      // No ABN of its own (51 824 753 556 is the ATO's): its mails print none and its tax invoices the marked demo
      // placeholder, from this one setting (issue 34 §6, decision 0036).
      abn: '',
      business_address: '12 Railway Terrace, Guildford NSW 2161',
      sales_email: 'sales@southsideautoparts.com.au',
      // ACMA's range for fictitious numbers ((02) 5550 xxxx), as the footer's.
      phone: '(02) 5550 0123',
      social_links: {
        _facebook_link: 'https://www.facebook.com/southsideautoparts',
        _instagram_link: 'https://www.instagram.com/southsideautoparts',
        _youtube_link: 'https://www.youtube.com/@southsideautoparts',
      },
      hero_slides: [
        {
          image: 'home/hero-batteries.webp',
          title: 'Batteries that start every time',
          subtitle: 'NS70, DIN and 4WD batteries with up to 2-year warranty',
          cta: 'Shop batteries',
          link: `/shop?page=1&child_category=${childSku('Car Batteries')}`,
        },
        {
          image: 'home/hero-headlights.webp',
          title: 'See further at night',
          subtitle: 'H4, H7, H11 and HB3 globes plus LED conversion kits',
          cta: 'Shop headlights',
          link: `/shop?page=1&child_category=${childSku('Headlight Globes')}`,
        },
        {
          image: 'home/hero-tie-downs.webp',
          title: 'Load up. Strap down.',
          subtitle: 'Ratchet straps, cam buckles and cargo nets for trailers and utes',
          cta: 'Shop tie-downs',
          link: `/shop?page=1&child_category=${childSku('Ratchet Straps')}`,
        },
      ],
      banners: {
        side: [
          { image: 'home/side-jump-starters.webp', title: 'Voltcore jump starters', subtitle: 'Never wait for a jump start again', link: `/shop?page=1&brand=${permalinkOf('Voltcore')}` },
          { image: 'home/side-car-care.webp', title: 'Shinewell car care', subtitle: 'Wash, wax and detail like a pro', link: `/shop?page=1&brand=${permalinkOf('Shinewell')}` },
        ],
        batteries: {
          image: 'home/banner-batteries.webp',
          title: 'Deep-cycle power for the weekend',
          subtitle: 'AGM and lithium batteries for camping and dual-battery set-ups',
          link: `/shop?page=1&child_category=${childSku('4WD & Deep Cycle')}`,
        },
        headlights: {
          image: 'home/banner-headlights.webp',
          title: 'Headlights & torches',
          subtitle: 'Brighter globes, LED kits and work lights',
          link: `/shop?page=1&child_category=${childSku('LED Conversion Kits')}`,
        },
        wheel_nuts: {
          image: 'home/banner-wheel-nuts.webp',
          title: 'Limited-time offer: up to 20% off locking wheel nuts',
          subtitle: 'Protect your wheels with a coded key set',
          link: `/shop?page=1&child_category=${childSku('Locking Wheel Nuts')}`,
        },
      },
      brand_slider: brandList.map((b) => ({ brand: b.permalink })),
    },
    brands: brandList.map((b) => ({
      title: b.title,
      permalink: b.permalink,
      logo_image: `brands/${b.permalink}.webp`,
      cover_image: `brands/${b.permalink}-cover.webp`,
    })),
    categories: CATALOG.map((cat) => ({ sku: slugify(cat.title), thumbnail_image: `home/category-${slugify(cat.title)}.webp` })),
  };
  assert(store.settings.meta_description.length < 160, 'meta description too long');
  write('store.json', `${JSON.stringify(store, null, 2)}\n`);

  await rasterise();

  // The web app's placeholder.
  const placeholder = join(REPO, 'apps/web/public/images/product-image-not-found.svg');
  mkdirSync(dirname(placeholder), { recursive: true });
  writeFileSync(placeholder, notFoundSvg());

  // Summary.
  const simple = rows.filter((r) => r.Type === 'simple');
  const sold = rows.filter((r) => r.Type !== 'variable');
  console.log(
    [
      `products.csv: ${rows.length} rows (${simple.length} simple, ${rows.filter((r) => r.Type === 'variable').length} variable, ${rows.filter((r) => r.Type === 'variation').length} variations)`,
      `categories: ${CATALOG.length}, child categories: ${childTitles.length}, brands: ${brandList.length}`,
      `discounts: ${simple.filter((r) => r._saleKind === 'percent').length} percent, ${simple.filter((r) => r._saleKind === 'fixed').length} fixed`,
      `out of stock: ${sold.filter((r) => r.Stock === 0).length}, featured: ${simple.filter((r) => r['Is featured?'] === 1).length}`,
      `images: ${images.length} product images, ${brandList.length * 2} brand files, ${8 + CATALOG.length} home files`,
      `missing on purpose: ${imageName(MISSING_IMAGE_SKU)} (${MISSING_IMAGE_SKU})`,
    ].join('\n'),
  );
}

await main();
