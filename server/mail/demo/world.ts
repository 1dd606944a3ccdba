// The cast of the demo mail: customer companies with their people, colleagues at the workspace's
// own domain and newsletter senders. Built once per seed and domain; pure and deterministic.

export interface Person {
  name: string;
  address: string;
}

interface Company {
  domain: string;
  people: readonly Person[];
}

interface Newsletter {
  sender: Person;
  listId: string;
  subject: string;
}

export interface DemoWorld {
  companies: readonly Company[];
  colleagues: readonly Person[];
  newsletters: readonly Newsletter[];
}

/** FNV-1a over a string, for stable per-address and per-day seeds. */
export function hashText(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Mulberry32: small, fast and good enough for synthetic mail; never Math.random. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
}

const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara ' +
  'Richard Susan Joseph Jessica Thomas Sarah Carlos Karen Daniel Lisa Matthew Nancy Anthony ' +
  'Betty Mark Sandra Paul Ashley Steven Kimberly Andrew Emily Kenneth Donna Joshua Michelle ' +
  'Kevin Carol Brian Amanda George Melissa Timothy Deborah Hugo Ines Pablo Lucia Yuki Anika'
).split(' ');

const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez ' +
  'Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris ' +
  'Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill ' +
  'Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Berg Novak'
).split(' ');

const COMPANIES = (
  'bigclient globex initech umbrella hooli stark wayne wonka soylent cyberdyne tyrell ' +
  'massive-dynamic vandelay gringotts oscorp aperture blackmesa nakatomi monarch duff ' +
  'pied-piper dunder-mifflin sterling-cooper prestige-worldwide bluth kramerica paper-street ' +
  'virtucon acme-logistics northwind contoso fabrikam tailspin litware adventure-works ' +
  'wingtip proseware'
).split(' ');

const NEWSLETTERS: readonly (readonly [string, string, string])[] = [
  ['news', 'saasweekly.example', 'SaaS Weekly: pricing pages that convert'],
  ['digest', 'devdigest.example', 'Dev Digest #%n'],
  ['updates', 'cloudvendor.example', 'What is new in your cloud console'],
  ['events', 'conferencehub.example', 'Early-bird tickets end Friday'],
  ['hello', 'crmtool.example', 'Your monthly CRM tips'],
  ['marketing', 'printshop.example', 'Spring offer: 20% off business cards'],
  ['newsletter', 'industrynews.example', 'This week in logistics'],
  ['team', 'hrplatform.example', 'Webinar: hiring in 2027'],
];

const localPart = (name: string) => name.toLowerCase().replace(/ /g, '.');

function person(rng: Rng, domain: string, used: Set<string>): Person {
  for (;;) {
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    const address = `${localPart(name)}@${domain}`;
    if (!used.has(address)) {
      used.add(address);
      return { name, address };
    }
  }
}

/** The demo's people for one seed and the workspace's first domain. */
export function buildWorld(seed: number, ownDomain: string): DemoWorld {
  const rng = new Rng(hashText(`world:${ownDomain}`, seed));
  const used = new Set<string>();
  const companies = COMPANIES.map((slug) => {
    const domain = `${slug}.example`;
    const size = rng.int(3, 7);
    return { domain, people: Array.from({ length: size }, () => person(rng, domain, used)) };
  });
  const colleagues = Array.from({ length: 24 }, () => person(rng, ownDomain, used));
  const newsletters = NEWSLETTERS.map(([local, domain, subject]) => ({
    sender: { name: domain.split('.')[0] ?? domain, address: `${local}@${domain}` },
    listId: `<${local}.${domain}>`,
    subject,
  }));
  return { companies, colleagues, newsletters };
}

const SUBJECTS = [
  'Question about invoice %n',
  'Order %n not delivered yet',
  'Renewal of our contract',
  'Quote request for %n licences',
  'Problem signing in',
  'Change of billing address',
  'Meeting next week?',
  'Refund for order %n',
  'Upgrade to the enterprise plan',
  'Integration with our ERP',
  'Urgent: service unavailable',
  'Price list for %n',
  'Feedback on the last delivery',
  'New contact person at our side',
  'Can you resend the contract?',
  'Demo for our team',
];

const INTERNAL_SUBJECTS = [
  'Handover notes',
  'Q%n pipeline review',
  'Can you cover my calls on Friday?',
  'Customer escalation',
  'Team lunch',
  'Draft proposal for %n',
];

export function customerSubject(rng: Rng): string {
  return rng.pick(SUBJECTS).replace('%n', String(rng.int(1000, 99999)));
}

export function internalSubject(rng: Rng): string {
  return rng.pick(INTERNAL_SUBJECTS).replace('%n', String(rng.int(1, 4)));
}

/** A display name from an address's local part: "liam.ortiz" → "Liam Ortiz". */
export function nameOf(address: string): string {
  return address
    .slice(0, address.indexOf('@'))
    .split(/[._-]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
