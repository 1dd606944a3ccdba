import { callJson, type CloudDeps, type TokenCache } from '../cloud-http';
import { MailProviderError } from '../connector';

// Calls to Microsoft Graph for one app registration: the bearer token, and
// `Prefer: IdType="ImmutableId"` on every call, since the header "only applies to the request it
// is included with" and a message's regular id changes when it moves to another folder
// ("Obtain immutable identifiers for Outlook resources").

export class GraphClient {
  constructor(
    /** Graph's base URL, without a trailing slash. */
    readonly base: string,
    private readonly tokens: TokenCache,
    private readonly deps: CloudDeps,
  ) {}

  userUrl(address: string): string {
    return `${this.base}/v1.0/users/${encodeURIComponent(address)}`;
  }

  /** GET a Graph URL (or a link Graph gave); `pageSize` asks for odata.maxpagesize. */
  get(url: string, signal: AbortSignal, pageSize?: number): Promise<unknown> {
    // Links come back from Graph; the bearer token goes to Graph only.
    if (!url.startsWith(`${this.base}/`)) {
      throw new MailProviderError(`Microsoft Graph sent a link outside ${this.base}`, false);
    }
    const prefer = ['IdType="ImmutableId"', ...(pageSize ? [`odata.maxpagesize=${pageSize}`] : [])];
    return callJson(
      { url, headers: { prefer: prefer.join(', ') } },
      { provider: 'Microsoft', deps: this.deps, signal, bearer: this.tokens },
    );
  }

  invalidate(): void {
    this.tokens.invalidate();
  }
}
