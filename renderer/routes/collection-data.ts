// What the collection pages (routes/collection.tsx) share with their views.

/** `all` is every product on sale (spec: "all products"), titled in the visitor's language. */
export const ALL_PRODUCTS = 'all';
