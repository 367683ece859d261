// Statcounter (code statcounter): its install code's globals (sc_project, sc_invisible, sc_security) and
// counter.js. counter.js counts the page it loads on by itself; later route changes are counted with its
// `_statcounter.record_pageview()`, the call Statcounter documents for pages that change without loading.
import { addScript, firstSight, vendorWindow } from './dom';
import type { ConfigOf, Integration } from './integration';

const fresh = firstSight();
/** The path counter.js counted when it loaded: its page view is not counted twice. */
let countedOnLoad: string | undefined;

const statcounter: Integration<ConfigOf<'statcounter'>> = {
  code: 'statcounter',
  origins: () => ({
    script: ['https://www.statcounter.com', 'https://statcounter.com'],
    img: ['https://c.statcounter.com'],
    connect: ['https://c.statcounter.com'],
  }),
  load(config) {
    const w = vendorWindow();
    if (w.sc_project === undefined) {
      w.sc_project = Number(config.project);
      w.sc_invisible = 1;
      w.sc_security = config.security;
    }
    if (addScript('statcounter', 'https://www.statcounter.com/counter/counter.js')) countedOnLoad = location.pathname;
  },
  onEvent(event) {
    if (event.name !== 'PageView' || !fresh(event)) return;
    if (countedOnLoad !== undefined && event.path.split('?')[0] === countedOnLoad) {
      countedOnLoad = undefined;
      return;
    }
    countedOnLoad = undefined;
    (vendorWindow()._statcounter as { record_pageview?: () => void } | undefined)?.record_pageview?.();
  },
};

export default statcounter;
