// Browser test of moralesim's HTML reports (make sim).
//
//   node web/report_test.mjs KIND=REPORT.html ... [--a-side RUN.html,COMPARE.html]
//
// KIND is run, merge, sweep, sensitivity, compare or fit (sweep2: a two-key
// sweep, whose plot is a heat map). Each page is opened from disk (file://) in
// headless Chromium (the Debian package, driven by playwright-core) with
// every network request refused, so the page must be self-contained, and
// checked for what a designer pastes into a design document:
//   - every page: the title, the description, the settings table (every
//     setting and weight that differs from the defaults, with both values),
//     every plot decoded with a real size and a caption that says for how
//     many fights, the hashes only in the footnote;
//   - run and merge: the expectations' verdicts, the per-squad table and fan
//     charts, the metrics of all men, the fights to watch with the commands
//     that open each;
//   - sweep: the swept keys, a table of the points, the per-squad chart; a
//     two-key sweep's heat map has numbers in its cells;
//   - sensitivity: a 95% interval for every nudge, what −10% of a negative
//     weight means, a tornado chart whose axis spans its bars with a margin;
//   - compare: plain means with their fight counts beside the labelled paired
//     means, and per squad how often it broke on each side;
//   - fit: the changes as "start → end", every expectation's verdict before
//     and after, the convergence and the expectations' plots.
// --a-side RUN.html,COMPARE.html checks that compare's plain mean A of every
// metric equals the run page's mean (RUN.html ran the same scenario, seed
// and runs with A's weights). Screenshots go to test-artifacts/report-KIND-NAME.png
// at the repository root. Every wait is bounded; the whole run is capped at
// TOTAL_MS. Exits non-zero on failure.

import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const ARTIFACTS = path.join(ROOT, "test-artifacts");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TOTAL_MS = 120_000;
const STEP_MS = 20_000;
const NAME = "TestReportsRender";
const KINDS = ["run", "merge", "sweep", "sweep2", "sensitivity", "compare", "fit"];

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1) + "s";
let browser;

class CheckFailed extends Error {}

function check(cond, msg, detail = "") {
  if (!cond) throw new CheckFailed(detail ? `${msg}: ${detail}` : msg);
  console.log(`PASS: ${msg} [${elapsed()}]`);
}

function parseArgs(argv) {
  const pages = [];
  let aSide = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--a-side") {
      aSide = argv[++i]?.split(",");
      continue;
    }
    const [kind, file] = argv[i].split("=");
    if (!KINDS.includes(kind) || !file) {
      throw new CheckFailed(`usage: node web/report_test.mjs KIND=REPORT.html ... (KIND: ${KINDS.join(", ")}); got ${argv[i]}`);
    }
    pages.push({ kind, file: path.resolve(file) });
  }
  if (pages.length === 0) throw new CheckFailed("usage: node web/report_test.mjs KIND=REPORT.html ...");
  return { pages, aSide };
}

// open loads a report with the network cut off and returns the page and the
// requests and console errors it caused.
async function open(file) {
  check(fs.existsSync(file), `the report ${file} exists`);
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.setDefaultTimeout(STEP_MS);
  const errors = [];
  const refused = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:")) return route.continue();
    refused.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(file).href, { waitUntil: "load", timeout: STEP_MS });
  await page.waitForFunction(() => [...document.images].every((i) => i.complete), null, { timeout: STEP_MS });
  return { page, errors, refused };
}

// table returns a table's header cells and rows of cell texts.
async function table(page, id) {
  return page.evaluate((id) => {
    const t = document.getElementById(id);
    if (!t) return null;
    const rows = [...t.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent.trim()));
    return { head: rows[0] ?? [], rows: rows.slice(1), caption: t.querySelector("caption")?.textContent ?? "" };
  }, id);
}

// figures returns every figure: its name, decoded size, caption and whether
// it is embedded.
async function figures(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("figure")].map((f) => {
      const i = f.querySelector("img");
      return { name: f.id, w: i.naturalWidth, h: i.naturalHeight, data: i.src.startsWith("data:image/png;base64,"), caption: f.querySelector("figcaption")?.textContent ?? "" };
    }),
  );
}

