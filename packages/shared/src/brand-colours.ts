/**
 * The shop's colours (issue 37 §3), written once: the web app's stylesheet gets them as CSS custom properties
 * (`--color-brand` …, through the `virtual:brand-colours.css` module that apps/web/vite.config.ts makes from
 * `brandColoursCss()`), and the mails, which cannot read CSS variables, use the same values inline
 * (apps/api/src/modules/mail/templates/mail-layout.tsx). Change a colour here and both follow.
 */
export const BRAND_COLOURS = {
  /** Body text. */
  ink: '#111827',
  /** Secondary text (4.5:1 on white and on `page`). */
  inkMuted: '#4b5563',
  inkSubtle: '#6b7280',
  surface: '#ffffff',
  /** The page behind cards and panels. */
  page: '#f3f5f8',
  /** Hairlines and borders. */
  line: '#e2e6ec',
  /** The header's navy. */
  brand: '#0f1b2d',
  brand2: '#1c2f4a',
  /** The orange of highlights. */
  accent: '#f26b1d',
  /** The darker orange of buttons and links on white: keeps white text above 4.5:1. */
  accentInk: '#b4460a',
  accentSoft: '#fff0e6',
  sale: '#c8102e',
  saleSoft: '#fdecef',
  focus: '#2563eb',
} as const;

export type BrandColour = keyof typeof BRAND_COLOURS;

/** `inkMuted` -> `--color-ink-muted`, `brand2` -> `--color-brand-2`. */
export function brandColourProperty(name: BrandColour): string {
  return `--color-${name.replace(/[A-Z0-9]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** `:root { --color-ink: #111827; … }`: the stylesheet the web app loads before its own (vite.config.ts). */
export function brandColoursCss(): string {
  const lines = (Object.keys(BRAND_COLOURS) as BrandColour[]).map(
    (name) => `  ${brandColourProperty(name)}: ${BRAND_COLOURS[name]};`,
  );
  return `/* The shop's colours, from packages/shared/src/brand-colours.ts. */\n:root {\n${lines.join('\n')}\n}\n`;
}
