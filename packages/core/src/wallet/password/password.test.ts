import { describe, expect, test } from 'vitest'
import { generatePassword } from './generatePassword'
import { passwordStrength } from './passwordStrength'
import { recoveryFileName } from './recoveryFileName'
import { validatePassword } from './validatePassword'

describe('validatePassword', () => {
  test('default: letters, digits and !@#$%^&*()-_+ from 6 characters', () => {
    expect(validatePassword('abc123')).toEqual({ valid: true })
    expect(validatePassword('A!@#$%^&*()-_+z')).toEqual({ valid: true })
  })

  test("error: shorter than 6 is 'too_short'", () => {
    expect(validatePassword('abc12')).toEqual({ valid: false, reason: 'too_short' })
    expect(validatePassword('')).toEqual({ valid: false, reason: 'too_short' })
  })

  test('error: invalid characters are listed once each, a space as SPACE', () => {
    expect(validatePassword('my pass~word~ é')).toEqual({
      valid: false,
      reason: 'invalid_characters',
      invalidCharacters: ['SPACE', '~', 'é'],
    })
  })
})

describe('passwordStrength', () => {
  test('default: the documented formula and thresholds', () => {
    // 'abcdefgh': 8 lowercase → variety 1/3, entropy 8·log2(26) ≈ 37.6 bits → (0.1 + 0.396) / 2 ≈ 0.248.
    expect(passwordStrength('abcdefgh').score).toBeCloseTo((0.3 / 3 + (8 * Math.log2(26)) / 95) / 2, 10)
    expect(passwordStrength('abcdefgh').level).toBe('weak')
    expect(passwordStrength('Abcdef12!xyz').level).toBe('medium')
    expect(passwordStrength('Velvet-Orbit-Lantern-Pebble').level).toBe('strong')
  })

  test('behavior: variety counts only from 8 characters; the score is capped at 1', () => {
    const short = passwordStrength('Ab1!xy')
    expect(short.score).toBeCloseTo((6 * Math.log2(26 + 26 + 10 + 13)) / 95 / 2, 10)
    expect(passwordStrength('A1!a'.repeat(40)).score).toBe(1)
  })

  test('error: an invalid password scores 0', () => {
    expect(passwordStrength('has space')).toEqual({ score: 0, level: 'weak' })
    expect(passwordStrength('abc')).toEqual({ score: 0, level: 'weak' })
  })
})

describe('generatePassword', () => {
  test('default: four capitalized words joined by hyphens, always valid and strong', () => {
    for (let i = 0; i < 20; i++) {
      const password = generatePassword()
      expect(password).toMatch(/^[A-Z][a-z]+(-[A-Z][a-z]+){3}$/)
      expect(validatePassword(password)).toEqual({ valid: true })
    }
    expect(new Set(Array.from({ length: 20 }, () => generatePassword())).size).toBe(20)
  })
})

describe('recoveryFileName', () => {
  test('default', () => {
    expect(recoveryFileName('Foyer Demo')).toBe('foyer-demo-wallet-recovery.txt')
  })

  test('behavior: non-letters removed, spaces to hyphens; an empty result falls back', () => {
    expect(recoveryFileName('  My App 2.0!  ')).toBe('my-app-wallet-recovery.txt')
    expect(recoveryFileName('123')).toBe('wallet-recovery.txt')
  })
})
