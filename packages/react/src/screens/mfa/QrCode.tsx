import { encode } from 'uqr'

/** Props of {@link QrCode}. */
export type QrCodeProps = { value: string; label: string; size?: number }

/**
 * A QR code of `value` as an SVG (uqr, error correction Q, docs/limits.md: default size 160).
 *
 * @example <QrCode value={authUrl} label="QR code for your authenticator app" />
 */
export function QrCode({ value, label, size = 160 }: QrCodeProps) {
  const { data } = encode(value, { ecc: 'Q', border: 1 })
  const count = data.length
  let path = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${count} ${count}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      {/* Black on white in every theme, not theme tokens: many scanners cannot read inverted codes. */}
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
