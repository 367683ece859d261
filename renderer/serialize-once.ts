// Loader data the server renders again and again (a page's blocks and their data, the site, the menus)
// is written into each page once per object as JSON of its own, made once and kept while the object
// lives, instead of being walked by the router's serializer on every request (issue 10: that walk was
// about a tenth of a rendered page's CPU). The server marks such objects when it caches them; they are
// never changed afterwards. The router's data script names each by an id; its JSON goes in a
// `<script type="application/json">` of the page (not into the script as a string, which the serializer
// would escape again on every request), and the browser reads it back with
// JSON.parse when it hydrates (these objects are plain JSON).
import { createSerializationAdapter } from '@tanstack/react-router';
import { scriptJson } from './ui/script-json';

/** The id prefix of the JSON scripts of marked objects in a page. */
export const SERIALIZED_ONCE_ID = 'vitrine-data-';

interface Written {
  id: string;
  /** Its JSON script, as written into the page. */
  script: string;
}

/** Marked objects, with their id and JSON script once made (null until the first page that carries them). */
const marked = new WeakMap<object, Written | null>();
let lastId = 0;

/** Marks `value` (a cached object that never changes) to be serialized once; returns it. */
export function serializeOnce<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !marked.has(value)) marked.set(value, null);
  return value;
}

const isMarked = (value: unknown): value is object => typeof value === 'object' && value !== null && marked.has(value);

/** In the browser: each marked object read from its JSON script. */
const readBack = (id: string): object =>
  JSON.parse(document.getElementById(SERIALIZED_ONCE_ID + id)?.textContent ?? 'null') as object;

/**
 * The server's serializer of marked objects for one page: each is written into the router's data as its
 * id, and its JSON script put in `scripts` (by id), for the page to carry.
 */
export function serializedOnceInto(scripts: Map<string, string>) {
  return createSerializationAdapter({
    key: 'json',
    test: isMarked,
    toSerializable: (value: object) => {
      let written = marked.get(value);
      if (!written) {
        const id = String(++lastId);
        written = { id, script: `<script type="application/json" id="${SERIALIZED_ONCE_ID}${id}">${scriptJson(value)}</script>` };
        marked.set(value, written);
      }
      scripts.set(written.id, written.script);
      return written.id;
    },
    fromSerializable: readBack,
  });
}

/** The browser's (and any router that does not write a page): reads marked objects back. */
export const serializedOnce = createSerializationAdapter({
  key: 'json',
  test: isMarked,
  toSerializable: (value: object) => JSON.stringify(value),
  fromSerializable: readBack,
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
