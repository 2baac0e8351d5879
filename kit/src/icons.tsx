import type { SVGProps } from 'react';

/** Small stroke icons the kit draws with; decorative (aria-hidden). */
type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" {...props}>
      {children}
    </svg>
  );
}

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 5l10 10M15 5L5 15" />
  </Icon>
);

export const ChevronIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M7.5 5l5 5-5 5" />
  </Icon>
);

export const SortIcon = ({ sorted, ...props }: Omit<IconProps, 'direction'> & { sorted: 'asc' | 'desc' | false }) => (
  <Icon {...props}>
    {sorted !== 'desc' && <path d="M6.5 8L10 4.5 13.5 8" strokeOpacity={sorted ? 1 : 0.4} />}
    {sorted !== 'asc' && <path d="M6.5 12l3.5 3.5 3.5-3.5" strokeOpacity={sorted ? 1 : 0.4} />}
  </Icon>
);

export const InfoIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="10" cy="10" r="7.5" />
    <path d="M10 9v4.5M10 6.5h.01" />
  </Icon>
);

export const SuccessIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="10" cy="10" r="7.5" />
    <path d="M6.75 10.25l2.25 2.25 4.25-4.5" />
  </Icon>
);

export const WarningIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 3L2.5 16.5h15L10 3z" />
    <path d="M10 8v3.5M10 14h.01" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="9" r="5.5" />
    <path d="M13 13l4 4" />
  </Icon>
);

/** A drag handle's grip: six dots (filled, on a 16-unit box). */
export const GripIcon = (props: IconProps) => (
  <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 fill-current" {...props}>
    <circle cx="5.5" cy="3.5" r="1.3" />
    <circle cx="10.5" cy="3.5" r="1.3" />
    <circle cx="5.5" cy="8" r="1.3" />
    <circle cx="10.5" cy="8" r="1.3" />
    <circle cx="5.5" cy="12.5" r="1.3" />
    <circle cx="10.5" cy="12.5" r="1.3" />
  </svg>
);