// pixels runs fn(data, width, height) in the page over the RGBA pixels of
// the figure named name.
async function pixels(page, name, fn) {
  return page.evaluate(
    ([name, src]) => {
      const img = document.getElementById(name).querySelector("img");
      const c = document.createElement("canvas");
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext("2d");
      g.drawImage(img, 0, 0);
      const f = new Function("return " + src)();
      return f(g.getImageData(0, 0, c.width, c.height).data, c.width, c.height);
    },
    [name, fn.toString()],
  );
}

// barsInAxis finds the tornado's bars (the colours colShaken and colLine of
// lab/report/plots.go) and the x axis (the longest horizontal run of grey
// pixels: the thin line is anti-aliased) and returns both spans. A bar
// starts at the zero line (the longest vertical run of grey pixels), so a
// run of a bar's colour that does not reach it is the legend's swatch, not
// a bar.
function barsInAxis(data, w, h) {
  const rgb = (x, y) => {
    const i = 4 * (y * w + x);
    return [data[i], data[i + 1], data[i + 2]];
  };
  const grey = ([r, g, b]) => Math.max(r, g, b) < 200 && Math.max(r, g, b) - Math.min(r, g, b) < 20;
  const barColour = ([r, g, b]) =>
    (Math.abs(r - 220) < 12 && Math.abs(g - 160) < 12 && b < 12) ||
    (Math.abs(r - 30) < 12 && Math.abs(g - 70) < 12 && Math.abs(b - 140) < 12);
  let best = 0, x0 = 0, x1 = 0;
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x < w; x++) {
      if (grey(rgb(x, y))) {
        if (++run > best) [best, x0, x1] = [run, x - run + 1, x];
      } else run = 0;
    }
  }
  let tallest = 0, zero = -1;
  for (let x = 0; x < w; x++) {
    let run = 0;
    for (let y = 0; y < h; y++) {
      if (grey(rgb(x, y)) || barColour(rgb(x, y))) {
        if (++run > tallest) [tallest, zero] = [run, x];
      } else run = 0;
    }
  }
  let min = w, max = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!barColour(rgb(x, y))) continue;
      let end = x;
      while (end + 1 < w && barColour(rgb(end + 1, y))) end++;
      if (x <= zero + 3 && end >= zero - 3) {
        min = Math.min(min, x);
        max = Math.max(max, end);
      }
      x = end;
    }
  }
  return { bars: [min, max], axis: [x0, x1], zero };
}

// heatInk counts the dark pixels inside the heat map's cells (the box of
// strongly coloured pixels): the numbers written in light cells. Cell
// borders are white and the frame is outside the box, so without numbers
// the count is zero.
function heatInk(data, w, h) {
  const at = (x, y) => {
    const i = 4 * (y * w + x);
    return [data[i], data[i + 1], data[i + 2]];
  };
  let x0 = w, x1 = -1, y0 = h, y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b] = at(x, y);
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
  }
  let ink = 0, light = 0;
  for (let y = y0 + 2; y < y1 - 2; y++) {
    for (let x = x0 + 2; x < x1 - 2; x++) {
      const [r, g, b] = at(x, y);
      if (r < 70 && g < 70 && b < 70) ink++;
      if (r > 245 && g > 245 && b > 245) light++;
    }
  }
  return { ink, light, box: [x0, y0, x1, y1] };
}

