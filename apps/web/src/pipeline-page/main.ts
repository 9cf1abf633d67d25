/**
 * The pipeline page (/labs/pipeline): shows this browser's analytics pipeline at work and sends
 * labelled test pingbacks through it (SEEN reports of one trending GIF, attribute `probe` = label).
 */
import '../ui/styles/index.css';
import './pipeline.css';
import { LoopboxFetch, type IGif } from '@loopbox/sdk';
import { createPingbackEvent } from '@loopbox/widgets';
import type { PipelineStats } from '@loopbox/workers/pipeline';
import { readPageConfig } from '../shared/page-config.ts';
import { showCollectorRejects } from './collector-rejects.ts';
import { sendPageView, startPagePipeline } from '../shared/page-pipeline.ts';

const STATS_REFRESH_MS = 250;
const PROBE_GIF_KEY = 'loopbox_pipeline_probe_gif';
const STAT_LABELS: Array<[keyof PipelineStats, string]> = [
  ['mode', 'Sending from'],
  ['queued', 'Queued'],
  ['stored', 'Stored in IndexedDB'],
  ['inFlight', 'In flight'],
  ['retrying', 'Backing off'],
  ['delivered', 'Acknowledged'],
  ['dropped', 'Refused'],
  ['orphans', 'Left by closed pages'],
  ['offlineReady', 'Reloads offline'],
  ['lastError', 'Last error'],
];

const config = readPageConfig();
const pipeline = startPagePipeline(config);
const client = new LoopboxFetch(config.apiKey, { baseUrl: config.apiBase, cache: pipeline.cacheStore });
const userId = client.pingbackId;
const form = document.getElementById('send-form') as HTMLFormElement;
const sentLine = document.getElementById('sent')!;
const statsList = document.getElementById('stats')!;
let sent = 0;

sendPageView(pipeline, { userId, pagePath: location.pathname });

function sendTestPingbacks(gif: IGif, count: number, label: string) {
  for (let i = 0; i < count; i += 1) {
    const event = createPingbackEvent({ gif, action: 'SEEN', userId, layoutType: 'GIF' });
    if (!event) continue;
    const probe = { ...event, attributes: { ...event.attributes, probe: label } };
    pipeline.pingbackSink.send(probe);
  }
  sent += count;
  sentLine.dataset.sent = String(sent);
  sentLine.textContent = `${sent} test pingbacks sent from this page.`;
}

function renderStats(stats: PipelineStats) {
  statsList.replaceChildren(
    ...STAT_LABELS.flatMap(([key, label]) => {
      const term = document.createElement('dt');
      term.textContent = label;
      const value = document.createElement('dd');
      value.dataset.stat = key;
      value.textContent = String(stats[key] ?? '—');
      return [term, value];
    }),
  );
}

/** The worker's counters, read again every STATS_REFRESH_MS; a read that fails keeps the last figures and the next one tries again. */
async function refreshStats() {
  try {
    renderStats(await pipeline.stats());
  } catch {
    /* the last figures stay shown */
  }
  setTimeout(() => void refreshStats(), STATS_REFRESH_MS);
}

/** The GIF test pingbacks are about: trending's first, remembered for the session so an offline reload still has it. */
async function probeGif(): Promise<IGif> {
  const kept = sessionStorage.getItem(PROBE_GIF_KEY);
  if (kept) return JSON.parse(kept) as IGif;
  const [gif] = (await client.trending({ limit: 1 })).data;
  if (!gif) throw new Error('nothing is trending');
  sessionStorage.setItem(PROBE_GIF_KEY, JSON.stringify(gif));
  return gif;
}

probeGif().then(
  (gif) => {
    form.querySelector('button')!.disabled = false;
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const data = new FormData(form);
      sendTestPingbacks(gif, Number(data.get('count')), String(data.get('label')));
    });
  },
  (error: unknown) => {
    sentLine.textContent = `Test pingbacks are unavailable: ${error instanceof Error ? error.message : String(error)}`;
  },
);
void refreshStats();
const rejectsSummary = document.getElementById('rejects-summary')!;
showCollectorRejects(document.getElementById('rejects') as HTMLTableElement, rejectsSummary).catch((error: unknown) => {
  rejectsSummary.textContent = `Refusals are unavailable: ${error instanceof Error ? error.message : String(error)}`;
});
