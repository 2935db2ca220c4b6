// Lighthouse's Node API on a page that already holds the session cookie (the CLI's
// --extra-headers reach the page's requests but not the app's own cookie checks).
// Run by table.py: LH_DIR (where `npm install lighthouse` put node_modules), LH_URL,
// LH_COOKIES (JSON list of {name, value}), LH_OUT (the JSON report), CHROME_PATH.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = join(process.env.LH_DIR, "node_modules");
const { default: lighthouse } = await import(join(dir, "lighthouse/core/index.js"));
const { default: puppeteer } = await import(join(dir, "puppeteer-core/lib/esm/puppeteer/puppeteer-core.js"));

const url = process.env.LH_URL;
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage();
  await page.setCookie(...JSON.parse(process.env.LH_COOKIES).map((c) => ({ ...c, url })));
  const flags = {
    output: "json",
    disableStorageReset: true, // keep the cookie; the mobile preset is Lighthouse's default
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  };
  const result = await lighthouse(url, flags, undefined, page);
  writeFileSync(process.env.LH_OUT, result.report);
} finally {
  await browser.close();
}
