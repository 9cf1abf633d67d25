import type { ReactNode } from 'react';

export interface FiguresColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of figures whose first column heads each row. On a narrow screen each row stands as a
 * block, every figure labelled with its column's header (transparency.css), so nothing scrolls sideways.
 */
export function FiguresTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: readonly FiguresColumn<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string }) {
  return (
    <table className="lb-figures">
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
                <td key={c.header} data-label={c.header}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
