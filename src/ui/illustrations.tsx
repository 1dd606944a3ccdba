import './illustrations.css';

// Decorative SVG scenes for full-page messages; colours come from the classes in
// illustrations.css so they follow the tokens.

export function NoPermissionIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <circle className="ill-bg" cx="120" cy="92" r="78" />
      <rect className="ill-card" x="46" y="38" width="148" height="104" rx="12" />
      <path className="ill-line" d="M46 50a12 12 0 0 1 12-12h124a12 12 0 0 1 12 12v8H46z" />
      <circle className="ill-dot" cx="60" cy="48" r="3" />
      <circle className="ill-dot" cx="71" cy="48" r="3" />
      <circle className="ill-dot" cx="82" cy="48" r="3" />
      <rect className="ill-line" x="62" y="118" width="52" height="6" rx="3" />
      <rect className="ill-line" x="62" y="128" width="34" height="6" rx="3" />
      <path className="ill-shackle" d="M106 92V80a14 14 0 0 1 28 0v12" />
      <rect className="ill-accent" x="98" y="88" width="44" height="36" rx="8" />
      <circle className="ill-inverse" cx="120" cy="102" r="5" />
      <rect className="ill-inverse" x="118" y="104" width="4" height="10" rx="2" />
      <path className="ill-spark" d="M200 30v12M194 36h12" />
      <path className="ill-spark" d="M34 124v10M29 129h10" />
      <circle className="ill-accent-soft" cx="206" cy="132" r="6" />
      <circle className="ill-accent-soft" cx="32" cy="60" r="4" />
    </svg>
  );
}

export function NotFoundIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <circle className="ill-bg" cx="120" cy="92" r="78" />
      <rect className="ill-card" x="52" y="56" width="120" height="82" rx="10" />
      <path className="ill-fold" d="m54 60 58 42a6 6 0 0 0 7 0l51-40" />
      <circle className="ill-lens" cx="164" cy="92" r="24" />
      <path className="ill-handle" d="m181 110 16 16" />
      <text className="ill-mark" x="164" y="101" textAnchor="middle">
        ?
      </text>
      <path className="ill-spark" d="M44 32v12M38 38h12" />
      <path className="ill-spark" d="M206 40v10M201 45h10" />
      <circle className="ill-accent-soft" cx="36" cy="120" r="5" />
      <circle className="ill-accent-soft" cx="208" cy="150" r="4" />
    </svg>
  );
}
