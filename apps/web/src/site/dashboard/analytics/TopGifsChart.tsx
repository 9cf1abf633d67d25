import { BarList } from './BarList.tsx';
import { ChartFrame } from '../../../ui/ChartFrame.tsx';
import { DataTable } from '../../../ui/DataTable.tsx';
import type { Series } from './series-api.ts';

type TopGif = Series['top_gifs'][number];
const titleOf = (g: TopGif) => g.title || g.id;

/** The window's most viewed GIFs, with still thumbnails when the API gave them. */
export function TopGifsChart({ gifs, thumbnails }: { gifs: readonly TopGif[]; thumbnails: ReadonlyMap<string, string> }) {
  const description = gifs.length
    ? `The ${gifs.length} most viewed GIFs of the window; first ${titleOf(gifs[0]!)} with ${gifs[0]!.views} views.`
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
            { header: 'Views', cell: (g) => g.views, numeric: true },
          ]}
        />
      }
    >
      <BarList
        labelledBy="top-gifs-title"
        unit="views"
        items={gifs.map((g) => ({ key: g.id, label: titleOf(g), value: g.views, thumbnail: thumbnails.get(g.id), href: `/gifs/${g.id}` }))}
      />
    </ChartFrame>
  );
}
