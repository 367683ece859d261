// Meta pixel list (code pixel): fbevents.js from connect.facebook.net, one `init` per pixel id.
import { firstSight } from './dom';
import type { ConfigOf, Integration } from './integration';
import { loadMetaPixels, META_ORIGINS, sendMetaEvent } from './meta';

const fresh = firstSight();

const pixel: Integration<ConfigOf<'pixel'>> = {
  code: 'pixel',
  origins: () => META_ORIGINS,
  load(config, env) {
    loadMetaPixels('pixel', config.pixelNumber, 'https://connect.facebook.net/en_US/fbevents.js', env);
  },
  onEvent(event, config) {
    if (fresh(event)) sendMetaEvent(config.pixelNumber, event);
  },
};

export default pixel;
