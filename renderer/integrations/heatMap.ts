// Heat map, Hotjar (code heatMap): Hotjar's tracking code (`hj` queue, `_hjSettings` with the site id,
// hotjar-<id>.js from static.hotjar.com). Hotjar records the page it loads on by itself; a later route
// change is told with `hj('stateChange', path)`, as Hotjar documents for single-page apps, and a
// purchase as a Hotjar event (to filter recordings by).
import { addScript, firstSight, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';

type Hj = ((...args: unknown[]) => void) & { q?: unknown[] };
const fresh = firstSight();
let recordedOnLoad: string | undefined;

const heatMap: Integration<ConfigOf<'heatMap'>> = {
  code: 'heatMap',
  // Hotjar's documented CSP (its websocket, wss://*.hotjar.com, is not an https origin the seam takes).
  origins: () => ({
    script: ['https://static.hotjar.com', 'https://script.hotjar.com'],
    connect: ['https://*.hotjar.com', 'https://*.hotjar.io'],
    img: ['https://*.hotjar.com'],
    frame: ['https://vars.hotjar.com'],
  }),
  load(config) {
    const w = vendorWindow();
    // (function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};h._hjSettings={hjid:…,hjsv:6};…})
    if (!w.hj) {
      const hj: Hj = function () {
        (hj.q = hj.q || []).push(arguments);
      };
      w.hj = hj;
    }
    w._hjSettings = w._hjSettings || { hjid: Number(config.accountId), hjsv: 6 };
    const src = `https://static.hotjar.com/c/hotjar-${config.accountId}.js?sv=6`;
    if (addScript('heatMap', src)) recordedOnLoad = location.pathname;
  },
  onEvent(event) {
    const hj = vendorWindow().hj as Hj | undefined;
    if (!hj || !fresh(event)) return;
    if (event.name === 'PageView') {
      const path = event.path.split('?')[0];
      const first = recordedOnLoad;
      recordedOnLoad = undefined;
      if (path !== first) hj('stateChange', event.path);
    } else if (event.name === 'Purchase') {
      hj('event', 'purchase');
    }
  },
};

export default heatMap;
