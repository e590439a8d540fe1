import { launchBrowser } from '../e2e/support/browser';
import { ADMIN, startServer } from '../e2e/support/server-process';
const server = process.env.URL ? { url: process.env.URL, stop: async () => {} } : await startServer();
const browser = await launchBrowser();
const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
const page = await context.newPage();
await page.goto('/');
await page.getByLabel('Email').fill(ADMIN.email);
await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL('**/app/dashboard');
await page.addInitScript(
  `(() => { window.tl = []; const of = window.fetch; window.fetch = async (...a) => { const u = String(a[0].url || a[0]); const r = await of(...a); window.tl.push(['fetch-resolved', u.slice(-30), performance.now()]); return r; }; const ot = Response.prototype.text; Response.prototype.text = async function () { const t = await ot.call(this); window.tl.push(['text', this.url.slice(-30), performance.now()]); return t; }; })()`,
);
await page.goto('/app/ads-directory');
await page.locator('table[aria-label="Advertisements"] tbody tr[aria-label]').first().waitFor();
await page.evaluate(
  `(() => { window.lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: false }); })()`,
);
for (const label of ['Heading', 'Heading', 'User', 'Date', 'Date', 'NEXT', 'NEXT', 'NEXT']) {
  const r = await page.evaluate(`(async (label) => {
    const sig = () => Array.from(document.querySelectorAll('table[aria-label="Advertisements"] tbody tr[aria-label]')).map((r) => r.getAttribute('aria-label')).join('|');
    const before = sig();
    const btn = label === 'NEXT' ? document.querySelector('nav[aria-label="Pagination"] button[aria-label="Next page"]') : Array.from(document.querySelectorAll('table[aria-label="Advertisements"] thead button')).find((b) => b.textContent.trim() === label);
    performance.clearResourceTimings(); window.lt = []; window.tl = []; const mo = new MutationObserver(() => window.tl.push(['mutation', sig().slice(0, 12), performance.now()])); mo.observe(document.querySelector('table[aria-label="Advertisements"]'), { subtree: true, childList: true, attributes: true });
    const t0 = performance.now();
    btn.click();
    await new Promise((res) => { const tick = () => { const s = sig(); if (s !== '' && s !== before) res(); else requestAnimationFrame(tick); }; tick(); });
    const t1 = performance.now() - t0;
    const res = performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/')).map((e) => e.name.replace(location.origin, '').slice(0, 40) + ' start ' + Math.round(e.startTime - t0) + ' reqStart ' + Math.round(e.requestStart - t0) + ' respStart ' + Math.round(e.responseStart - t0) + ' end ' + Math.round(e.responseEnd - t0));
    const imgs = performance.getEntriesByType('resource').filter((e) => e.name.includes('/uploads/')).length;
    mo.disconnect(); return { tl: window.tl.map(([a, b, t]) => a + ':' + b + '@' + Math.round(t - t0)).slice(0, 12), t1: Math.round(t1), res, imgs, lt: window.lt.map(([s, d]) => [s - Math.round(t0), d]) };
  })(${JSON.stringify(label)})`);
  console.log(label, JSON.stringify(r));
  await page.waitForTimeout(300);
}
await browser.close();
await server.stop();
