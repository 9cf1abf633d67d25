import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Keep rows as rows on a phone (a narrow table); by default each row becomes a card of labelled figures. */
  noReflow?: boolean;
}

/**
 * A table of figures; the first column heads each row, each other cell carries its column's header as
 * `data-label`, which a phone shows beside the figure when the row becomes a card.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, noReflow }: DataTableProps<Row>) {
  return (
    <div className="lb-table-wrap">
      <table className={noReflow ? 'lb-table' : 'lb-table lb-table--reflow'}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.header} scope="row">
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} className={c.numeric ? 'lb-table__numeric' : undefined} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
