import { PROVIDER_NAME, sitePageHead } from '@loopbox/pages';
import { Link } from 'wouter';
import { readPageConfig } from '../../shared/page-config.ts';
import { usePage } from '../data/use-page.ts';
import './about.css';

/** `/about`: what this instance is (its settings), its rules, what its moderators do, how to report, and how to reach its team. */
export default function AboutPage() {
  usePage(sitePageHead('about'), { pagePath: '/about' });
  const site = readPageConfig().site ?? { name: PROVIDER_NAME, description: '' };
  return (
    <article className="lb-info">
      <h1>About {site.name}</h1>
      {site.description && <p className="lb-info__lead">{site.description}</p>}
      <p>
        {site.name === PROVIDER_NAME ? 'This site' : site.name} runs {PROVIDER_NAME}, open-source software anyone can host: every GIF,
        sticker and clip here was uploaded or made by its people and is served by this server. See the{' '}
        <Link href="/apps">apps and the API</Link>, the <Link href="/studios">verified studios</Link> and the{' '}
        <Link href="/transparency">moderation figures</Link>.
      </p>

      <section aria-labelledby="about-rules">
        <h2 id="about-rules">The rules</h2>
        <p>Everything shared here must be yours to share, or shared with its owner's permission. Not allowed:</p>
        <ul>
          <li>sexual content, and anything sexualising minors, ever;</li>
          <li>violence or gore meant to shock, and anything encouraging self-harm;</li>
          <li>hate, harassment or bullying of a person or a group;</li>
          <li>illegal content, and someone else's work uploaded without their permission (copyright, trademark);</li>
          <li>private information about someone, and spam.</li>
        </ul>
        <p>
          Every GIF has a rating (G, PG, PG-13 or R); searches and the public API show up to PG-13 unless the app asks for more. New
          accounts' uploads wait for a moderator before they reach search, trending and channels; an upload an automatic check finds
          explicit is held until a moderator has looked at it.
        </p>
      </section>

      <section aria-labelledby="about-moderation">
        <h2 id="about-moderation">What the moderators do</h2>
        <p>
          Moderators review reports and held uploads. They can approve a GIF, change its rating, hide it (its page then says so), or remove
          it; staff take content down on a legal request and can warn or suspend an account. The creator is told each decision and its
          reason. Every decision is kept in an audit trail, and the counts are published on the{' '}
          <Link href="/transparency">transparency page</Link>.
        </p>
      </section>

      <section aria-labelledby="about-reporting">
        <h2 id="about-reporting">Reporting</h2>
        <p>
          Anyone, signed in or not, can report a GIF with "Report this GIF" on its page, choosing a reason and adding a note, and can report
          a search whose results are wrong. A report goes to the moderators' queue; one report per person and GIF is enough.
        </p>
      </section>

      <section aria-labelledby="about-contact">
        <h2 id="about-contact">Contact</h2>
        {site.contactEmail ? (
          <p>
            Write to the team of {site.name} at <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>, for a legal request (a
            takedown), a question about a decision, or anything else.
          </p>
        ) : (
          <p>This instance has not published a contact address. To flag content, use the report button on its page.</p>
        )}
        <p>
          Artists and brands can <a href="/apply">apply for a verified channel</a>.
        </p>
      </section>
    </article>
  );
}
