import { describe, expect, test } from 'vitest'
import { endpointPath } from './endpointPath'

describe('endpointPath', () => {
  test('default: method and path of a name', () => {
    expect(endpointPath('POST /api/v1/passwordless/init')).toEqual({
      method: 'POST',
      path: '/api/v1/passwordless/init',
    })
  })
  test('behavior: path parameters are URL-encoded', () => {
    expect(endpointPath('GET /api/v1/apps/:appId/jwks.json', { appId: 'a b/c' }).path).toBe(
      '/api/v1/apps/a%20b%2Fc/jwks.json',
    )
  })
  test('error: a missing path parameter throws', () => {
    expect(() => endpointPath('GET /api/v1/apps/:appId')).toThrow('Missing appId')
  })
})
