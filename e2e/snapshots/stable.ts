// What the snapshot run holds still so a picture is the same on every run (docs/qa-snapshots.md).
import type { BrowserContext } from '@playwright/test';

/** The instant the snapshot server's clock and every snapshot browser's clock stand at. */
export const SNAPSHOT_NOW = '2026-12-01T09:00:00.000Z';

/** The languages pictured: the source language, a long-worded one and one in another script. */
export const LANGUAGES = ['en', 'de', 'el'] as const;
/** A phone and a desktop. */
export const WIDTHS = [375, 1280] as const;

/**
 * Math.random drawn from a fixed seed (mulberry32) in every document, so what the browser draws (a
 * client-side id, a shuffled list) is the same on every run. Runs before any of the page's scripts.
 */
function seededRandom() {
  let seed = 0x5eed;
  Math.random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The browser's clock fixed at SNAPSHOT_NOW (its timers run), and Math.random seeded. */
export async function holdStill(context: BrowserContext) {
  await context.clock.setFixedTime(new Date(SNAPSHOT_NOW));
  await context.addInitScript(seededRandom);
}
