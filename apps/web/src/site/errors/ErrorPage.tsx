import './error-page.css';
import { errorHead, type ErrorStatus } from '@loopbox/pages';
import { Link } from 'wouter';
import { usePage } from '../data/use-page.ts';

const COPY: Record<ErrorStatus, { heading: string; text: string }> = {
  404: { heading: 'Page not found', text: 'There is nothing at this address. It may have moved, or the GIF or profile it showed is gone.' },
  403: { heading: 'Not allowed', text: 'You are not allowed to see this page.' },
  410: { heading: 'GIF hidden', text: 'The moderators hid this GIF: it breaks the community guidelines, so it is no longer shown.' },
  451: { heading: 'Unavailable for legal reasons', text: 'This GIF was taken down after a legal request, such as a copyright claim.' },
  503: { heading: 'Down for maintenance', text: 'Loopbox is being worked on and will be back shortly. Thanks for waiting.' },
};

/**
 * The error pages: /404 (and every path that is no page, or a GIF or profile that does not exist),
 * /403, /maintenance, and a GIF hidden by the moderators (410) or taken down (451). Each counts as a
 * view of its own page type, whatever the address was (410 and 451 as /404's).
 */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const pagePath = status === 503 ? '/maintenance' : status === 403 ? '/403' : '/404';
  usePage(errorHead(status), { pagePath });
  const { heading, text } = COPY[status];
  return (
    <div className="lb-error-page">
      <p className="lb-error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1>{heading}</h1>
      <p>{text}</p>
      <p className="lb-error-page__links">
        <Link href="/" className="lb-button lb-button--primary">
          Go to the home page
        </Link>
        <Link href="/trending-gifs" className="lb-button">
          See trending GIFs
        </Link>
      </p>
    </div>
  );
}
