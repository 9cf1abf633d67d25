import { Link } from 'wouter';

/** What a paged address past the end shows (`/…/page/{n}` beyond the last result), with the way back. */
export function PastLastPage({ page, firstPageHref, noun = 'results' }: { page: number; firstPageHref: string; noun?: string }) {
  return (
    <p className="lb-no-results">
      There are no {noun} on page {page}. <Link href={firstPageHref}>Back to the first page</Link>
    </p>
  );
}
