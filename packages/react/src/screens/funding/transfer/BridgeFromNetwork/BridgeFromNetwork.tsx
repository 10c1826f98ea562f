import {
  type BridgeOrigin,
  bridgeCoverage,
  bridgeDestinationCurrency,
  fundingAmountUnits,
  fundingAssetSymbol,
  readBridgeOrigins,
} from '@foyer/core/funding'
import { useEffect, useId, useMemo, useState } from 'react'
import { formatMessage } from '../../../../i18n/formatMessage'
import { useModal } from '../../../../modal/ModalContext'
import { ModalScreenHeader } from '../../../../modal/ModalScreenHeader'
import type { ScreenProps } from '../../../../modal/screenParams'
import { Alert } from '../../../../ui/Alert'
import { Button } from '../../../../ui/Button'
import { DetailRows } from '../../../../ui/DetailRows'
import { Spinner } from '../../../../ui/Spinner'

/**
 * 'Transfer from another network' (docs/modal.md "Funding"), the bridge-option picker when several chains
 * hold the amount (or none does; to a Solana wallet, several hold some of their coin): the amount, a 'From' dropdown of the other configured chains with the
 * external wallet's balance of the asset on each (the richest is chosen; the others are offered), the 'To'
 * chain, and 'Confirm with {wallet}', which opens the bridge.
 */
export function BridgeFromNetwork({ params }: ScreenProps<'fundingBridge'>) {
  const { client, router, messages, config } = useModal()
  const tokenAddresses = config?.funding?.tokenAddresses
  const m = messages.fundingTransfer
  const { request, wallet, from } = params
  const selectId = useId()
  const symbol = fundingAssetSymbol(request).symbol
  const toSolana = request.chainType === 'solana'
  const amount = fundingAmountUnits(request)
  const destination = useMemo(() => bridgeDestinationCurrency(request), [request])
  const [origins, setOrigins] = useState<BridgeOrigin[] | undefined>(undefined)
  const [originId, setOriginId] = useState<number | undefined>(undefined)
  // A chain paying in another coin (ETH for SOL) may pay: the quote tells its price.
  const enough = (origin: BridgeOrigin) => bridgeCoverage(origin, amount, destination) !== 'short'

  useEffect(() => {
    let live = true
    readBridgeOrigins({
      chains: client.chains,
      destination: request.chain,
      address: from,
      asset: request.asset,
      tokenAddresses,
    }).then(
      (found) => {
        if (!live) return
        setOrigins(found)
        const coverage = (origin: BridgeOrigin) => bridgeCoverage(origin, amount, destination)
        const best =
          found.find((origin) => coverage(origin) === 'enough') ??
          found.find((origin) => coverage(origin) === 'unknown') ??
          found[0]
        setOriginId(best?.chain.id)
      },
      () => live && setOrigins([]),
    )
    return () => {
      live = false
    }
  }, [client, request.chain, request.asset, tokenAddresses, from, amount, destination])

  const chosen = origins?.find((origin) => origin.chain.id === originId)
  const label = (origin: BridgeOrigin) =>
    origin.formatted === undefined
      ? formatMessage(m.originUnknown, { network: origin.chain.name })
      : formatMessage(m.origin, {
          network: origin.chain.name,
          balance: origin.formatted,
          symbol: origin.currency.symbol,
        })

  return (
    <div className="foyer-screen">
      <ModalScreenHeader title={m.bridgeTitle} onBack={router.back} />
      <DetailRows rows={[[m.amount, `${request.amount} ${symbol}`]]} />
      {origins === undefined ? (
        <div className="foyer-center">
          <Spinner size="large" />
        </div>
      ) : (
        <div className="foyer-field">
          <label htmlFor={selectId} className="foyer-text">
            {m.from}
          </label>
          <select
            id={selectId}
            className="foyer-input"
            value={originId ?? ''}
            onChange={(event) => setOriginId(Number(event.target.value))}
          >
            {origins.map((origin) => (
              <option key={origin.chain.id} value={origin.chain.id}>
                {label(origin)}
              </option>
            ))}
          </select>
        </div>
      )}
      <DetailRows rows={[[m.to, request.chain?.name ?? messages.externalWallets.solana]]} />
      {origins && !origins.some(enough) ? (
        <Alert>
          {formatMessage(m.insufficientEverywhere, {
            symbol: toSolana ? (origins[0]?.currency.symbol ?? '') : symbol,
          })}
        </Alert>
      ) : null}
      <Button
        block
        disabled={!chosen || !enough(chosen)}
        onClick={() =>
          chosen && router.push('fundingBridgeStatus', { ...params, originChainId: chosen.chain.id })
        }
      >
        {formatMessage(m.confirmWith, { wallet: wallet.name })}
      </Button>
    </div>
  )
}
