// Card numbers out of log text (PCI DSS 3.4: a card number is never written where it can be read back).
// Every run of 13–19 digits that passes the Luhn check is masked, written plain or with separators
// ("4242 4242 4242 4242", "4242-4242-4242-4242", "4242424242424242"), wherever it sits in the text: inside a
// longer run of digits too, since text cut or glued around a number must not let it through. Of each such
// number at most its last four digits stay (what a receipt shows); the separators stay, so the line keeps
// its shape: "**** **** **** 4242". A number that fails the Luhn check is not a card's and is left alone
// (order numbers, times, ids), which is the whole point of checking it.

/** What may stand between a card's digits: blanks, dashes, dots, slashes. */
const SEPARATOR = String.raw`[\s\-\u2010-\u2015\u2212._/]`;
/** The same, and JSON's escapes of blanks (text that holds JSON written as text: "4242\u00a04242…"). */
const SEPARATOR_OR_ESCAPE = String.raw`(?:${SEPARATOR}|\\[tnrfv]|\\u(?:0020|00[aA]0|200[0-9aAbB]|202[fF]|3000))`;
/**
 * Runs of digits with separators between them (never at their ends), read two ways: the text as it is, and
 * with escapes read as blanks. Both are masked: an escape's own digits ("\u2009") may belong to a number
 * read literally, and an escape may part a number's groups.
 */
const READINGS = [
  { run: new RegExp(String.raw`\d(?:${SEPARATOR}*\d)*`, 'g'), escapes: false },
  { run: new RegExp(String.raw`\d(?:${SEPARATOR_OR_ESCAPE}*\d)*`, 'g'), escapes: true },
];

const MIN_DIGITS = 13;
const MAX_DIGITS = 19;
/** How many of a card's last digits may stay. */
const KEPT = 4;
export const MASK = '*';

/** Whether the digits pass the Luhn check (the check digit every card number ends with). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let k = 1; k <= digits.length; k++) {
    let d = digits.charCodeAt(digits.length - k) - 48;
    if (k % 2 === 0) d = d > 4 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Which digits of a run to mask: for every window of 13–19 consecutive digits that passes the Luhn check,
 * all of it but its last four. Windows are read from their last digit leftwards, so the Luhn sum of each
 * is the previous one's plus one digit (19 steps a digit).
 */
function maskedDigits(digits: number[]): boolean[] | null {
  let masked: boolean[] | null = null;
  for (let end = digits.length; end >= MIN_DIGITS; end--) {
    let sum = 0;
    for (let k = 1; k <= MAX_DIGITS && k <= end; k++) {
      let d = digits[end - k]!;
      if (k % 2 === 0) d = d > 4 ? d * 2 - 9 : d * 2;
      sum += d;
      if (k >= MIN_DIGITS && sum % 10 === 0) {
        masked ??= Array.from({ length: digits.length }, () => false);
        for (let i = end - k; i < end - KEPT; i++) masked[i] = true;
      }
    }
  }
  return masked;
}

/** The text with every Luhn-valid run of 13–19 digits masked but its last four digits; the same text when none. */
export function maskCardNumbers(text: string): string {
  // Most log text has no 13 digits at all: answered without reading it further.
  let count = 0;
  for (let i = 0; i < text.length && count < MIN_DIGITS; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) count++;
  }
  if (count < MIN_DIGITS) return text;
  let hidden: Set<number> | null = null;
  for (const { run, escapes } of READINGS) {
    for (const match of text.matchAll(run)) {
      const found = match[0];
      const positions: number[] = [];
      const digits: number[] = [];
      for (let i = 0; i < found.length; i++) {
        const code = found.charCodeAt(i);
        // An escape's hex digits (\u00a0) are not the number's in this reading.
        if (escapes && code === 92 /* \ */ && found[i + 1] === 'u') {
          i += 5;
          continue;
        }
        if (code >= 48 && code <= 57) {
          positions.push(match.index + i);
          digits.push(code - 48);
        }
      }
      if (digits.length < MIN_DIGITS) continue;
      const masked = maskedDigits(digits);
      if (!masked) continue;
      hidden ??= new Set();
      masked.forEach((hide, i) => hide && hidden!.add(positions[i]!));
    }
  }
  if (!hidden) return text;
  // Masked positions are digits, one UTF-16 unit each.
  const chars = text.split('');
  for (const i of hidden) chars[i] = MASK;
  return chars.join('');
}
