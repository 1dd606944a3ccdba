import { escapeHtml } from '../../server/http/html-page';
// The API reference page (`/portal/api/docs`), rendered from openapi/portal.yaml when the client
// is built (`npm run build` runs build-api-docs.ts after Vite). One static HTML file with its own
// styles: no script, no font, no request to any other site.

type Node = Record<string, unknown>;

export interface ContractDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, unknown>>;
  components: { schemas?: Record<string, Node>; parameters?: Record<string, Node> } & Node;
}

/** A contract value as text: strings and numbers as they are, anything else as nothing. */
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';
const esc = (value: unknown) => escapeHtml(text(value));

/** Markdown's `code` and blank-line paragraphs, the only markup the contract's texts use. */
const prose = (value: unknown) =>
  text(value)
    .split(/\n\s*\n/)
    .filter((part) => part.trim() !== '')
    .map((part) => `<p>${esc(part.trim()).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const refName = (ref: unknown) => String(ref).split('/').at(-1) ?? '';

/** A schema in one short line: `StatsSummary`, `string (date)`, `array of Team`. */
function typeOf(schema: Node | undefined): string {
  if (!schema) return '';
  if (schema.$ref)
    return `<a href="#schema-${esc(refName(schema.$ref))}">${esc(refName(schema.$ref))}</a>`;
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((v) => `<code>${esc(v)}</code>`).join(', ')}`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(' or ')
    : text(schema.type) || 'object';
  if (type.startsWith('array')) return `array of ${typeOf(schema.items as Node | undefined)}`;
  const variants = (schema.oneOf ?? schema.anyOf) as Node[] | undefined;
  if (variants) return variants.map((v) => typeOf(v)).join(' or ');
  return schema.format ? `${esc(type)} (${esc(schema.format)})` : esc(type);
}

function resolveParameter(doc: ContractDocument, parameter: Node): Node {
  if (!parameter.$ref) return parameter;
  return doc.components.parameters?.[refName(parameter.$ref)] ?? parameter;
}

function parametersTable(doc: ContractDocument, parameters: Node[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((raw) => {
    const p = resolveParameter(doc, raw);
    return `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${typeOf(p.schema as Node)}</td><td>${esc(p.description)}</td></tr>`;
  });
  return `<table><caption>Parameters</caption><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function contentType(content: unknown): string {
  const entries = Object.entries((content ?? {}) as Record<string, { schema?: Node }>);
  return entries
    .map(([type, media]) => `<code>${esc(type)}</code> ${typeOf(media.schema)}`)
    .join('; ');
}

function responsesList(doc: ContractDocument, responses: Record<string, Node>): string {
  const items = Object.entries(responses).map(([status, raw]) => {
    const named = raw.$ref
      ? (doc.components.responses as Record<string, Node> | undefined)?.[refName(raw.$ref)]
      : raw;
    const response = named ?? raw;
    return `<li><strong>${esc(status)}</strong> ${esc(response.description)} ${contentType(response.content)}</li>`;
  });
  return `<h4>Responses</h4><ul>${items.join('')}</ul>`;
}

/** Who may call it: nobody signed in, a session, or also an API token with these scopes. */
function securityOf(doc: Node, operation: Node): string {
  const security = (operation.security ?? doc.security) as Node[] | undefined;
  if (Array.isArray(security) && security.length === 0) return 'Public: no token.';
  const token = security?.find((item) => 'ApiToken' in item)?.ApiToken as string[] | undefined;
  const session = 'A session (<code>Authorization: Token …</code>)';
  if (!token) return `${session}.`;
  const scopes = token.map((scope) => `<code>${esc(scope)}</code>`).join(', ');
  return `${session} or an API token with ${scopes} (<code>Authorization: Bearer mp_…</code>).`;
}

function operationSection(
  doc: ContractDocument,
  path: string,
  method: string,
  operation: Node,
  shared: Node[],
): string {
  const id = esc(operation.operationId);
  const body = operation.requestBody as Node | undefined;
  return `<section class="operation" id="op-${id}">
<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p class="operation-id"><code>${id}</code> · ${esc(operation.summary)}</p>
${prose(operation.description)}
<p class="security">${securityOf(doc as unknown as Node, operation)}</p>
${parametersTable(doc, [...shared, ...((operation.parameters as Node[] | undefined) ?? [])])}
${body ? `<h4>Request body</h4><p>${contentType(body.content)}</p>` : ''}
${responsesList(doc, operation.responses as Record<string, Node>)}
</section>`;
}

function schemaSection(name: string, schema: Node): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Node>);
  const rows = properties.map(
    ([field, value]) =>
      `<tr><td><code>${esc(field)}</code></td><td>${required.has(field) ? 'yes' : 'no'}</td><td>${typeOf(value)}</td><td>${esc(value.description)}</td></tr>`,
  );
  const table = rows.length
    ? `<table><thead><tr><th>Field</th><th>Required</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : `<p>${typeOf({ ...schema, $ref: undefined })}</p>`;
  return `<section class="schema" id="schema-${esc(name)}"><h3>${esc(name)}</h3>${prose(schema.description)}${table}</section>`;
}

const STYLE = `body{margin:0;font:14px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc}
main{max-width:1100px;margin:0 auto;padding:24px}h1{font-size:1.75rem}h2{margin-top:40px;border-bottom:1px solid #e2e8f0}
nav ul{columns:3 220px}section{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:12px 16px;margin:12px 0}
h3{font-size:1rem;margin:0 0 4px}table{border-collapse:collapse;width:100%;margin:8px 0}caption{text-align:left;font-weight:600}
th,td{border-bottom:1px solid #e2e8f0;padding:4px 8px;text-align:left;vertical-align:top}code{font:13px ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.method{display:inline-block;min-width:56px;border-radius:4px;padding:0 6px;color:#fff;background:#2563eb;font-size:12px;text-align:center}
.method-post{background:#15803d}.method-patch,.method-put{background:#b45309}.method-delete{background:#b91c1c}
.operation-id,.security{color:#475569}a{color:#1d4ed8}`;

/** The whole page, from the parsed contract. */
export function renderApiDocs(doc: ContractDocument): string {
  const byTag = new Map<string, string[]>();
  const toc: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters as Node[] | undefined) ?? [];
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined;
      if (!operation) continue;
      const tag = ((operation.tags as string[] | undefined) ?? ['other'])[0] ?? 'other';
      byTag.set(tag, [
        ...(byTag.get(tag) ?? []),
        operationSection(doc, path, method, operation, shared),
      ]);
      toc.push(
        `<li><a href="#op-${esc(operation.operationId)}">${method.toUpperCase()} ${esc(path)}</a></li>`,
      );
    }
  }
  const operations = [...byTag].map(
    ([tag, sections]) => `<h2 id="tag-${esc(tag)}">${esc(tag)}</h2>${sections.join('')}`,
  );
  const schemas = Object.entries(doc.components.schemas ?? {}).map(([name, schema]) =>
    schemaSection(name, schema),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(doc.info.title)} · API reference</title><style>${STYLE}</style></head>
<body><main>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1>
${prose(doc.info.description)}
<p>The contract itself: <a href="/portal/api/openapi.json">/portal/api/openapi.json</a>.</p>
<nav aria-label="Operations"><h2>Operations</h2><ul>${toc.join('')}</ul></nav>
${operations.join('\n')}
<h2 id="schemas">Schemas</h2>
${schemas.join('\n')}
</main></body></html>
`;
}