async function checkPage({ kind, file }) {
  console.log(`--- ${kind}: ${file}`);
  const { page, errors, refused } = await open(file);
  const title = await page.title();
  check(title.startsWith("MoraleBreak report: "), `${kind}: the page has the report's title`, title);
  const lead = await page.locator("p.lead").count();
  check(lead === 1, `${kind}: the scenario's description is under the title`);

  const settings = await table(page, "settings");
  check(settings && settings.rows.length >= 1, `${kind}: a table lists the settings that differ from the defaults`);
  check(settings.head.includes("default"), `${kind}: the settings table gives the default beside each value`, settings.head.join(" | "));
  const body = await page.evaluate(() => document.body.innerText);
  const foot = await page.evaluate(() => document.querySelector("footer")?.innerText ?? "");
  check(/[0-9a-f]{16}/.test(foot), `${kind}: the footnote carries the hashes`);
  const bodyNoFoot = body.replace(foot, "");
  // Every page names the command that made it, as typed (a merged page the
  // merge; a sweep's page run -sweep). The tool's line is there when the
  // build has one (a git checkout).
  const made = /^Made by: moralesim (\S+) /m.exec(foot);
  const by = { merge: "merge", sweep: "run", sweep2: "run" }[kind] ?? kind;
  check(made && made[1] === by, `${kind}: the footnote gives the command that made the page`, foot);
  check(!/Made with/.test(foot) || /^Made with moralesim \S+(, commit [0-9a-f]{40})?(, with changes not committed)?\.$/m.test(foot), `${kind}: the tool's line names a version and a commit`, foot);
  check(!/settings [0-9a-f]{16}/.test(bodyNoFoot), `${kind}: the settings hash appears only in the footnote`);

  const figs = await figures(page);
  check(figs.length >= 1, `${kind}: the page has figures`, JSON.stringify(figs.map((f) => f.name)));
  for (const f of figs) {
    check(f.data, `${kind}: ${f.name} is embedded as a data URI`);
    check(f.w >= 300 && f.h >= 200, `${kind}: ${f.name} decoded as an image`, `${f.w}×${f.h}`);
    check(/\d+ fights/.test(f.caption) && f.caption.length > 60, `${kind}: ${f.name}'s caption says what it shows and for how many fights`, f.caption);
  }
  const named = (n) => figs.find((f) => f.name === n);
  // Every table fits the page's column at 1100 pixels: none has to be
  // scrolled (a clipped column, a clipped caption, in a design document).
  const wide = await page.evaluate(() => [...document.querySelectorAll("div.tw")]
    .filter((d) => d.scrollWidth > d.clientWidth + 1)
    .map((d) => `${d.querySelector("table")?.id || "?"}: ${d.scrollWidth} > ${d.clientWidth}`));
  check(wide.length === 0, `${kind}: every table fits the page's width`, wide.join("; "));

  if (kind === "run" || kind === "merge") {
    const checks = await table(page, "checks");
    check(checks && checks.rows.length >= 1 && checks.rows.every((r) => r[0] === "PASS" || r[0] === "FAIL"), `${kind}: the expectations' verdicts are there`, JSON.stringify(checks?.rows));
    const squads = await table(page, "squads");
    check(squads && squads.rows.length >= 1, `${kind}: the per-squad table has a row per squad`, JSON.stringify(squads?.rows));
    check(squads.rows.every((r) => /%/.test(r[2])), `${kind}: each squad says how often it broke`);
    check(named("squads.png") && named("unbroken.png"), `${kind}: per-squad fan charts and the unbroken curves are there`);
    const metrics = await table(page, "metrics");
    check(metrics && metrics.rows.length >= 10, `${kind}: the metrics table has a row per metric`, `${metrics?.rows.length} rows`);
    check(named("fan.png"), `${kind}: the fan chart of all men is there`);
    const fights = await table(page, "fights");
    check(fights && fights.rows.length >= 2 && fights.rows.every((r) => /^demo -scenario \S+ -run \d+/.test(r[2]) && /-replays \d+ -out/.test(r[3])),
      `${kind}: each fight to watch names the commands that open it`, JSON.stringify(fights?.rows));
  }
  if (kind === "sweep" || kind === "sweep2") {
    const swept = await table(page, "swept");
    check(swept && swept.rows.length === (kind === "sweep2" ? 2 : 1), `${kind}: the swept keys are listed`, JSON.stringify(swept?.rows));
    const points = await table(page, "points");
    check(points && points.rows.length >= 2, `${kind}: a table lists every point`);
    check(named("sweep.png") && named("sweep_squads.png"), `${kind}: the sweep's plot and the per-squad plot are there`);
    if (kind === "sweep2") {
      const h = await pixels(page, "sweep.png", heatInk);
      check(h.ink > 60, "sweep2: the heat map has numbers in its cells", JSON.stringify(h));
    }
  }
  if (kind === "sensitivity") {
    const eff = await table(page, "effects");
    check(eff && eff.rows.length >= 10, "sensitivity: the effects table has a row per knob");
    const nudged = eff.rows.filter((r) => r[3] !== "not nudged");
    check(nudged.length > 0 && nudged.every((r) => /\[.*,.*\]/.test(r[3]) || r[3] === "invalid settings"), "sensitivity: every nudge has its 95% interval", JSON.stringify(nudged.slice(0, 3)));
    check(/negative weight is bad news: ×0\.9 shrinks it towards zero, milder news/.test(body), "sensitivity: the page says what −10% of a negative weight means");
    check(named("tornado.png"), "sensitivity: the tornado chart is there");
    const b = await pixels(page, "tornado.png", barsInAxis);
    const margin = (b.axis[1] - b.axis[0]) / 50;
    check(b.bars[1] > 0 && b.bars[0] >= b.axis[0] + margin && b.bars[1] <= b.axis[1] - margin, "sensitivity: the tornado's axis spans its bars with a margin at both ends", JSON.stringify(b));
    check(named("squads.png"), "sensitivity: the baseline's per-squad fan charts are there");
  }
  if (kind === "compare") {
    const cmp = await table(page, "compare");
    check(cmp && cmp.head.includes("mean A (fights)") && cmp.head.includes("paired means A → B (fights)"), "compare: plain means with their counts beside the labelled paired means", cmp?.head.join(" | "));
    check(cmp.rows.every((r) => /\(\d+\)$/.test(r[1]) && /\(\d+\)$/.test(r[3])), "compare: every mean says how many fights it is over");
    const squads = await table(page, "squads");
    check(squads && squads.rows.length >= 2 && squads.head.includes("broke in, A") && squads.head.includes("broke in, B"), "compare: per squad, how often it broke on each side");
    check(named("squads.png"), "compare: each squad's fan under A and B is there");
    check(settings.head.includes("A") && settings.head.includes("B"), "compare: the settings table gives A's and B's values");
  }

  if (kind === "fit") {
    const changes = await table(page, "changes");
    check(changes && changes.rows.some((r) => / → /.test(r[1])), "fit: the changes table gives start → end", JSON.stringify(changes?.rows));
    const verdicts = await table(page, "verdicts");
    check(verdicts && verdicts.rows.length >= 1 && verdicts.rows.every((r) => /^(PASS|FAIL)/.test(r[0]) && r[3] && r[4]), "fit: every expectation has its verdict, before and after", JSON.stringify(verdicts?.rows));
    check(named("convergence.png") && named("expectations.png"), "fit: the convergence and the expectations' plots are there");
  }

  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `report-${kind}-${path.basename(file, ".html")}.png`), fullPage: true });
  check(refused.length === 0, `${kind}: the page asked for nothing outside itself`, refused.join(", "));
  check(errors.length === 0, `${kind}: no console errors`, errors.join(" | "));
  await page.close();
}

