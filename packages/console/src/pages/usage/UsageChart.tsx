import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

/** The bars' colours, in series order (distinct in both themes). */
const SERIES_COLOURS = ['#2f7ed8', '#d9822b', '#2ca02c', '#c2185b', '#8e6ccf', '#17a2b8', '#7f7f7f']

/** One chart row: its label (x axis and the table's first column) and one number per series. */
export type UsageRow = { label: string } & Record<string, number | string>

/**
 * One drawn bar: a plain SVG rectangle where Recharts placed it, carrying what it shows (`data-series`, the
 * series key; `data-label`, its row's label; `data-value`, the number) so a test can read the chart back.
 */
function DataBar(props: BarShapeProps & { series: string }) {
  const { x, y, width, height, fill, payload, series } = props
  const row = payload as UsageRow | undefined
  return (
    <rect
      className="console-usage-bar"
      x={x}
      y={height < 0 ? y + height : y}
      width={Math.max(0, width)}
      height={Math.abs(height)}
      fill={fill}
      data-series={series}
      data-label={row?.label}
      data-value={Number(row?.[series] ?? 0)}
    />
  )
}

/**
 * A bar chart (Recharts, SVG) of `rows` with one bar per series (stacked when `stacked`), each bar a
 * {@link DataBar} naming its series, row and number, followed by a table of the same numbers as its text
 * alternative (docs/console.md#usage). The SVG is hidden from assistive technology: the table is what they read.
 */
export function UsageChart(props: {
  title: string
  rows: UsageRow[]
  series: readonly { key: string; name: string }[]
  stacked?: boolean
  labelHeader?: string
}) {
  const { title, rows, series } = props
  const id = `usage-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <section aria-labelledby={id} className="console-usage-chart">
      <h2 id={id}>{title}</h2>
      {series.length === 0 ? (
        <p className="console-muted">Nothing recorded in this range.</p>
      ) : (
        <>
          <div aria-hidden="true" style={{ width: '100%', height: 240 }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                accessibilityLayer={false}
                data={rows}
                margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
              >
                <CartesianGrid stroke="var(--console-border)" strokeDasharray="3 3" />
                <XAxis dataKey="label" tick={{ fill: 'var(--console-text)', fontSize: 12 }} />
                <YAxis allowDecimals={false} tick={{ fill: 'var(--console-text)', fontSize: 12 }} />
                <Tooltip />
                <Legend />
                {series.map((entry, index) => (
                  <Bar
                    key={entry.key}
                    dataKey={entry.key}
                    name={entry.name}
                    fill={SERIES_COLOURS[index % SERIES_COLOURS.length] ?? '#2f7ed8'}
                    {...(props.stacked ? { stackId: 'all' } : {})}
                    isAnimationActive={false}
                    shape={(bar: BarShapeProps) => <DataBar {...bar} series={entry.key} />}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <div className="console-table-wrap">
            <table className="console-table">
              <caption className="console-visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{props.labelHeader ?? 'Day'}</th>
                  {series.map((entry) => (
                    <th scope="col" key={entry.key}>
                      {entry.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {series.map((entry) => (
                      <td key={entry.key}>{row[entry.key] ?? 0}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
