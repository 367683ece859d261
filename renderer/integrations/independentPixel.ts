// A Meta pixel served through the merchant's own first-party host (code independentPixel; spec:
// independentPixel and independentPixelHOST): the host proxies Meta's fbevents.js and its hits, so the
// library is loaded from, and talks to, that host only. When the pixel list (code pixel) is on too, both
// share the one `fbq` and the library of whichever loaded first; each sends to its own pixels only.
import { firstSight } from './dom';
import type { ConfigOf, Integration } from './integration';
import { loadMetaPixels, sendMetaEvent } from './meta';

const fresh = firstSight();

const independentPixel: Integration<ConfigOf<'independentPixel'>> = {
  code: 'independentPixel',
  origins: (config) => ({
    script: [config.independentPixelHOST],
    connect: [config.independentPixelHOST],
    img: [config.independentPixelHOST],
  }),
  load(config, env) {
    loadMetaPixels('independentPixel', config.pixelNumber, `${config.independentPixelHOST}/en_US/fbevents.js`, env);
  },
  onEvent(event, config) {
    if (fresh(event)) sendMetaEvent(config.pixelNumber, event);
  },
};

export default independentPixel;
