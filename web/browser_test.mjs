// Browser test of the MoraleBreak web build (make browser).
//
//   node web/browser_test.mjs [build/web]
//
// Serves the folder from a throwaway local HTTP server, opens it in headless
// Chromium (the Debian package, driven by playwright-core), waits for the
// demo's first frames, waits for the odds panel to count 200 fights in slices
// (saying how many so far), pauses the demo, clicks a living soldier and checks that the
// picture changed as it should: he is reported down, the others' morale went
// down (their bars moved) and the pixels around him changed; then that
// right-clicking a soldier opens his Why panel (text published, pixels
// drawn, off the soldier, saying how far back it reaches), that the tuner
// takes a typed value, refuses bad ones on the row with the reason and
// resets with a right-click, and that Save downloads the weights; then the
// keys a desktop browser keeps for itself (F1 its help, F12 its developer
// tools): their keydowns are prevented, so the browser's own action does not
// run, and F1 shows the keys' sheet, F12 downloads a picture; that the
// console opens and answers (MoraleBreak.Why with the Why panel's
// sentence), that a drag on a tuner row moves its value and
// Ctrl+Z takes it back, and that while the browser has the keys (Firefox's
// downloads panel takes them after a download) a note over the field says so,
// gone when the page has them again. Screenshots go to
// test-artifacts/ at the repository root. Every wait is bounded; the whole run
// is capped at TOTAL_MS. Exits non-zero on failure.
//
// The demo publishes globalThis.moraleBreak after every frame (ui/published/write_js.go):
//   {time, paused, width, height, soldiers: [{id, name, x, y, alive, leader, state, morale}],
//    buttons, why, whyRect: {x, y, w, h}, tooltip, help, helpRect, keysAway, keysAwayRect,
//    tuner: [{name, value, default, start, pending, note, typing, shown, box: {x, y, w, h}}],
//    console, consoleOpen,
//    odds: {runs, total, settings_hash, squads, men, first_rout, ..., lines, rect}}
// with x, y in the logical game screen (width × height), which Ebitengine
// scales into its canvas keeping the aspect ratio.

import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const DIR = path.resolve(process.argv[2] ?? path.join(ROOT, "build", "web"));
const ARTIFACTS = path.join(ROOT, "test-artifacts");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const VIEWPORT = { width: 1280, height: 720 };
const TOTAL_MS = 170_000; // hard cap for the whole run (< 3 minutes)
const FIRST_FRAME_MS = 100_000; // 20 MB of wasm, compiled and run on 2 cores
const VISIBLE_DROP = 0.03; // a morale drop that moves a 72 px bar by 2 px or more
const STEP_MS = 20_000; // one step; the page is slow under SwiftShader (the demo runs at a few TPS)
const NAME = "TestBrowserClickSoldier";

const started = Date.now();
const consoleLines = []; // every console message, for the failure report
const consoleErrors = [];
const notFound = []; // paths the page asked the server for that do not exist
let browser, server;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1) + "s";

function pass(msg) {
  console.log(`PASS: ${msg} [${elapsed()}]`);
}

class CheckFailed extends Error {}

function check(cond, msg, detail = "") {
  if (!cond) throw new CheckFailed(detail ? `${msg}: ${detail}` : msg);
  pass(msg);
}

// whyParts splits the Why panel's published text (render.WhyPanel.Text):
// its title, detail and sentence lines, then a line a bar ("LeaderDown
// −0.40"), then a line a state change, each after its time ("5.00 s  Steady
// → Shaken: …"), and last the bars' span, where they take his morale from
// and to ("1.00 → 0.82"), when the panel has one.
function whyParts(why) {
  const [title, detail, sentence, ...rest] = why.split("\n");
  const states = rest.filter((l) => /^\d+\.\d\d s  /.test(l));
  // the last line may be the bars' span, "1.00 → 0.82" (WhyPanel.Span)
  const span = rest.find((l) => /^-?\d+\.\d\d → -?\d+\.\d\d$/.test(l)) ?? "";
  return { title, detail, sentence, bars: rest.filter((l) => !states.includes(l) && l !== span), states, span };
}

// ---- a static file server over DIR ----

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".json": "application/json",
  ".toml": "application/toml",
};

function startServer(dir) {
  const srv = http.createServer((req, res) => {
    let rel;
    try {
      rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (rel.endsWith("/")) rel += "index.html";
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) {
        notFound.push(rel);
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found\n");
        return;
      }
      res.writeHead(200, {
        "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "Content-Length": st.size,
        "Cache-Control": "no-cache",
      });
      if (req.method === "HEAD") {
        res.end();
        return;
      }
      fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => resolve(srv));
  });
}

// ---- helpers on the page ----

const state = (page) => page.evaluate(() => globalThis.moraleBreak ?? null);

