import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { serve } from '../../../scripts/serve.mjs';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
for (const dir of process.argv.slice(2)) {
  const srv = await serve(dir, 0); const url = `http://127.0.0.1:${srv.address().port}/`;
  const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
  const { lhr } = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, { extends: 'lighthouse:default', settings: { throttlingMethod: 'simulate' } });
  const m = lhr.audits.metrics.details.items[0];
  console.log(dir, 'TBT', lhr.audits['total-blocking-time'].numericValue.toFixed(0), 'FCP', lhr.audits['first-contentful-paint'].numericValue.toFixed(0), 'observedFCP', m.observedFirstContentfulPaint, 'observedLCP', m.observedLargestContentfulPaint);
  console.log(' render-blocking', JSON.stringify(lhr.audits['render-blocking-resources']?.details?.items));
  for (const r of lhr.audits['network-requests'].details.items) console.log('  ', r.url.split('/').pop().slice(0, 40), r.resourceType, r.priority, r.transferSize, r.networkRequestTime?.toFixed(0), r.networkEndTime?.toFixed(0));
  const dbg = lhr.audits['main-thread-tasks']?.details?.items?.filter((t) => t.startTime < m.observedFirstContentfulPaint);
  console.log(' tasks before FCP', JSON.stringify(dbg?.map((t) => [t.startTime.toFixed(0), t.duration.toFixed(1)])));
  await chrome.kill(); srv.close();
}
