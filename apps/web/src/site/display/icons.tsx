/** The site's few icons, drawn inline (decorative: their buttons and links carry the names). */
export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <svg viewBox="0 0 32 32" width="30" height="30" aria-hidden="true" focusable="false">
      <path d="M9 7v15h8" fill="none" stroke="#00ccff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="22" cy="20" r="4" fill="none" stroke="#ff6666" strokeWidth="3.5" />
    </svg>
  );
}

export function VerifiedBadge() {
  return (
    <svg className="lb-verified" role="img" aria-label="Verified" viewBox="0 0 16 16" width="16" height="16">
      <circle cx="8" cy="8" r="8" fill="#00ccff" />
      <path fill="#121212" d="M6.8 11.2L4 8.4l1.1-1.1 1.7 1.7 4.1-4.1L12 6z" />
    </svg>
  );
}
