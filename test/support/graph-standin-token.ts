import type { GraphStandin } from './graph-standin';
import type { Reply } from './http-standin';

// The Graph stand-in's token endpoint: the client-credentials grant with the checks the
// Microsoft identity platform makes, and its AADSTS answers.

const oauthError = (status: number, error: string, description: string): Reply => ({
  status,
  body: {
    error,
    error_description: description,
    error_codes: [Number(/AADSTS(\d+)/.exec(description)?.[1])],
  },
});

export function tokenRefusal(
  form: URLSearchParams,
  tenant: string,
  account: GraphStandin['account'],
): Reply | null {
  if (tenant !== account.tenant) {
    return oauthError(
      400,
      'invalid_request',
      `AADSTS90002: Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID.`,
    );
  }
  if (form.get('grant_type') !== 'client_credentials') {
    return oauthError(
      400,
      'unsupported_grant_type',
      'AADSTS70003: The app requested an unsupported grant type.',
    );
  }
  if (form.get('client_id') !== account.clientId) {
    return oauthError(
      400,
      'unauthorized_client',
      `AADSTS700016: Application with identifier '${form.get('client_id') ?? ''}' was not found in the directory '${tenant}'.`,
    );
  }
  if (form.get('client_secret') !== account.clientSecret) {
    return oauthError(
      401,
      'invalid_client',
      "AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app '" +
        account.clientId +
        "'.",
    );
  }
  if (form.get('scope') !== 'https://graph.microsoft.com/.default') {
    return oauthError(
      400,
      'invalid_scope',
      'AADSTS1002012: The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier.',
    );
  }
  return null;
}
