/**
 * The small, self-contained page a browser navigation outside the app answers with: a failed
 * sign-in, or a report email's unsubscribe link.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML, in an element or a quoted attribute (the API reference uses it too). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/**
 * The values of src/styles/tokens.css this page uses, under the same names (a test keeps them
 * equal): the page is drawn like the app's own message pages, with its logo and blue.
 */
export const PAGE_TOKENS = {
  '--color-bg': '#f8fafc',
  '--color-brand-50': '#eff6ff',
  '--color-brand': '#2563eb',
  '--color-brand-hover': '#1d4ed8',
  '--color-text': '#0f172a',
  '--color-text-muted': '#475569',
  '--color-text-inverse': '#ffffff',
  '--color-focus-ring': 'color-mix(in srgb, #3b82f6 45%, transparent)',
  '--font-sans':
    "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, " +
    "'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
  '--radius-md': '8px',
  '--text-base': '0.875rem',
  '--text-md': '1rem',
  '--text-lg': '1.125rem',
  '--text-3xl': '1.875rem',
} as const;

const ROOT = Object.entries(PAGE_TOKENS)
  .map(([name, value]) => `${name}:${value}`)
  .join(';');

// Inline styles only: the page must render with no other request (and under a strict CSP).
const STYLE = `:root{${ROOT}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;
justify-content:center;gap:12px;padding:48px 24px;text-align:center;font-family:var(--font-sans);
font-size:var(--text-base);line-height:1.5;color:var(--color-text);-webkit-font-smoothing:antialiased;
background:radial-gradient(circle at 50% 0%,var(--color-brand-50),transparent 60%),var(--color-bg)}
main{display:flex;flex-direction:column;align-items:center;gap:12px}
.logo{display:inline-flex;align-items:center;gap:8px;margin-bottom:24px;font-size:var(--text-lg);
font-weight:700;letter-spacing:-0.02em}
h1{max-width:560px;margin:0;font-size:var(--text-3xl);font-weight:700;letter-spacing:-0.02em;
line-height:1.25;text-wrap:balance}
p{max-width:480px;margin:0;font-size:var(--text-md);color:var(--color-text-muted);text-wrap:pretty}
form{margin:0}
a,button{display:inline-flex;align-items:center;height:38px;margin-top:20px;padding:0 16px;
border:0;border-radius:var(--radius-md);background:var(--color-brand);color:var(--color-text-inverse);
font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
a:hover,button:hover{background:var(--color-brand-hover)}
a:focus-visible,button:focus-visible{outline:none;box-shadow:0 0 0 3px var(--color-focus-ring)}
@media (max-width:768px){h1{font-size:1.5rem}}`;

// The app's mark (src/ui/shell/Logo.tsx), in the token colours.
const LOGO = `<span class="logo"><svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
<rect width="32" height="32" rx="9" fill="var(--color-brand)"/>
<path d="M7 17h4.5l2.5-6 4 11 2.5-5H25" fill="none" stroke="var(--color-text-inverse)"
stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>Mailpulse</span>`;

/** The page's one action: a link, or a button that posts a form (hidden fields included). */
export type PageAction =
  { href: string; label: string } | { post: string; label: string; fields: Record<string, string> };

const SIGN_IN: PageAction = { href: '/login', label: 'Back to sign-in' };

function actionHtml(action: PageAction): string {
  if ('href' in action) {
    return `<a href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>`;
  }
  const fields = Object.entries(action.fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  return `<form method="post" action="${escapeHtml(action.post)}">${fields}<button type="submit">${escapeHtml(action.label)}</button></form>`;
}

export function htmlPage(title: string, message: string, action: PageAction = SIGN_IN): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Mailpulse</title>
<style>${STYLE}</style>
</head>
<body>
${LOGO}
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
${actionHtml(action)}
</main>
</body>
</html>
`;
}
