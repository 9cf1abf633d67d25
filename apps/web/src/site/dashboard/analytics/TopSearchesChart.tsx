import { BarList } from './BarList.tsx';
import { ChartFrame } from '../../../ui/ChartFrame.tsx';
import { DataTable } from '../../../ui/DataTable.tsx';
import { formatCount, formatQuantity } from '../../../ui/format.ts';
import type { Series } from './series-api.ts';

const SEARCH = { one: 'search', other: 'searches' };

/** Trending searches site-wide, or for a creator the searches their GIFs were seen for. */
export function TopSearchesChart({ searches }: { searches: Series['top_searches'] }) {
  const unit = searches.counted;
  const first = searches.data[0];
  const description = first
    ? unit === 'searches'
      ? `The most searched terms now, recent searches weighing most; first "${first.term}" with ${formatQuantity(first.count, SEARCH)} in all.`
      : `The searches this creator's GIFs were seen for; first "${first.term}" with ${formatQuantity(first.count, 'view')}.`
    : 'No searches logged yet.';
  return (
    <ChartFrame
      id="top-searches"
      title="Top searches"
      description={description}
      table={
        <DataTable
          caption={unit === 'searches' ? 'Searches per term' : 'Views per term'}
          rows={searches.data}
          rowKey={(s) => s.term}
          columns={[
            { header: 'Term', cell: (s) => s.term },
            { header: unit === 'searches' ? 'Searches' : 'Views', cell: (s) => formatCount(s.count), numeric: true },
          ]}
        />
      }
    >
      <BarList
        labelledBy="top-searches-title"
        unit={unit === 'searches' ? SEARCH : 'view'}
        items={searches.data.map((s) => ({ key: s.term, label: s.term, value: s.count }))}
      />
    </ChartFrame>
  );
}
