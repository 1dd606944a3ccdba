import { BlockList, isIP } from 'node:net';

// Which addresses an outbound delivery may not connect to: everything that is not the public
// internet, so that a webhook target typed by an admin cannot reach the server's own network or
// a cloud's metadata service (169.254.169.254).

const RANGES: readonly (readonly [label: string, ipv4: string[], ipv6: string[]])[] = [
  ['unspecified', ['0.0.0.0/8'], ['::/128']],
  ['this machine', ['127.0.0.0/8'], ['::1/128']],
  ['private', ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'], []],
  ['unique-local', [], ['fc00::/7', 'fec0::/10']],
  ['link-local', ['169.254.0.0/16'], ['fe80::/10']],
  ['shared (CGNAT)', ['100.64.0.0/10'], []],
  ['multicast', ['224.0.0.0/4'], ['ff00::/8']],
  // 240/4 holds 255.255.255.255; ::/96 the old IPv4-compatible form; 64:ff9b:1::/48 local NAT64.
  [
    'reserved',
    ['240.0.0.0/4', '192.0.0.0/24', '198.18.0.0/15'],
    ['::/96', '64:ff9b:1::/48', '100::/64'],
  ],
];

const LISTS = RANGES.map(([label, ipv4, ipv6]) => {
  const list = new BlockList();
  const add = (cidr: string, family: 'ipv4' | 'ipv6') => {
    const [network = '', prefix = ''] = cidr.split('/');
    list.addSubnet(network, Number(prefix), family);
  };
  ipv4.forEach((cidr) => add(cidr, 'ipv4'));
  ipv6.forEach((cidr) => add(cidr, 'ipv6'));
  return { label, list };
});

/** The eight 16-bit words of an IPv6 address (already checked by isIP), zone id dropped. */
function ipv6Words(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${(a * 256 + b).toString(16)}:${(c * 256 + d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':').map((w) => parseInt(w, 16)));
  const front = words(head);
  const back = tail === undefined ? [] : words(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The IPv4 address an IPv6 one carries: `::ffff:a.b.c.d` (IPv4-mapped, reaches the IPv4 host
 * directly) and `64:ff9b::a.b.c.d` (NAT64, reaches it through the gateway). Judged as IPv4.
 */
function embeddedIpv4(address: string): string | null {
  const w = ipv6Words(address);
  const zeros = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  const mapped = zeros(0, 5) && w[5] === 0xffff;
  const nat64 = w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  const [high = 0, low = 0] = w.slice(6);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * Why an IP address may not be called ("private", "this machine", …), or null for a public
 * address. Anything that is not an IP address is refused as "not an IP address".
 */
export function refusedRange(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const ipv4 = embeddedIpv4(address);
    if (ipv4 !== null) return refusedRange(ipv4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const plain = address.split('%')[0] ?? '';
  return LISTS.find(({ list }) => list.check(plain, type))?.label ?? null;
}
