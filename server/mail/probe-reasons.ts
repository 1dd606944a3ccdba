import type { Provider } from '../repos/workspaces';

// Why an address cannot be read, in the words the live mailbox validation shows: the checks use
// them, and a connector whose provider answers the same way (the demo's) gives them as its
// probe's reason.

export const foreignDomain = (domain: string) =>
  `The domain ${domain} is not one of your company's domains`;

const PROVIDER_NAMES: Record<Provider, string> = {
  G: 'Google Workspace',
  M: 'Microsoft 365 organization',
};

export const unknownToProvider = (provider: Provider) =>
  `We couldn't find this mailbox in your ${PROVIDER_NAMES[provider]}`;