// waitState polls the published state until pred(state) holds.
async function waitState(page, pred, what, timeout = STEP_MS) {
  const end = Date.now() + timeout;
  let st = null;
  while (Date.now() < end) {
    let fatal;
    ({ st, fatal } = await page.evaluate(() => ({
      st: globalThis.moraleBreak ?? null,
      fatal: document.querySelector("#loading.error #status")?.textContent ?? null, // index.html's error panel
    })));
    if (fatal) throw new CheckFailed(`the page reports: ${fatal}`);
    if (st && pred(st)) return st;
    await sleep(100);
  }
  throw new CheckFailed(`timed out after ${timeout / 1000}s waiting for ${what}` +
    (st ? ` (last state: t=${st.time?.toFixed?.(2)}, paused=${st.paused})` : " (nothing published)"));
}

// toPage maps a logical game point to CSS pixels of the page: Ebitengine
// fits the width × height screen into the canvas, centred, keeping its aspect.
// pressAt moves the mouse to page point p and clicks there, held long
// enough for a tick of a slow frame to see it.
async function pressAt(page, p) {
  await page.mouse.move(p.x, p.y, { steps: 4 });
  await sleep(250);
  await page.mouse.down();
  await sleep(120);
  await page.mouse.up();
}

async function mapper(page, st) {
  const r = await page.evaluate(() => {
    const c = document.querySelector("canvas");
    if (!c) return null;
    const b = c.getBoundingClientRect();
    return { left: b.left, top: b.top, width: b.width, height: b.height };
  });
  if (!r || r.width <= 0 || r.height <= 0) throw new CheckFailed("the page has no visible canvas");
  const w = st.width || 1280, h = st.height || 720;
  const k = Math.min(r.width / w, r.height / h);
  const ox = r.left + (r.width - w * k) / 2, oy = r.top + (r.height - h * k) / 2;
  return { k, toPage: (x, y) => ({ x: ox + x * k, y: oy + y * k }) };
}

// compare decodes two PNG screenshots in a blank page and, for each box,
// counts the pixels whose colour changed noticeably. It also counts the
// distinct colours of the first picture (a blank or failed canvas has few).
async function compare(context, pngA, pngB, boxes) {
  const page = await context.newPage();
  try {
    return await page.evaluate(async ({ a, b, boxes }) => {
      async function decode(b64) {
        const blob = await (await fetch("data:image/png;base64," + b64)).blob();
        const bmp = await createImageBitmap(blob);
        const c = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = c.getContext("2d");
        ctx.drawImage(bmp, 0, 0);
        return ctx.getImageData(0, 0, bmp.width, bmp.height);
      }
      const A = await decode(a), B = await decode(b);
      const colours = new Set();
      for (let i = 0; i < A.data.length; i += 4 * 7) {
        colours.add((A.data[i] << 16) | (A.data[i + 1] << 8) | A.data[i + 2]);
      }
      const out = boxes.map((bx) => {
        const x0 = Math.max(0, Math.floor(bx.x0)), y0 = Math.max(0, Math.floor(bx.y0));
        const x1 = Math.min(A.width, Math.ceil(bx.x1)), y1 = Math.min(A.height, Math.ceil(bx.y1));
        let changed = 0, total = 0;
        for (let y = y0; y < y1; y++) {
          for (let x = x0; x < x1; x++) {
            const i = (y * A.width + x) * 4;
            const d = Math.max(Math.abs(A.data[i] - B.data[i]), Math.abs(A.data[i + 1] - B.data[i + 1]),
              Math.abs(A.data[i + 2] - B.data[i + 2]));
            total++;
            if (d > 24) changed++;
          }
        }
        return { changed, total };
      });
      return { boxes: out, colours: colours.size, width: A.width, height: A.height };
    }, { a: pngA.toString("base64"), b: pngB.toString("base64"), boxes });
  } finally {
    await page.close();
  }
}

// colourShare decodes a PNG screenshot in a blank page and returns the share
// of the pixels of box within 12 of the colour rgb on every channel.
async function colourShare(context, png, box, rgb) {
  const page = await context.newPage();
  try {
    return await page.evaluate(async ({ b64, box, rgb }) => {
      const blob = await (await fetch("data:image/png;base64," + b64)).blob();
      const bmp = await createImageBitmap(blob);
      const c = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = c.getContext("2d");
      ctx.drawImage(bmp, 0, 0);
      const d = ctx.getImageData(0, 0, bmp.width, bmp.height);
      let hit = 0, total = 0;
      for (let y = Math.max(0, Math.floor(box.y0)); y < Math.min(d.height, Math.ceil(box.y1)); y++) {
        for (let x = Math.max(0, Math.floor(box.x0)); x < Math.min(d.width, Math.ceil(box.x1)); x++) {
          const i = (y * d.width + x) * 4;
          total++;
          if (Math.abs(d.data[i] - rgb[0]) <= 12 && Math.abs(d.data[i + 1] - rgb[1]) <= 12 && Math.abs(d.data[i + 2] - rgb[2]) <= 12) hit++;
        }
      }
      return total ? hit / total : 0;
    }, { b64: png.toString("base64"), box, rgb });
  } finally {
    await page.close();
  }
}

async function shot(page, name) {
  const file = path.join(ARTIFACTS, name);
  const buf = await page.screenshot({ path: file, timeout: STEP_MS });
  console.log(`     screenshot: ${path.relative(process.cwd(), file) || file}`);
  return buf;
}

