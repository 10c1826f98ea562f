import { Fragment, type ReactNode } from 'react'

/**
 * A console table in its scrolling wrapper: the column headings (`scope="col"`), an optional caption read
 * by screen readers only, and one row per item of `rows` holding the cells `cells(row)` gives.
 */
export function DataTable<Row>(props: {
  caption?: string
  columns: readonly string[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  cells: (row: Row) => ReactNode
}) {
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        {props.caption ? <caption className="console-visually-hidden">{props.caption}</caption> : null}
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <Fragment key={props.rowKey(row)}>
              <tr>{props.cells(row)}</tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}
