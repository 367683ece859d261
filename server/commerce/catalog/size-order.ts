// Option values gathered from many products (a collection's filters) come in the order products were
// found, so a shirt sold in S–XL and a tee in XS–XL would list "S, M, L, XL, XS". Values that are all
// sizes are put in size order here, where the server merges them: letter sizes from the smallest
// (XXS, XS, S, M, L, XL, XXL, 3XL…), then numbers by value (28, 30, 32; 38–45; 250ml, 350ml), a range
// ("S-M") by its first size. Other values (colours, scents, a towel's "bath") keep the merchant's order.

/** A letter size's place around M: XS is -2, S -1, M 0, L 1, XL 2, XXL or 2XL 3. */
function letterRank(code: string): number | undefined {
  const match = /^(?:(x*)|(\d)x)(s|m|l)$/.exec(code);
  if (!match) return undefined;
  const [, xs, count, letter] = match;
  if (letter === 'm') return xs || count ? undefined : 0;
  const steps = 1 + (count ? Number(count) : xs!.length);
  return letter === 's' ? -steps : steps;
}

/** Where a value sorts: letter sizes first, then numbers; undefined when it is not a size. */
function sizeKey(code: string): [number, number] | undefined {
  const first =
    code
      .trim()
      .toLowerCase()
      .split(/\s*[-/–]\s*/)[0] ?? '';
  const letter = letterRank(first);
  if (letter !== undefined) return [0, letter];
  const number = /^(\d+(?:[.,]\d+)?)\s*[a-z]*$/.exec(first);
  return number ? [1, Number(number[1]!.replace(',', '.'))] : undefined;
}

/**
 * The values with their sizes in size order, in the places sizes held; any other value (a towel's
 * "bath", a colour) stays where it was. Stable for equal sizes.
 */
export function inSizeOrder<T>(values: readonly T[], code: (value: T) => string): T[] {
  const keyed = values.map((value, index) => ({ value, index, key: sizeKey(code(value)) }));
  const sizes = keyed
    .filter((k) => k.key !== undefined)
    .sort((a, b) => a.key![0] - b.key![0] || a.key![1] - b.key![1] || a.index - b.index);
  let next = 0;
  return keyed.map((k) => (k.key === undefined ? k.value : sizes[next++]!.value));
}
