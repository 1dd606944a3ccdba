// The breadcrumb header's word map from the spec: the path word gets a second word so the
// crumb matches its tab label (business → "Business Hours", add → "Add Mailboxes").
export const BREADCRUMB_WORDS: Readonly<Record<string, string>> = {
  add: 'Mailboxes',
  business: 'Hours',
  metric: 'Adjustments',
  'contact-groups': 'Groups',
};

/** Words shown otherwise than capitalised: the API tab (not in the spec) says API, as its tab. */
const WHOLE_LABELS: Readonly<Record<string, string>> = { api: 'API' };

interface Crumb {
  label: string;
  /** Path of the page this crumb stands for, e.g. /settings/mailboxes. */
  path: string;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Label of one path word: its first part capitalised, plus the mapped word if any. */
export function breadcrumbLabel(word: string): string {
  const whole = WHOLE_LABELS[word];
  if (whole !== undefined) return whole;
  const mapped = BREADCRUMB_WORDS[word];
  if (mapped !== undefined) return `${capitalize(word.split('-')[0] ?? word)} ${mapped}`;
  return word.split('-').map(capitalize).join(' ');
}

/** One crumb per path word: /settings/mailboxes/add → Settings › Mailboxes › Add Mailboxes. */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const words = pathname.split('/').filter(Boolean);
  return words.map((word, index) => ({
    label: breadcrumbLabel(word),
    path: `/${words.slice(0, index + 1).join('/')}`,
  }));
}
