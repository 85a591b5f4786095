// Browser test of a moralesim HTML report (make sim).
//
//   node web/report_test.mjs REPORT.html
//
// Opens the report from disk (file://) in headless Chromium (the Debian
// package, driven by playwright-core) with every network request refused, so
// the page must be self-contained, and checks that it renders: the title, the
// metrics table, and every plot decoded as an image with a real size. A
// screenshot goes to test-artifacts/report.png at the repository root. Every
// wait is bounded; the whole run is capped at TOTAL_MS. Exits non-zero on
// failure.

import { chromium } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const ARTIFACTS = path.join(ROOT, "test-artifacts");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const TOTAL_MS = 60_000;
const STEP_MS = 20_000;
const MIN_PLOTS = 4; // fan chart, survival curve, two histograms
const NAME = "TestReportRenders";

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1) + "s";
const consoleErrors = [];
const refused = []; // requests that would have left the page
let browser;

class CheckFailed extends Error {}

function check(cond, msg, detail = "") {
  if (!cond) throw new CheckFailed(detail ? `${msg}: ${detail}` : msg);
  console.log(`PASS: ${msg} [${elapsed()}]`);
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new CheckFailed("usage: node web/report_test.mjs REPORT.html");
  const abs = path.resolve(file);
  check(fs.existsSync(abs), `the report ${abs} exists`);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"],
    timeout: STEP_MS,
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.setDefaultTimeout(STEP_MS);
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  page.on("pageerror", (e) => consoleErrors.push(String(e)));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:") || url.startsWith("data:")) return route.continue();
    refused.push(url);
    return route.abort();
  });

  await page.goto(pathToFileURL(abs).href, { waitUntil: "load", timeout: STEP_MS });
  const title = await page.title();
  check(title.startsWith("MoraleBreak report"), "the page has the report's title", title);

  const rows = await page.locator("#metrics tr").count();
  check(rows >= 10, "the metrics table has a row per metric", `${rows} rows`);

  await page.waitForFunction(
    () => [...document.images].every((i) => i.complete),
    null,
    { timeout: STEP_MS },
  );
  const imgs = await page.evaluate(() =>
    [...document.images].map((i) => ({ alt: i.alt, w: i.naturalWidth, h: i.naturalHeight, data: i.src.startsWith("data:image/png;base64,") })),
  );
  check(imgs.length >= MIN_PLOTS, `the page shows at least ${MIN_PLOTS} plots`, JSON.stringify(imgs.map((i) => i.alt)));
  for (const i of imgs) {
    check(i.data, `${i.alt} is embedded as a data URI`);
    check(i.w >= 200 && i.h >= 150, `${i.alt} decoded as an image`, `${i.w}×${i.h}`);
  }
  const fan = imgs.find((i) => i.alt === "fan.png");
  check(fan, "the fan chart of squad-average morale is there");

  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, "report.png"), fullPage: true });
  check(refused.length === 0, "the page asked for nothing outside itself", refused.join(", "));
  check(consoleErrors.length === 0, "no console errors", consoleErrors.join(" | "));
}

const timer = setTimeout(() => {
  console.error(`FAIL ${NAME}: timed out after ${TOTAL_MS / 1000}s`);
  process.exit(1);
}, TOTAL_MS);

try {
  await main();
  console.log(`ok ${NAME} [${elapsed()}]`);
  clearTimeout(timer);
  await browser?.close();
  process.exit(0);
} catch (e) {
  console.error(`FAIL ${NAME}: ${e instanceof CheckFailed ? e.message : e.stack ?? e}`);
  clearTimeout(timer);
  await browser?.close().catch(() => {});
  process.exit(1);
}
