/** The console's mark: a site pin over a grid. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M8 22h16M8 17h16M12 10v14M20 10v14" stroke="#93c5fd" strokeWidth="1.5" opacity="0.6" />
      <path d="M16 6a6 6 0 0 1 6 6c0 4.5-6 11-6 11s-6-6.5-6-11a6 6 0 0 1 6-6Z" fill="#fcc400" />
      <circle cx="16" cy="12" r="2.2" fill="#1d4ed8" />
    </svg>
  );
}
