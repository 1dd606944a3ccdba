// The values of src/styles/tokens.css a report email uses, under the same names (a test keeps
// them equal). Mail clients read no CSS variables and no style sheet, so each style is written
// inline with these literal values.

export const EMAIL_TOKENS = {
  '--color-bg': '#f8fafc',
  '--color-surface': '#ffffff',
  '--color-surface-muted': '#f1f5f9',
  '--color-border': '#e2e8f0',
  '--color-text': '#0f172a',
  '--color-text-muted': '#475569',
  '--color-text-subtle': '#64748b',
  '--color-text-inverse': '#ffffff',
  '--color-brand': '#2563eb',
  '--color-brand-soft': '#eff6ff',
  '--color-brand-200': '#bfdbfe',
  '--color-success-700': '#047857',
  '--color-danger-700': '#b91c1c',
  '--font-sans':
    "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, " +
    "'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
  '--radius-md': '8px',
  '--radius-lg': '12px',
} as const;

type Token = keyof typeof EMAIL_TOKENS;

/** A token's value, for an inline style. */
export const token = (name: Token): string => EMAIL_TOKENS[name];
