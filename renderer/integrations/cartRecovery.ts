// Cart recovery widget (code cartRecovery): the vendor's widget script, at the address its install guide
// gives, with the shop's app id as the script's data-app-id (how such widgets read their account). It
// watches the cart itself; no shop event is sent to it.
import { addScript } from './dom';
import type { ConfigOf, Integration } from './integration';

const originOf = (url: string) => new URL(url).origin;

const cartRecovery: Integration<ConfigOf<'cartRecovery'>> = {
  code: 'cartRecovery',
  origins: (config) => {
    const origin = [originOf(config.scriptUrl)];
    return { script: origin, connect: origin, img: origin, frame: origin };
  },
  load(config) {
    addScript('cartRecovery', config.scriptUrl, { 'data-app-id': config.appId });
  },
};

export default cartRecovery;
