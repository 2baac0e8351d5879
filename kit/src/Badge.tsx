import type { MouseEvent, ReactNode } from 'react';
import { cx } from './cx';

const VARIANTS = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  success: 'bg-green-50 text-green-700 ring-green-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  info: 'bg-brand-50 text-brand-700 ring-brand-200',
} as const;

/** Props of {@link Badge}. */
export interface BadgeProps {
  variant?: keyof typeof VARIANTS;
  /** A hex background ('#fcc400' or '#fc0') used instead of the variant; the text turns black or white to stay readable. */
  color?: string;
  /** Makes the badge a button (e.g. the spec's click-to-toggle badges). */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  title?: string;
  children: ReactNode;
  className?: string;
}

/** Parses '#rgb' or '#rrggbb' into [r, g, b] (0-255), or null. */
export function parseHex(color: string): [number, number, number] | null {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Black or white, whichever contrasts more with the background `color` (WCAG relative luminance). */
export function readableTextColor(color: string): '#000000' | '#ffffff' {
  const rgb = parseHex(color);
  if (!rgb) return '#000000';
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // 0.179 is where black and white text have equal contrast.
  return luminance > 0.179 ? '#000000' : '#ffffff';
}

/** A small label: a status, a role, a tag. */
export function Badge({ variant = 'neutral', color, onClick, title, children, className }: BadgeProps) {
  const custom = color && parseHex(color) ? color : undefined;
  const classes = cx(
    'inline-flex max-w-full items-center truncate rounded px-1.5 py-0.5 text-xs font-medium ring-1 ring-inset',
    custom ? 'ring-black/10' : VARIANTS[variant],
    onClick && 'cursor-pointer hover:brightness-95 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
    className,
  );
  const style = custom ? { backgroundColor: custom, color: readableTextColor(custom) } : undefined;
  if (onClick) {
    return (
      <button type="button" title={title} onClick={onClick} className={classes} style={style}>
        {children}
      </button>
    );
  }
  return (
    <span title={title} className={classes} style={style}>
      {children}
    </span>
  );
}
