import { describe, expect, it } from 'vitest'
import { paymasterContextFor, SPONSORED_PAYMASTER_EXPIRY_SECONDS } from './paymasterContext'

describe('paymasterContextFor', () => {
  const sponsored = { mode: 'SPONSORED', calculateGasLimits: true, expiryDuration: 300 }

  it("gives a known sponsoring service's paymaster the fixed sponsorship context, 300 s", () => {
    expect(SPONSORED_PAYMASTER_EXPIRY_SECONDS).toBe(300)
    expect(paymasterContextFor({ paymaster_url: 'https://paymaster.biconomy.io/api/v2/84532/key' })).toEqual(
      sponsored,
    )
    // Even when the app set a policy: the service takes its own context.
    expect(
      paymasterContextFor({
        paymaster_url: 'https://PAYMASTER.biconomy.io/api/v1/8453/key',
        paymaster_context: { policy_id: 'sp_ignored' },
      }),
    ).toEqual(sponsored)
    expect(paymasterContextFor({ paymaster_url: 'https://eu.paymaster.biconomy.io/api/v2/1/key' })).toEqual(
      sponsored,
    )
  })

  it('gives any other paymaster the policy id when there is one, else no context', () => {
    expect(
      paymasterContextFor({
        paymaster_url: 'http://127.0.0.1:4338',
        paymaster_context: { policy_id: 'sp_1' },
      }),
    ).toEqual({ policyId: 'sp_1' })
    expect(paymasterContextFor({ paymaster_url: 'http://127.0.0.1:4338' })).toBeUndefined()
    expect(
      paymasterContextFor({ paymaster_url: 'http://127.0.0.1:4338', paymaster_context: null }),
    ).toBeUndefined()
  })

  it('does not take a look-alike host for the service', () => {
    expect(
      paymasterContextFor({
        paymaster_url: 'https://paymaster.biconomy.io.example.com/rpc',
        paymaster_context: { policy_id: 'sp_2' },
      }),
    ).toEqual({ policyId: 'sp_2' })
    expect(paymasterContextFor({ paymaster_url: 'https://notpaymaster.biconomy.io/rpc' })).toBeUndefined()
    expect(
      paymasterContextFor({ paymaster_url: 'not a url', paymaster_context: { policy_id: 'p' } }),
    ).toEqual({
      policyId: 'p',
    })
  })

  it('gives no context without a paymaster', () => {
    expect(paymasterContextFor({ paymaster_context: { policy_id: 'sp_1' } })).toBeUndefined()
  })
})