// checkASide checks compare's plain mean A against run's mean, metric by
// metric: both are over the fights where A had the metric.
async function checkASide(runFile, compareFile) {
  const run = await open(path.resolve(runFile));
  const metrics = await table(run.page, "metrics");
  await run.page.close();
  const cmp = await open(path.resolve(compareFile));
  const c = await table(cmp.page, "compare");
  await cmp.page.close();
  const mean = metrics.head.indexOf("mean"), n = metrics.head.indexOf("n");
  let compared = 0;
  for (const r of metrics.rows) {
    const row = c.rows.find((x) => x[0] === r[0]);
    if (!row) continue;
    const want = r[mean] === "–" ? "– (0)" : `${r[mean]} (${r[n]})`;
    check(row[1] === want, `compare's mean A of ${r[0]} is run's mean over the same fights`, `${row[1]} vs ${want}`);
    compared++;
  }
  check(compared >= 10, "compare and run share every metric of all men", `${compared}`);
}

const timer = setTimeout(() => {
  console.error(`FAIL ${NAME}: timed out after ${TOTAL_MS / 1000}s`);
  process.exit(1);
}, TOTAL_MS);

try {
  const { pages, aSide } = parseArgs(process.argv.slice(2));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    timeout: STEP_MS,
  });
  for (const p of pages) await checkPage(p);
  if (aSide) await checkASide(aSide[0], aSide[1]);
  console.log(`ok ${NAME} [${elapsed()}]`);
  clearTimeout(timer);
  await browser.close();
  process.exit(0);
} catch (e) {
  console.error(`FAIL ${NAME}: ${e instanceof CheckFailed ? e.message : e.stack ?? e}`);
  clearTimeout(timer);
  await browser?.close().catch(() => {});
  process.exit(1);
}
