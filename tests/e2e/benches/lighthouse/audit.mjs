// Lighthouse 12's mobile performance audit (its default: a mid-range phone,
// simulated slow 4G and 4× CPU slowdown) of one URL, in Debian's Chromium.
// Used by tests/e2e/benches/startup.mjs (scripts/bench); not part of CI. Its
// packages live here, apart from the browser tests' (npm ci in this folder,
// which scripts/tools.sh `ensure_lighthouse` runs).
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/** A Chromium for Lighthouse; `close()` when done. */
export function chromium() {
  return launch({ chromePath: process.env.CHROMIUM || '/usr/bin/chromium', chromeFlags: FLAGS });
}

/** One audit of `url` (storage and cache cleared first, so a first visit):
 * the performance score (0–1), FCP, LCP and TBT in ms, CLS, the version of
 * Lighthouse, the LCP observed at full speed and the files that had arrived
 * by then (`before`). `throttling`: 'simulate' (Lighthouse's default: the
 * page loads at full speed and the slow phone is simulated from that trace)
 * or 'devtools' (the page loads on the slowed network and CPU). */
export async function audit(chrome, url, throttling = 'simulate') {
  const config = { extends: 'lighthouse:default', settings: { throttlingMethod: throttling } };
  const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, config);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const value = (audit) => {
    const v = lhr.audits[audit]?.numericValue;
    if (typeof v !== 'number') throw new Error(`lighthouse gave no ${audit} for ${url}`);
    return v;
  };
  // What the simulated LCP was built from: the largest paint as observed at
  // full speed, and the files that had arrived by then (Lighthouse's lantern
  // counts every one of them as needed for that paint, and re-times each on
  // the simulated network).
  const observedLcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const before = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.resourceType !== 'Document' && r.networkEndTime <= observedLcp)
    .map((r) => ({ file: new URL(r.url).pathname.split('/').pop(), bytes: r.transferSize, end: r.networkEndTime }));
  return {
    version: lhr.lighthouseVersion,
    observedLcp,
    before,
    score: lhr.categories.performance.score,
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}
