import { errorCodes, frameErrorTypes } from '@foyer/protocol'
import { expect, test } from 'vitest'
import { ApiError } from './ApiError'
import { BaseError } from './BaseError'
import { clientErrorCodes } from './clientErrorCodes'
import { InvalidAppIdError } from './InvalidAppIdError'
import { NetworkError } from './NetworkError'
import { NoAuthFlowError } from './NoAuthFlowError'
import { TimeoutError } from './TimeoutError'

test('default: BaseError carries code, shortMessage, details and cause', () => {
  const cause = new Error('inner')
  const error = new BaseError('Short.', { code: 'unknown_error', details: 'More.', cause })
  expect(error).toBeInstanceOf(Error)
  expect(error).toMatchObject({
    name: 'BaseError',
    code: 'unknown_error',
    shortMessage: 'Short.',
    details: 'More.',
  })
  expect(error.message).toBe('Short.\n\nDetails: More.')
  expect(error.cause).toBe(cause)
})

test('behavior: subclasses set name and code', () => {
  const api = new ApiError('Nope', { status: 403, code: 'signup_disabled', data: { a: 1 } })
  expect(api).toBeInstanceOf(BaseError)
  expect(api).toMatchObject({ name: 'ApiError', code: 'signup_disabled', status: 403, data: { a: 1 } })
  expect(api.message).toBe('Nope')
  expect(new TimeoutError({ timeoutMs: 5 })).toMatchObject({ name: 'TimeoutError', code: 'request_timeout' })
  expect(new NetworkError({})).toMatchObject({ name: 'NetworkError', code: 'network_error' })
  expect(new InvalidAppIdError({ appId: 'x' })).toMatchObject({
    name: 'InvalidAppIdError',
    code: 'invalid_app_id',
    message: 'Cannot initialize the Foyer provider with an invalid Foyer app ID',
  })
  expect(new NoAuthFlowError()).toMatchObject({
    name: 'NoAuthFlowError',
    code: 'no_auth_flow',
    message: 'No auth flow in progress.',
  })
})

test('behavior: a code outside FoyerErrorCode does not compile', () => {
  // @ts-expect-error 'invalid_credential' is a typo of the protocol's 'invalid_credentials'
  const error = new BaseError('Typo.', { code: 'invalid_credential' })
  expect(error.code).toBe('invalid_credential')
})

test('behavior: client-made codes are unique and reuse no server or wallet frame code', () => {
  expect(new Set(clientErrorCodes).size).toBe(clientErrorCodes.length)
  const wire = new Set<string>([...errorCodes, ...frameErrorTypes])
  expect(clientErrorCodes.filter((code) => wire.has(code))).toEqual([])
})