// ---- the test ----

async function run() {
  for (const f of ["index.html", "wasm_exec.js", "demo.wasm"]) {
    check(fs.existsSync(path.join(DIR, f)), `${f} is in ${DIR}`, "missing; run make web first");
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const f of fs.readdirSync(ARTIFACTS)) { // stale shots of an earlier run
    if (/^browser-.*\.png$/.test(f)) fs.rmSync(path.join(ARTIFACTS, f));
  }
  check(fs.existsSync(CHROMIUM), `Chromium at ${CHROMIUM}`, "not found; install the Debian package chromium");

  server = await startServer(DIR);
  const url = `http://127.0.0.1:${server.address().port}/`;
  console.log(`     serving ${DIR} on ${url}`);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 30_000,
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--disable-gpu-sandbox",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  pass(`Chromium ${browser.version()} started`);
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  context.setDefaultTimeout(STEP_MS);
  const page = await context.newPage();
  page.on("console", (m) => {
    const line = `[${m.type()}] ${m.text()}`;
    consoleLines.push(line);
    if (m.type() === "error") consoleErrors.push(line);
  });
  page.on("pageerror", (e) => consoleErrors.push(`[pageerror] ${e.message}`));
  page.on("crash", () => consoleErrors.push("[crash] the page crashed"));
  run.page = page;
  // Every keydown as the page's window sees it, after the canvas's own
  // listener: whether its default (the browser's action) was prevented.
  await page.addInitScript(() => {
    globalThis.keydowns = [];
    window.addEventListener("keydown", (e) => globalThis.keydowns.push({ key: e.key, prevented: e.defaultPrevented }));
  });

  const resp = await page.goto(url, { waitUntil: "load", timeout: 30_000 });
  check(resp && resp.ok(), `page loads (${url})`, `HTTP ${resp?.status()}`);

  // First frames: the demo publishes its state after every frame.
  const t0 = Date.now();
  let st = await waitState(page, (s) => Array.isArray(s.soldiers) && s.soldiers.length > 0 && s.time > 0.5,
    "the demo's first frames (globalThis.moraleBreak)", FIRST_FRAME_MS);
  pass(`first frames after ${((Date.now() - t0) / 1000).toFixed(1)}s: ${st.soldiers.length} soldiers, t=${st.time.toFixed(2)}s`);
  const tA = st.time, wA = Date.now();
  st = await waitState(page, (s) => s.time > tA, "the simulation to advance");
  pass(`the simulation runs (t ${tA.toFixed(2)}s -> ${st.time.toFixed(2)}s in ${((Date.now() - wA) / 1000).toFixed(1)}s of wall time)`);
  const loadingGone = await page.evaluate(() => {
    const el = document.getElementById("loading");
    return !el || getComputedStyle(el).display === "none";
  });
  check(loadingGone, "the loading message is gone once the demo draws");

  // The odds panel: the browser has one thread, so the odds are counted in
  // slices of each frame, the panel saying how many fights are counted so
  // far, while the battle runs on; its first answer is 200 fights (all
  // 1,000 take SwiftShader's slow frames about 40 s more), drawn where
  // published.
  st = await waitState(page, (s) => s.odds && s.odds.total === 1000 && Array.isArray(s.odds.lines), "the odds panel in the published state");
  const seen = [];
  const wO = Date.now(), tO = st.time;
  st = await waitState(page, (s) => {
    const o = s.odds;
    if (o.runs < o.total) seen.push({ runs: o.runs, line: o.lines[1] });
    return o.runs >= 200;
  }, "the odds' first answer of 200 fights", 2 * STEP_MS);
  pass(`the odds counted ${st.odds.runs} fights in slices (${((Date.now() - wO) / 1000).toFixed(1)}s of wall time, t ${tO.toFixed(2)}s -> ${st.time.toFixed(2)}s)`);
  check(seen.length > 0 && seen.every((x) => x.line.startsWith(`counting… ${x.runs} of 1000 fights`)),
    "while counting, the panel says how many fights are counted so far", JSON.stringify(seen.slice(0, 5)));
  // The first 200 may come within a frame or two; the battle must then run
  // on before all 1,000 are counted.
  const ran = await waitState(page, (s) => s.time > tO || s.odds.runs >= s.odds.total, "the battle to run on while the odds are counted", 2 * STEP_MS);
  check(ran.time > tO && ran.odds.runs < ran.odds.total, "the battle ran on while the odds were counted",
    `t ${tO.toFixed(2)}s -> ${ran.time.toFixed(2)}s with ${ran.odds.runs} of ${ran.odds.total} fights counted`);
  const eriksen = st.odds.men.find((m) => m.name === "Eriksen");
  check(st.odds.settings_hash && eriksen && eriksen.share === 1 && st.odds.lines.some((l) => l.startsWith("Eriksen routs: 100%")),
    "the odds say Eriksen routs in every fight of the default settings", st.odds.lines.join(" | "));
  // It starts folded to its line, under the tuner's rows; a click on its
  // title opens it (the rows give it their room, no button moves).
  // (the buttons compared label by label: their objects' key order
  // follows a Go map's)
  const buttonsOf = (s) => JSON.stringify(Object.keys(s.buttons).sort().map((k) => {
    const b = s.buttons[k];
    return [k, b.x, b.y, b.w, b.h];
  }));
  const fr = st.odds.rect, buttonsBefore = buttonsOf(st);
  check(st.odds.folded === true && fr && fr.w >= 300 && fr.h > 20 && fr.h < 60, "the odds panel starts folded to its line", JSON.stringify(fr));
  await pressAt(page, (await mapper(page, st)).toPage(fr.x + 60, fr.y + 8));
  // (laid out as it is drawn: its new rectangle is a frame later)
  st = await waitState(page, (s) => s.odds.folded === false && s.odds.rect.h > fr.h, "a click on the odds panel's title to open it");
  check(buttonsOf(st) === buttonsBefore, "opening the odds panel moves no button", buttonsOf(st));
  const orr = st.odds.rect;
  // (open, it also takes the foot's keys' room: its bottom may come down
  // over them, five lines with "F1 or ?: all keys", its top rises into the
  // tuner's rows)
  check(orr && orr.w >= 300 && orr.h >= 150 && orr.y < fr.y && orr.y + orr.h >= fr.y + fr.h && orr.y + orr.h <= fr.y + fr.h + 80, "the odds panel's rectangle is published, open, over its folded place and the foot's keys", `open ${JSON.stringify(orr)}, folded ${JSON.stringify(fr)}`);
  await sleep(500);
  const pngO = await shot(page, "browser-0-odds.png");
  const om = await mapper(page, st);
  const o0 = om.toPage(orr.x, orr.y), o1 = om.toPage(orr.x + orr.w, orr.y + orr.h);
  const bg = await colourShare(context, pngO, { x0: o0.x, y0: o0.y, x1: o1.x, y1: o1.y }, [0x1a, 0x1f, 0x27]);
  check(bg > 0.4 && bg < 0.97, "the odds panel is drawn where it is published (its background, and text and bars on it)", `${(100 * bg).toFixed(0)}% of its pixels are its background`);
  await pressAt(page, om.toPage(orr.x + 60, orr.y + 8)); // fold it again: the tuner's rows below need their room
  st = await waitState(page, (s) => s.odds.folded === true && s.odds.rect.y === fr.y, "a click on the open odds panel's title to fold it again");

  // Pause, so that the only change between the screenshots is the click.
  await page.focus("canvas");
  await page.keyboard.press("Space", { delay: 80 });
  st = await waitState(page, (s) => s.paused === true, "Space to pause the battle");
  await sleep(500); // a few frames of the paused picture
  st = await state(page);
  pass(`Space pauses the battle at t=${st.time.toFixed(2)}s`);

  const before = st;
  const map = await mapper(page, before);
  const living = before.soldiers.filter((s) => s.alive);
  check(living.length >= 2, "at least two living soldiers to click and to watch", `${living.length} alive`);
  // Click the living rank-and-file soldier standing furthest from the others,
  // so the click cannot land on a neighbour.
  const apart = (s) => Math.min(...living.filter((o) => o.id !== s.id).map((o) => Math.hypot(o.x - s.x, o.y - s.y)));
  const candidates = living.filter((s) => !s.leader && s.x > 0 && s.y > 0 && s.x < before.width && s.y < before.height);
  check(candidates.length > 0, "a living rank-and-file soldier on screen");
  const target = candidates.reduce((a, b) => (apart(b) > apart(a) ? b : a));
  const at = map.toPage(target.x, target.y);

  const png1 = await shot(page, "browser-1-before-click.png");

  console.log(`     clicking ${target.name} (id ${target.id}, ${target.state}, morale ${target.morale.toFixed(3)}) ` +
    `at game (${target.x.toFixed(0)}, ${target.y.toFixed(0)}) = page (${at.x.toFixed(0)}, ${at.y.toFixed(0)})`);
  await page.mouse.move(at.x, at.y, { steps: 4 });
  await sleep(250); // ebitenui decides "hovered" while drawing; let a few frames pass
  await page.mouse.down();
  await sleep(120);
  await page.mouse.up();

  const down = await waitState(page, (s) => s.soldiers.some((x) => x.id === target.id && !x.alive),
    `${target.name} to be reported down`).catch((e) => e);
  await sleep(2_000); // "a couple of seconds" of the paused picture
  const after = await state(page);
  const png2 = await shot(page, "browser-2-after-click.png");
  if (down instanceof Error) throw down;
  pass(`${target.name} is reported down after the click`);

  const others = before.soldiers.filter((s) => s.alive && s.id !== target.id);
  const killed = others.filter((s) => !after.soldiers.find((x) => x.id === s.id)?.alive);
  check(killed.length === 0, "nobody else went down", killed.map((s) => s.name).join(", "));

  const moved = [];
  const rose = [];
  const visible = []; // dropped enough for the bar to move a few pixels
  for (const s of others) {
    const a = after.soldiers.find((x) => x.id === s.id);
    const d = a.morale - s.morale;
    console.log(`     ${s.name.padEnd(12)} morale ${s.morale.toFixed(3)} -> ${a.morale.toFixed(3)} (${d >= 0 ? "+" : ""}${d.toFixed(3)}) ${a.state}`);
    if (d < -1e-6) moved.push(s);
    if (d <= -VISIBLE_DROP) visible.push(s);
    if (d > 1e-6) rose.push(s);
  }
  check(moved.length > 0, "the others' morale went down", "no living soldier's morale changed");
  check(rose.length === 0, "no one's morale went up while paused", rose.map((s) => s.name).join(", "));

  // Pixels: around the clicked soldier, and around each soldier whose bar
  // moved (his plate with the bar sits above, below or beside him).
  const k = map.k;
  const boxAround = (p, rx, up, down) => ({ x0: p.x - rx * k, x1: p.x + rx * k, y0: p.y - up * k, y1: p.y + down * k });
  const boxes = [boxAround(at, 24, 24, 24), ...visible.map((s) => boxAround(map.toPage(s.x, s.y), 150, 170, 170))];
  const cmp = await compare(context, png1, png2, boxes);
  check(cmp.colours > 200, "the demo really draws (the screenshot has many colours)", `only ${cmp.colours} distinct colours; is WebGL working?`);
  const tb = cmp.boxes[0];
  check(tb.changed / tb.total > 0.05, `the pixels around ${target.name} changed`,
    `${tb.changed} of ${tb.total} pixels differ`);
  console.log(`     around ${target.name}: ${tb.changed} of ${tb.total} pixels changed`);
  check(visible.length > 0, `at least one other soldier's bar dropped by ${VISIBLE_DROP} or more`);
  visible.forEach((s, i) => {
    const b = cmp.boxes[i + 1];
    check(b.changed >= 20, `${s.name}'s plate and bar changed on screen (${b.changed} pixels)`,
      `only ${b.changed} pixels differ around him`);
  });

  // Resume: the battle goes on.
  const tP = after.time;
  await page.keyboard.press("Space", { delay: 80 });
  st = await waitState(page, (s) => !s.paused && s.time > tP, "Space to resume the battle");
  pass(`Space resumes the battle (t ${tP.toFixed(2)}s -> ${st.time.toFixed(2)}s)`);
  await shot(page, "browser-3-resumed.png");

  // The inspector: pause again and right-click a living soldier (standing
  // still): his Why panel opens over the field, its text is published and
  // its rectangle is drawn.
  await page.focus("canvas");
  await page.keyboard.press("Space", { delay: 80 });
  st = await waitState(page, (s) => s.paused === true, "Space to pause the battle again");
  await sleep(500);
  st = await state(page);
  check(!st.why, "no Why panel before anyone is selected", st.why);
  const alive = st.soldiers.filter((s) => s.alive && s.x > 0 && s.y > 0 && s.x < st.width && s.y < st.height);
  check(alive.length > 0, "a living soldier on screen to inspect");
  const gap = (s) => Math.min(Infinity, ...alive.filter((o) => o.id !== s.id).map((o) => Math.hypot(o.x - s.x, o.y - s.y)));
  const who = alive.reduce((a, b) => (gap(b) > gap(a) ? b : a));
  const wm = await mapper(page, st);
  const wp = wm.toPage(who.x, who.y);
  const pngW1 = await shot(page, "browser-4-before-select.png");
  console.log(`     right-clicking ${who.name} (id ${who.id}, ${who.state}) at page (${wp.x.toFixed(0)}, ${wp.y.toFixed(0)})`);
  await page.mouse.move(wp.x, wp.y, { steps: 4 });
  await sleep(250);
  await page.mouse.down({ button: "right" });
  await sleep(120);
  await page.mouse.up({ button: "right" });
  st = await waitState(page, (s) => typeof s.why === "string" && s.why.startsWith(`Why · ${who.name} · `),
    `the Why panel of ${who.name} in the published state`);
  // each bar's number as the sentence prints it: its line, "LeaderDown
  // −0.40", is in the sentence, read from the Go side's own text rather
  // than a copy here of morale.FormatChange's format (the console's
  // MoraleBreak.Why says the same sentence: browserKeys)
  const wp0 = whyParts(st.why);
  check(/Morale \d\.\d\d ←/.test(wp0.sentence) && wp0.bars.length > 0 && wp0.bars.every((b) => wp0.sentence.includes(b)),
    `the Why panel reads the sentence for ${who.name}, each bar as the sentence says it`, st.why);
  check(wp0.span.endsWith(` → ${(/Morale (\d\.\d\d) ←/.exec(wp0.sentence) ?? [])[1]}`),
    `the Why panel's bars say where they take ${who.name}'s morale, to the morale the sentence gives`, st.why);
  console.log("     " + st.why.split("\n").slice(0, 3).join("\n     "));
  const wr = st.whyRect;
  check(wr && wr.w >= 300 && wr.h >= 100, "the Why panel's rectangle is published", JSON.stringify(wr));
  await sleep(500);
  const pngW2 = await shot(page, "browser-5-why-panel.png");
  const a0 = wm.toPage(wr.x, wr.y), a1 = wm.toPage(wr.x + wr.w, wr.y + wr.h);
  const wc = await compare(context, pngW1, pngW2, [{ x0: a0.x, y0: a0.y, x1: a1.x, y1: a1.y }]);
  check(wc.boxes[0].changed / wc.boxes[0].total > 0.3, "the Why panel is drawn where it is published",
    `${wc.boxes[0].changed} of ${wc.boxes[0].total} pixels changed`);
  check(!(who.x >= wr.x && who.x < wr.x + wr.w && who.y >= wr.y && who.y < wr.y + wr.h),
    `the Why panel does not cover ${who.name}`, `${who.name} at (${who.x.toFixed(0)}, ${who.y.toFixed(0)}), panel ${JSON.stringify(wr)}`);
  check(/(last 30 s|since \d+\.\d\d s \(last Steady\))/.test(st.why), "the Why panel says how far back it reaches", st.why.split("\n")[1]);

  // The tuner: type an exact value into a row; a value that is not a
  // number, not finite or out of range is refused on the row with the
  // reason and changes nothing; a right-click resets the row to its default.
  const ROW = "RoutAfterSeconds";
  const rowOf = (s) => s.tuner?.find((r) => r.name === ROW);
  let row = rowOf(st);
  check(row && row.shown && row.value === "3.5" && row.default === "3.5" && row.start === "3.5",
    `the tuner publishes ${ROW} at its default and starting 3.5`, JSON.stringify(row));
  const tm = await mapper(page, st);
  const clickBox = async (r, button = "left") => {
    const p = tm.toPage(r.box.x + r.box.w / 2, r.box.y + r.box.h / 2);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    await sleep(250);
    await page.mouse.down({ button });
    await sleep(120);
    await page.mouse.up({ button });
  };
  const typeValue = async (text) => {
    await page.keyboard.type(text, { delay: 60 });
    await sleep(150);
    await page.keyboard.press("Enter", { delay: 80 });
  };
  await clickBox(row);
  st = await waitState(page, (s) => rowOf(s).typing === "3.5", `a click on ${ROW}'s value to open it for typing`);
  await typeValue("4.25"); // the text is all selected: typing replaces it
  st = await waitState(page, (s) => rowOf(s).value === "4.25" && rowOf(s).typing === "", `the typed 4.25 to apply to ${ROW}`);
  pass(`${ROW} takes the typed value 4.25 (the slider's step is 0.1)`);
  await clickBox(rowOf(st));
  await waitState(page, (s) => rowOf(s).typing !== "", `${ROW}'s value open again`);
  for (const [text, reason] of [["abc", '"abc" is not a number'], ["NaN", "not a finite number"], ["99", "outside its range 0.0..20.0"]]) {
    await typeValue(text);
    st = await waitState(page, (s) => (rowOf(s).note ?? "").includes(reason), `${JSON.stringify(text)} refused on ${ROW}'s row`);
    check(rowOf(st).value === "4.25" && rowOf(st).note.startsWith(ROW + ": "),
      `${JSON.stringify(text)} is refused on the row, naming ${ROW}, and changes nothing`, JSON.stringify(rowOf(st)));
  }
  await page.keyboard.press("Escape", { delay: 80 });
  st = await waitState(page, (s) => rowOf(s).typing === "" && rowOf(s).note === "", "Esc to close the row's text and its note");
  await clickBox(rowOf(st), "right");
  st = await waitState(page, (s) => rowOf(s).value === "3.5", `a right-click to reset ${ROW} to its default`);
  pass(`a right-click resets ${ROW} to its default 3.5`);
  await shot(page, "browser-6-tuner.png");

  // Save offers the edited weights as a download of weights.toml (the
  // browser has no file to write).
  const btn = st.buttons?.["Save weights"];
  check(btn && btn.w > 0 && btn.h > 0, "the Save weights button is published", JSON.stringify(st.buttons));
  const sm = await mapper(page, st);
  const sc = sm.toPage(btn.x + btn.w / 2, btn.y + btn.h / 2);
  const downloaded = page.waitForEvent("download", { timeout: STEP_MS });
  await page.mouse.move(sc.x, sc.y, { steps: 4 });
  await sleep(300);
  await page.mouse.down();
  await sleep(300);
  await page.mouse.up();
  const download = await downloaded;
  check(download.suggestedFilename() === "weights.toml", "Save downloads weights.toml",
    `got ${download.suggestedFilename()}`);
  const saved = path.join(ARTIFACTS, "browser-weights.toml");
  await download.saveAs(saved);
  const toml = fs.readFileSync(saved, "utf8");
  check(/^ShakenBelow = 0\.6$/m.test(toml) && /^\[weights\]$/m.test(toml) && /^AllyDown = -0\.18/m.test(toml),
    "the download holds the settings and the weights table", toml.slice(0, 300));

  // F2 offers the session as a download named as the desktop's file
  // (docs/demo.md: moralebreak-replay.txt).
  const replayed = page.waitForEvent("download", { timeout: STEP_MS });
  await page.keyboard.press("F2", { delay: 80 });
  const replay = await replayed;
  check(replay.suggestedFilename() === "moralebreak-replay.txt", "F2 downloads moralebreak-replay.txt",
    `got ${replay.suggestedFilename()}`);
  const savedReplay = path.join(ARTIFACTS, "browser-replay.txt");
  await replay.saveAs(savedReplay);
  check(fs.readFileSync(savedReplay, "utf8").startsWith("moralebreak-replay "), "the download is a replay file",
    fs.readFileSync(savedReplay, "utf8").slice(0, 100));

  await browserKeys(page, context);

  check(notFound.length === 0, "the page asked for no missing files", notFound.join(", "));
  check(consoleErrors.length === 0, "no errors in the page console", consoleErrors.join("\n"));
}

