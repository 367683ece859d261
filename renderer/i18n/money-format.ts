// The money formats of spec section 9 (the placeholders Shopify merchants know): a currency's format
// string holds one placeholder, replaced by the amount written with that placeholder's separators.

const PLACEHOLDERS = {
  amount: { thousands: ',', decimal: '.', decimals: true },
  amount_no_decimals: { thousands: ',', decimal: '.', decimals: false },
  amount_with_comma_separator: { thousands: '.', decimal: ',', decimals: true },
  amount_no_decimals_with_comma_separator: { thousands: '.', decimal: ',', decimals: false },
  amount_with_apostrophe_separator: { thousands: "'", decimal: '.', decimals: true },
  amount_no_decimals_with_space_separator: { thousands: ' ', decimal: ',', decimals: false },
  amount_with_space_separator: { thousands: ' ', decimal: ',', decimals: true },
  amount_with_period_and_space_separator: { thousands: ' ', decimal: '.', decimals: true },
} as const;

export type MoneyPlaceholder = keyof typeof PLACEHOLDERS;
export const MONEY_PLACEHOLDERS = Object.keys(PLACEHOLDERS) as MoneyPlaceholder[];

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/;

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Writes `minor` (minor units of a currency with `decimals` digits) in the given money format. */
export function applyMoneyFormat(format: string, minor: number, decimals: number): string {
  const match = PLACEHOLDER.exec(format);
  const name = (match?.[1] ?? 'amount') as MoneyPlaceholder;
  const style = PLACEHOLDERS[name] ?? PLACEHOLDERS.amount;
  const negative = minor < 0;
  const absolute = Math.abs(minor);
  const unit = 10 ** decimals;
  let text: string;
  if (style.decimals && decimals > 0) {
    const whole = Math.floor(absolute / unit);
    const fraction = String(absolute % unit).padStart(decimals, '0');
    text = `${groupThousands(String(whole), style.thousands)}${style.decimal}${fraction}`;
  } else {
    text = groupThousands(String(Math.round(absolute / unit)), style.thousands);
  }
  const amount = negative ? `-${text}` : text;
  return match ? format.replace(match[0], amount) : amount;
}
