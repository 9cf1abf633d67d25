import { Link } from 'wouter';

/** Search terms or tags as a row of pill links (trending searches, related tags, suggestions). */
export function TermPills({ terms, hrefOf, label }: { terms: readonly string[]; hrefOf: (term: string) => string; label: string }) {
  if (terms.length === 0) return null;
  return (
    <ul className="lb-pills" aria-label={label}>
      {terms.map((term) => (
        <li key={term}>
          <Link href={hrefOf(term)} className="lb-pill">
            {term}
          </Link>
        </li>
      ))}
    </ul>
  );
}
