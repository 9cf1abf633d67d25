import type { RejectsAnswer } from '@loopbox/contract/collector';

/** The collector's refusals of the last day (dead letters by source and reason), as a table on the pipeline page. */

const REJECTS_PATH = '/api/v1/collector/rejects/';

function cell(tag: 'td' | 'th', text: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

export async function showCollectorRejects(table: HTMLTableElement, summary: HTMLElement): Promise<void> {
  const response = await fetch(REJECTS_PATH, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REJECTS_PATH} answered ${response.status}`);
  const { total, data } = (await response.json()) as RejectsAnswer;
  summary.textContent =
    total === 0
      ? 'The collector refused no event in the last 24 hours.'
      : `The collector refused ${total} events in the last 24 hours; none of them was counted.`;
  table.tBodies[0]!.replaceChildren(
    ...data.map((row) => {
      const tr = document.createElement('tr');
      tr.append(
        cell('td', row.source),
        cell('td', row.reason),
        cell('td', String(row.count)),
        cell('td', new Date(row.last_at).toLocaleString()),
      );
      return tr;
    }),
  );
  table.hidden = data.length === 0;
}
