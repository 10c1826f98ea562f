import { encode } from 'uqr'

/** Props of {@link ApprovalQrCode}. */
export type ApprovalQrCodeProps = {
  /** The text the code holds (the signer approval link). */
  value: string
  /** Accessible name of the image. */
  label: string
  /** Rendered size in px; default 160 (spec 02 §9 "QR default size 160"). */
  size?: number
}

/**
 * A QR code as one SVG path (uqr's matrix, error-correction level Q, spec 02 §9), dark modules in the text
 * colour on the screen's background. Built from data only: no HTML string is injected.
 *
 * @example <ApprovalQrCode value={signer.signer_approval_url} label="QR code to add the signer" />
 */
export function ApprovalQrCode({ value, label, size = 160 }: ApprovalQrCodeProps) {
  const { data, size: modules } = encode(value, { ecc: 'Q', border: 2 })
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
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="foyer-qr"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
