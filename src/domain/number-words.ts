// Toasts spell counts out (`Two new users added!`); the server caps a request at 500 entries,
// so words up to the hundreds cover every count, and larger numbers fall back to digits.

const UNITS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function belowHundred(n: number): string {
  if (n < 20) return UNITS[n] ?? String(n);
  const tens = TENS[Math.floor(n / 10)] ?? '';
  return n % 10 === 0 ? tens : `${tens}-${UNITS[n % 10]}`;
}

/** 2 → `two`, 21 → `twenty-one`, 342 → `three hundred forty-two`; 1000 and up stay digits. */
export function numberInWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1000) return String(n);
  if (n < 100) return belowHundred(n);
  const hundreds = `${UNITS[Math.floor(n / 100)]} hundred`;
  return n % 100 === 0 ? hundreds : `${hundreds} ${belowHundred(n % 100)}`;
}

/** The same, capitalised to start a sentence: `Two`. */
export function capitalisedNumber(n: number): string {
  const words = numberInWords(n);
  return words.charAt(0).toUpperCase() + words.slice(1);
}
