// Loader data the server renders again and again (a page's blocks and their data, the site, the menus)
// is written into each page as one JSON string, made once per object and kept while the object lives,
// instead of being walked by the router's serializer on every request (issue 10: that walk was about a
// tenth of a rendered page's CPU). The server marks such objects when it caches them; they are never
// changed afterwards. The browser reads the string back with JSON.parse (these objects are plain JSON).
import { createSerializationAdapter } from '@tanstack/react-router';

/** Marked objects, with their JSON once made ('' until the first page that carries them). */
const marked = new WeakMap<object, string>();

/** Marks `value` (a cached object that never changes) to be serialized once; returns it. */
export function serializeOnce<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !marked.has(value)) marked.set(value, '');
  return value;
}

export const serializedOnce = createSerializationAdapter({
  key: 'json',
  test: (value: unknown): value is object => typeof value === 'object' && value !== null && marked.has(value),
  toSerializable: (value: object) => {
    let json = marked.get(value);
    if (!json) {
      json = JSON.stringify(value);
      marked.set(value, json);
    }
    return json;
  },
  fromSerializable: (json: string): object => JSON.parse(json) as object,
});

interface CompositeNode {
  objects: WeakMap<object, CompositeNode>;
  values: Map<unknown, CompositeNode>;
  made?: object;
}
const composites: CompositeNode = { objects: new WeakMap(), values: new Map() };

/**
 * An object made of `parts` (objects the server keeps a while, and plain values such as a locale), made
 * once and handed out again while every part is the same: a loader's result that stays the same object,
 * so it is serialized once too (a loader that returns a new object each time is walked every time).
 */
export function composedOf<T extends object>(parts: readonly unknown[], make: () => T): T {
  let node = composites;
  for (const part of parts) {
    const isObject = (typeof part === 'object' && part !== null) || typeof part === 'function';
    const map = (isObject ? node.objects : node.values) as Map<unknown, CompositeNode>;
    let next = map.get(part);
    if (!next) map.set(part, (next = { objects: new WeakMap(), values: new Map() }));
    node = next;
  }
  return (node.made ??= serializeOnce(make())) as T;
}
