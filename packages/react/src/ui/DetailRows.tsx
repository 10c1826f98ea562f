import { Address } from './Address'

/**
 * One row: label, value (`undefined` skips the row) and how the value reads: `true` for a hash or data
 * (monospace), `'address'` for an address (short on one line, the full value on hover; see `Address`).
 */
export type DetailRow = readonly [label: string, value: string | undefined, mono?: boolean | 'address']

/** Props of {@link DetailRows}. */
export type DetailRowsProps = { rows: readonly DetailRow[] }

/**
 * A description list of label/value rows (To, Amount, Network, …).
 *
 * @example
 * <DetailRows rows={[['To', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'address'], ['Network', 'Anvil']]} />
 */
export function DetailRows({ rows }: DetailRowsProps) {
  return (
    <dl className="foyer-details">
      {rows
        .filter((row) => row[1] !== undefined)
        .map(([label, value, mono]) => (
          <div key={label} className="foyer-detail-row">
            <dt>{label}</dt>
            <dd className={mono === true ? 'foyer-mono' : undefined}>
              {mono === 'address' && value ? <Address address={value} /> : value}
            </dd>
          </div>
        ))}
    </dl>
  )
}
