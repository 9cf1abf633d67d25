import { BarList } from './BarList.tsx';
import { ChartFrame } from '../../../ui/ChartFrame.tsx';
import { DataTable } from '../../../ui/DataTable.tsx';
import { formatCount, formatQuantity } from '../../../ui/format.ts';
import type { Series } from './series-api.ts';

type TopGif = Series['top_gifs'][number];
const titleOf = (g: TopGif) => g.title || g.id;

/** The window's most viewed GIFs, with still thumbnails when the API gave them. */
export function TopGifsChart({ gifs, thumbnails }: { gifs: readonly TopGif[]; thumbnails: ReadonlyMap<string, string> }) {
  const description = gifs.length
    ? `The ${formatQuantity(gifs.length, 'most viewed GIF')} of the window; first ${titleOf(gifs[0]!)} with ${formatQuantity(gifs[0]!.views, 'view')}.`
    : 'No GIF was viewed in this window.';
  return (
    <ChartFrame
      id="top-gifs"
      title="Top GIFs"
      description={description}
      table={
        <DataTable
          caption="Views per GIF"
          rows={gifs}
          rowKey={(g) => g.id}
          columns={[
            { header: 'GIF', cell: titleOf },
            { header: 'Id', cell: (g) => g.id },
            { header: 'Views', cell: (g) => formatCount(g.views), numeric: true },
          ]}
        />
      }
    >
      <BarList
        labelledBy="top-gifs-title"
        unit="view"
        items={gifs.map((g) => ({ key: g.id, label: titleOf(g), value: g.views, thumbnail: thumbnails.get(g.id), href: `/gifs/${g.id}` }))}
      />
    </ChartFrame>
  );
}
