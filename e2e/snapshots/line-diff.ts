// A line diff of two texts for the snapshot report: the lines that differ, with a few lines of context
// around each change, like `git diff`.

export interface DiffLine {
  kind: 'same' | 'added' | 'removed' | 'gap';
  text: string;
}

const CONTEXT = 3;
/** Beyond this many cells the middle is shown as all removed then all added (no alignment). */
const MAX_CELLS = 25_000_000;

/** The edit script from `before` to `after` (common start and end trimmed, the rest aligned by LCS). */
function edits(before: string[], after: string[]): DiffLine[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  const head: DiffLine[] = before.slice(0, start).map((text) => ({ kind: 'same', text }));
  const tail: DiffLine[] = before.slice(endBefore).map((text) => ({ kind: 'same', text }));
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS)
    return [
      ...head,
      ...a.map((text): DiffLine => ({ kind: 'removed', text })),
      ...b.map((text): DiffLine => ({ kind: 'added', text })),
      ...tail,
    ];
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  const middle: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      middle.push({ kind: 'same', text: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      middle.push({ kind: 'removed', text: a[i++]! });
    } else {
      middle.push({ kind: 'added', text: b[j++]! });
    }
  }
  return [...head, ...middle, ...tail];
}

/** The changed lines of `after` against `before`, each change with CONTEXT lines around it. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const all = edits(before.split('\n'), after.split('\n'));
  const near = new Uint8Array(all.length);
  all.forEach((line, n) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, n - CONTEXT); k <= Math.min(all.length - 1, n + CONTEXT); k++) near[k] = 1;
  });
  const shown: DiffLine[] = [];
  let line = 1;
  all.forEach((entry, n) => {
    if (near[n]) {
      if (n === 0 || !near[n - 1]) shown.push({ kind: 'gap', text: `line ${line}` });
      shown.push(entry);
    }
    if (entry.kind !== 'added') line++;
  });
  return shown;
}
