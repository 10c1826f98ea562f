import { PASSWORD_STRENGTH_MEDIUM, PASSWORD_STRENGTH_STRONG } from '@foyer/protocol'

/** Props of {@link StrengthMeter}. */
export type StrengthMeterProps = {
  /** 0 to 1. */
  score: number
  level: 'weak' | 'medium' | 'strong'
  /** The text, e.g. 'Password strength: Strong'. */
  label: string
}

/**
 * A password strength bar: error colour when weak, warn when medium, green when strong (docs/limits.md). A
 * native `<meter>` carries the value for assistive technology; the bar is decorative.
 *
 * @example
 * <StrengthMeter score={0.95} level="strong" label="Password strength: Strong" />
 */
export function StrengthMeter({ score, level, label }: StrengthMeterProps) {
  const value = Math.max(0, Math.min(1, score))
  return (
    <div className="foyer-field">
      <meter
        className="foyer-sr-only"
        aria-label={label}
        min={0}
        max={1}
        low={PASSWORD_STRENGTH_MEDIUM}
        high={PASSWORD_STRENGTH_STRONG}
        optimum={1}
        value={value}
      />
      <div className="foyer-meter" aria-hidden="true">
        <div
          className="foyer-meter-fill"
          data-level={level}
          style={{ width: `${Math.max(value * 100, 4)}%` }}
        />
      </div>
      <p className="foyer-text" aria-live="polite">
        {label}
      </p>
    </div>
  )
}
