import { useMemo } from 'react'
import { encode } from 'uqr'

/** Props of {@link QrCode}. */
export type QrCodeProps = {
  /** The text to encode (a URL). */
  value: string
  /** The accessible name of the image. */
  label: string
  /** Rendered size, in CSS px; default 200. */
  size?: number
  /** Error-correction level (L, M, Q, H); default uqr's (L). */
  ecc?: 'L' | 'M' | 'Q' | 'H'
}

/**
 * A QR code of `value` as one SVG path (uqr's encoder; a 4-module quiet zone), dark modules
 * black on a white square in every theme, for scanning with a phone.
 *
 * @example <QrCode value={connectUri} label="QR code to sign in with Farcaster" />
 */
export function QrCode({ value, label, size = 200, ecc }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const { data } = encode(value, { border: 4, ...(ecc ? { ecc } : {}) })
    let d = ''
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { path: d, modules: data.length }
  }, [value, ecc])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      className="foyer-qr"
      shapeRendering="crispEdges"
      data-qr-value={value}
      data-qr-ecc={ecc}
    >
      {/* Black on white in every theme, not theme tokens: many scanners cannot read inverted codes. */}
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
