import './transparency.css';
import { listingHead } from '@loopbox/pages';
import { useState } from 'react';
import { PageFailed, PageLoading } from '../shell/PageStatus.tsx';
import { usePage } from '../data/use-page.ts';
import { useResource } from '../data/use-resource.ts';
import { addedUp, duration, monthName, total, words } from './figures.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { fetchTransparency, type TransparencyFigures, type TransparencyMonth } from './transparency-api.ts';

const ALL = 'all';

/**
 * `/transparency`: what moderation did, month by month (UTC), from the moderation log's figures
 * (`GET /api/v1/transparency/`): reports by reason, decisions by kind, takedowns and the median time
 * from a report to its decision, for anyone.
 */
export default function TransparencyPage() {
  usePage(listingHead('transparency'), { pagePath: '/transparency' });
  const [attempt, setAttempt] = useState(0);
  const figures = useResource(`transparency:${attempt}`, fetchTransparency);
  return (
    <div className="lb-transparency">
      <h1>Transparency</h1>
      <p>
        What this instance's moderators and staff did, month by month: the reports people sent, the decisions taken about GIFs, the searches
        reported and resolved, the takedowns, and how long a reported GIF waited for its decision. The figures are counted from the
        moderation log (months in UTC) and refreshed every few minutes.
      </p>
      {figures.status === 'loading' && <PageLoading label="Loading the figures" />}
      {figures.status === 'error' && <PageFailed onRetry={() => setAttempt((a) => a + 1)}>The figures could not be loaded.</PageFailed>}
      {figures.status === 'ok' && <Figures figures={figures.data} />}
    </div>
  );
}

function Figures({ figures }: { figures: TransparencyFigures }) {
  const [picked, setPicked] = useState(ALL);
  const { months } = figures;
  const shown = picked === ALL ? months : months.filter((m) => m.month === picked);
  const period = picked === ALL ? `the last ${months.length} months` : monthName(picked);
  const gifReasons = addedUp(shown, (m) => m.gif_reports);
  const searchReasons = new Map(addedUp(shown, (m) => m.search_reports));
  const reasons = [...new Set([...gifReasons.map(([r]) => r), ...searchReasons.keys()])];
  const gifReasonCounts = new Map(gifReasons);
  const decisions = addedUp(shown, (m) => m.decisions);
  const resolutions = addedUp(shown, (m) => m.search_report_resolutions);
  return (
    <>
      <section aria-labelledby="lb-transparency-months">
        <h2 id="lb-transparency-months">Month by month</h2>
        <DataTable<TransparencyMonth>
          caption={`Moderation since ${monthName(months[months.length - 1]!.month)}, newest month first`}
          rows={months}
          rowKey={(m) => m.month}
          columns={[
            { header: 'Month', cell: (m) => monthName(m.month) },
            { header: 'GIF reports', cell: (m) => total(m.gif_reports) },
            { header: 'Search reports', cell: (m) => total(m.search_reports) },
            { header: 'Decisions', cell: (m) => total(m.decisions) },
            { header: 'Takedowns', cell: (m) => (m.takedowns ? `${m.takedowns} (${m.takedown_items} GIFs)` : 0) },
            {
              header: 'Median time to decision',
              cell: (m) => (m.reports_decided ? `${duration(m.median_seconds_to_decision)} (${m.reports_decided} reports)` : '—'),
            },
          ]}
        />
        <p className="lb-transparency__note">
          Search reports count each reason a report gave. The time to decision runs from a GIF's report to the decision or takedown that
          closed it.
        </p>
      </section>
      <section aria-labelledby="lb-transparency-detail">
        <h2 id="lb-transparency-detail">Reasons and decisions</h2>
        <label className="lb-transparency__pick">
          Period
          <select value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value={ALL}>The last {months.length} months</option>
            {months.map((m) => (
              <option key={m.month} value={m.month}>
                {monthName(m.month)}
              </option>
            ))}
          </select>
        </label>
        {reasons.length === 0 ? (
          <p>No reports in {period}.</p>
        ) : (
          <DataTable<string>
            caption={`Reports by reason, ${period}`}
            rows={reasons}
            rowKey={(r) => r}
            columns={[
              { header: 'Reason', cell: (r) => words(r) },
              { header: 'GIF reports', cell: (r) => gifReasonCounts.get(r) ?? 0 },
              { header: 'Search reports', cell: (r) => searchReasons.get(r) ?? 0 },
            ]}
          />
        )}
        {decisions.length + resolutions.length === 0 ? (
          <p>No decisions in {period}.</p>
        ) : (
          <DataTable<[string, number]>
            caption={`Decisions by kind, ${period}`}
            rows={[
              ...decisions.map(([k, n]): [string, number] => [`GIFs: ${words(k)}`, n]),
              ...resolutions.map(([k, n]): [string, number] => [`Search reports: ${k === 'act' ? 'acted on' : 'dismissed'}`, n]),
            ]}
            rowKey={([k]) => k}
            columns={[
              { header: 'Decision', cell: ([k]) => k },
              { header: 'Count', cell: ([, n]) => n },
            ]}
          />
        )}
      </section>
    </>
  );
}
