// Which funnel steps are drawn as islands pages (hydrated block by block, without the router) and which
// are hydrated whole.
import { describe, expect, it } from 'vitest';
import type { FunnelStepView } from '../../schemas/generated/api';
import type { Block } from '../../schemas/generated/page';
import { islandsOf } from './islands';

const countdown: Block = { id: 'clock', type: 'countdown', settings: { mode: 'evergreen', minutes: 30 } };
const text: Block = { id: 'intro', type: 'rich-text', settings: { body: 'Hello' } };
const checkout: Block = { id: 'buy', type: 'funnel-checkout', settings: {} } as Block;

function step(blocks: Block[], extra: Partial<FunnelStepView> = {}, frame = { header: false, footer: false }): FunnelStepView {
  return {
    funnel: { id: 1, version: 1, handle: 'f', title: 'F' },
    step: { id: 'landing', type: 'landing', page: 'p', next: 'checkout' },
    index: 0,
    stepCount: 2,
    view: {
      page: { handle: 'p', kind: 'funnel', title: 'P', ...frame, blocks },
      data: {},
      version: 1,
      now: 0,
    } as FunnelStepView['view'],
    ...extra,
  };
}

describe('islandsOf', () => {
  it('a landing page of plain blocks and a countdown: the countdown alone is hydrated', () => {
    expect(islandsOf(step([text, countdown, text]))?.map((b) => b.id)).toEqual(['clock']);
  });

  it('a page of plain blocks only: nothing to hydrate, still an islands page', () => {
    expect(islandsOf(step([text]))).toEqual([]);
  });

  it('islands inside a plain container block are found; hidden blocks are left out', () => {
    const section = { id: 'cols', type: 'section', settings: {}, blocks: [text, countdown] } as Block;
    const hidden = { ...countdown, id: 'gone', hidden: true };
    expect(islandsOf(step([section, hidden]))?.map((b) => b.id)).toEqual(['clock']);
  });

  it('a block that needs the router (the funnel checkout) makes the page hydrated whole', () => {
    expect(islandsOf(step([text, checkout]))).toBeUndefined();
    // A block type that says nothing of its hydration needs the router.
    expect(islandsOf(step([text]), () => undefined)).toBeUndefined();
  });

  it("the shop's header or footer, an offer, an order or a merchant's preview: hydrated whole", () => {
    expect(islandsOf(step([text], {}, { header: true, footer: false }))).toBeUndefined();
    expect(islandsOf(step([text], {}, { header: false, footer: true }))).toBeUndefined();
    expect(islandsOf(step([text], { offer: {} as FunnelStepView['offer'] }))).toBeUndefined();
    expect(islandsOf(step([text], { order: {} as FunnelStepView['order'] }))).toBeUndefined();
    const preview = step([text]);
    expect(
      islandsOf({ ...preview, view: { ...preview.view, preview: { version: 2 } } as FunnelStepView['view'] }),
    ).toBeUndefined();
  });
});
