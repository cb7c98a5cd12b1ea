interface LogoMarkProps {
  size: number;
}

/** The mark: an R over a woven thread, drawn inline so that it needs no request. */
export function LogoMark({ size }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-brand-7)" />
      <path d="M9 8h8.5a5.5 5.5 0 0 1 1.6 10.76L24 24h-4.4l-4.3-5H13v5H9zm4 3.5v4h4.3a2 2 0 0 0 0-4z" fill="#fff" />
    </svg>
  );
}
