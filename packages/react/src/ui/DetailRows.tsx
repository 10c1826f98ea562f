/** One row: label, value (`undefined` skips the row) and whether the value is an address or hash (monospace). */
export type DetailRow = readonly [label: string, value: string | undefined, mono?: boolean]

/** Props of {@link DetailRows}. */
export type DetailRowsProps = { rows: readonly DetailRow[] }

/**
 * A description list of label/value rows (To, Amount, Network, …).
 *
 * @example
 * <DetailRows rows={[['To', '0x7099…79C8', true], ['Network', 'Anvil']]} />
 */
export function DetailRows({ rows }: DetailRowsProps) {
  return (
    <dl className="foyer-details">
      {rows
        .filter((row) => row[1] !== undefined)
        .map(([label, value, mono]) => (
          <div key={label} className="foyer-detail-row">
            <dt>{label}</dt>
            <dd className={mono ? 'foyer-mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  )
}