// browserKeys checks the keys a desktop browser keeps for itself, the
// console, a drag on the tuner and the note while the browser has the keys,
// on the paused battle. Headless Chromium runs none of the browser's own
// shortcuts: a keydown whose default is prevented is what keeps a desktop
// Chrome's or Firefox's from running (docs/demo.md, In the browser).
async function browserKeys(page, context) {
  const prevented = async (key) => {
    const seen = (await page.evaluate(() => globalThis.keydowns)).filter((k) => k.key === key);
    check(seen.length > 0 && seen.every((k) => k.prevented), `${key}'s keydown reaches the demo with its default prevented (the browser's own action does not run)`, JSON.stringify(seen));
  };
  let st = await state(page);
  check(st.paused && !st.help, "paused, without the keys' sheet", `paused ${st.paused}, help ${JSON.stringify(st.help)}`);

  // F1 (Chrome's help on Windows and Linux) shows the keys' sheet, drawn
  // where it is published; F1 again hides it.
  await page.keyboard.press("F1", { delay: 80 });
  st = await waitState(page, (s) => s.help.startsWith("Keys · F1 or ?") && s.helpRect.w > 0, "F1 to show the keys' sheet");
  check(/^F12 +Save picture$/m.test(st.help) && /^F2 +Save replay$/m.test(st.help), "the sheet lists F12 and F2", st.help);
  await sleep(300);
  const hm = await mapper(page, st), h0 = hm.toPage(st.helpRect.x, st.helpRect.y), h1 = hm.toPage(st.helpRect.x + st.helpRect.w, st.helpRect.y + st.helpRect.h);
  const sheet = await colourShare(context, await shot(page, "browser-7-keys.png"), { x0: h0.x, y0: h0.y, x1: h1.x, y1: h1.y }, [0x10, 0x14, 0x19]);
  check(sheet > 0.5 && sheet < 0.99, "the keys' sheet is drawn where it is published", `${(100 * sheet).toFixed(0)}% of its pixels are its background`);
  await page.keyboard.press("F1", { delay: 80 });
  await waitState(page, (s) => s.help === "", "F1 again to hide the keys' sheet");
  await prevented("F1");

  // F12 (the developer tools) saves a picture: a download named for the
  // moment shown, a PNG of the whole screen.
  const pictured = page.waitForEvent("download", { timeout: STEP_MS });
  await page.keyboard.press("F12", { delay: 80 });
  const picture = await pictured;
  check(/^moralebreak-\d+\.\ds\.png$/.test(picture.suggestedFilename()), "F12 downloads a picture, moralebreak-<time>s.png", `got ${picture.suggestedFilename()}`);
  const savedPicture = path.join(ARTIFACTS, "browser-picture.png");
  await picture.saveAs(savedPicture);
  const png = fs.readFileSync(savedPicture);
  check(png.subarray(1, 4).toString() === "PNG" && png.readUInt32BE(16) === st.width && png.readUInt32BE(20) === st.height,
    `the picture is a ${st.width}×${st.height} PNG`, `${png.subarray(0, 24).toString("hex")}`);
  await prevented("F12");
  await prevented("F2");

  // The console: ` opens it, a command typed runs, ` closes it.
  await page.keyboard.press("Backquote", { delay: 80 });
  await waitState(page, (s) => s.consoleOpen, "` to open the console");
  await page.keyboard.type("MoraleBreak.Dump", { delay: 40 });
  await page.keyboard.press("Enter", { delay: 80 });
  st = await waitState(page, (s) => s.console.some((l) => /^MoraleBreak\.Dump at \d+\.\d\d s: 1 squad, \d agents$/.test(l)), "the console's answer to MoraleBreak.Dump");
  check(st.console.some((l) => l.startsWith("squad 1: ")), "MoraleBreak.Dump lists the squad", st.console.slice(-3).join(" | "));
  // MoraleBreak.Why (no name: the soldier selected) says the Why panel's
  // sentence, the same moment (paused) in the same words
  const whom = whyParts(st.why ?? "").title.split(" · ")[1];
  check(whom, "the Why panel still open, for the console to explain", JSON.stringify(st.why));
  await page.keyboard.type("MoraleBreak.Why", { delay: 40 });
  await page.keyboard.press("Enter", { delay: 80 });
  st = await waitState(page, (s) => s.console.some((l) => l.startsWith(`${whom}: `)), `the console's answer to MoraleBreak.Why for ${whom}`);
  check(st.console.includes(`${whom}: ${whyParts(st.why).sentence}`), `MoraleBreak.Why says the Why panel's sentence for ${whom}`,
    `console ${JSON.stringify(st.console.slice(-1))}, panel ${JSON.stringify(whyParts(st.why).sentence)}`);
  await shot(page, "browser-8-console.png");
  await page.keyboard.press("Backquote", { delay: 80 });
  await waitState(page, (s) => !s.consoleOpen, "` to close the console");
  await prevented("`");

  // A drag on a tuner row moves its value (a press off the handle puts
  // the value under the pointer, and the drag carries it on); Ctrl+Z
  // takes the edit back.
  const ROW = "RoutAfterSeconds";
  const rowOf = (s) => s.tuner.find((r) => r.name === ROW);
  const row = rowOf(st);
  check(row.value === "3.5", `${ROW} at 3.5 before the drag`, JSON.stringify(row));
  const dm = await mapper(page, st);
  const from = dm.toPage(row.box.x - 40, row.box.y + row.box.h / 2);
  await page.mouse.move(from.x, from.y, { steps: 4 });
  await sleep(250);
  await page.mouse.down();
  await sleep(150);
  for (let i = 1; i <= 6; i++) {
    await page.mouse.move(from.x + 5 * i * dm.k, from.y);
    await sleep(80);
  }
  st = await waitState(page, (s) => Number(rowOf(s).value) > 3.5, `a drag to the right to raise ${ROW}`);
  await page.mouse.up();
  await sleep(300);
  st = await state(page);
  await shot(page, "browser-9-drag.png");
  pass(`a drag to the right raises ${ROW} from 3.5 to ${rowOf(st).value}`);
  await page.keyboard.press("Control+KeyZ", { delay: 80 });
  st = await waitState(page, (s) => rowOf(s).value === "3.5", `Ctrl+Z to take the drag back`);
  check(st.messages.some((m) => m.text.startsWith(`Undone: ${ROW} `)), "the strip says what was undone", JSON.stringify(st.messages));

  // The browser takes the keys (Firefox's downloads panel does, after a
  // download): another page in front, with the focus as a desktop has it.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: false });
  const other = await context.newPage();
  try {
    await other.bringToFront();
    st = await waitState(page, (s) => s.keysAway.startsWith("The browser has the keys") && s.keysAwayRect.w > 0, "the note that the browser has the keys");
    await sleep(300);
    const km = await mapper(page, st), k0 = km.toPage(st.keysAwayRect.x, st.keysAwayRect.y), k1 = km.toPage(st.keysAwayRect.x + st.keysAwayRect.w, st.keysAwayRect.y + st.keysAwayRect.h);
    const note = await colourShare(context, await shot(page, "browser-10-keys-away.png"), { x0: k0.x, y0: k0.y, x1: k1.x, y1: k1.y }, [0x10, 0x14, 0x19]);
    check(note > 0.5 && note < 0.99, "the note is drawn where it is published", `${(100 * note).toFixed(0)}% of its pixels are its background`);
    await page.bringToFront();
    await waitState(page, (s) => s.keysAway === "", "the note to go once the page has the keys again");
    pass("the note goes once the page has the keys again");
  } finally {
    await other.close();
    await cdp.send("Emulation.setFocusEmulationEnabled", { enabled: true });
  }
}

