/**
 * The patterns that decide whether an entry is valid, shared by the browser and the server so
 * both always agree.
 */

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_BODY = `(?:${LABEL}\\.)+[a-z]{2,63}`;

const EMAIL = new RegExp(`^[a-z0-9.!#$%&'*+/=?^_\`{|}~-]+@${DOMAIN_BODY}$`, 'i');
const DOMAIN = new RegExp(`^${DOMAIN_BODY}$`, 'i');
const WILDCARD_DOMAIN = new RegExp(`^\\*\\.${DOMAIN_BODY}$`, 'i');

export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);
/** Why an entry that is no address cannot be added as a mailbox (the browser and the server). */
export const NOT_AN_EMAIL = 'This is not a valid email address';
export const isDomain = (value: string) => value.length <= 253 && DOMAIN.test(value);
/** `*.acme.example`: every subdomain of a domain. */
const isWildcardDomain = (value: string) => value.length <= 255 && WILDCARD_DOMAIN.test(value);
export const isDomainOrWildcard = (value: string) => isDomain(value) || isWildcardDomain(value);
/** A `contains` fragment of an address or a domain: anything non-empty without white space. */
export const isFragment = (value: string) =>
  value.length > 0 && value.length <= 254 && !/\s/.test(value);

/** Splits typed or pasted text into entries on white space, commas and semicolons. */
export const splitEntries = (text: string) => text.split(/[\s,;]+/).filter((token) => token !== '');

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Hosts plain http may reach: only this machine, never the network in clear text. */
const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);

/** An https:// URL, or an http:// one to this machine (a stand-in, local development). */
export const isHttpsOrLoopback = (url: URL) =>
  url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));

/** An alert webhook: any https:// URL, or http:// to this machine. */
export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return isHttpsOrLoopback(url);
}
