/** The Mkopo mark (same drawing as public/icons/logo.svg): a coin dropping into an "M". */
export function MkopoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="15" fill="#0b7a55" />
      <path
        d="M16 47V23l16 16 16-16v24"
        fill="none"
        stroke="#fff"
        strokeWidth="7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="32" cy="17" r="5.5" fill="#fff" />
    </svg>
  );
}