async function main() {
  console.log(`=== RUN   ${NAME}`);
  let ok = false;
  const watchdog = setTimeout(() => {
    console.log(`FAIL: the test did not finish within ${TOTAL_MS / 1000}s`);
    report(false);
    process.exit(1);
  }, TOTAL_MS);
  try {
    await run();
    ok = true;
  } catch (e) {
    console.log(`FAIL: ${e instanceof CheckFailed ? e.message : e?.stack ?? e}`);
    if (run.page && !run.page.isClosed()) {
      try {
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        await shot(run.page, "browser-failure.png");
      } catch { /* the page may be gone */ }
    }
  }
  clearTimeout(watchdog);
  await Promise.race([
    (async () => {
      await browser?.close().catch(() => {});
      server?.close();
    })(),
    sleep(10_000),
  ]);
  report(ok);
  process.exit(ok ? 0 : 1);
}

function report(ok) {
  if (!ok) {
    console.log(`--- page console errors (${consoleErrors.length}) ---`);
    for (const l of consoleErrors) console.log(l);
    const tail = consoleLines.slice(-30);
    console.log(`--- last ${tail.length} page console lines ---`);
    for (const l of tail) console.log(l);
  }
  console.log(`--- ${ok ? "PASS" : "FAIL"}: ${NAME} (${elapsed()})`);
  console.log(`screenshots: ${ARTIFACTS}`);
  console.log(ok ? "1 passed, 0 failed" : "0 passed, 1 failed");
}

main();
