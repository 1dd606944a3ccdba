/** The small, self-contained page a failed browser navigation (sign-in) answers with. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

// Inline styles only: the page must render with no other request (and under a strict CSP).
const STYLE = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6fa;color:#1f2433}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:12px;
box-shadow:0 2px 12px rgba(31,36,51,.08)}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.5rem}
a{display:inline-block;padding:.6rem 1.1rem;border-radius:8px;background:#3b5bdb;color:#fff;
text-decoration:none;font-weight:600}a:focus{outline:3px solid #91a7ff;outline-offset:2px}`;

export function htmlPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Mailpulse</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<a href="/login">Back to sign-in</a>
</main>
</body>
</html>
`;
}
