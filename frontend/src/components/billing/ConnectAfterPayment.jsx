/** On the payment-success page: the page the free offer refused to connect (pendingConnection), connected now that
 *  the payment went through, then forgotten; the way to My pages. While the gateway has not confirmed the payment
 *  the connection waits (Connect again once it has). */
import { Alert, Button, Group, Loader, Text } from '@mantine/core'
import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { pagesApi } from '../../api/pages'
import { forgetPendingConnection, pendingConnection } from '../pages/pendingConnection'

export default function ConnectAfterPayment({ paid }) {
  const { t } = useTranslation()
  const [waiting] = useState(pendingConnection)
  const [state, setState] = useState('idle') // idle | connecting | connected | refused | failed

  const connect = useCallback(async () => {
    setState('connecting')
    try {
      const answer = await pagesApi.connect(waiting.platform, waiting.idPage)
      if (answer !== true) return setState('refused')
      forgetPendingConnection()
      setState('connected')
    } catch (e) {
      console.warn('page not connected after payment', e)
      setState('failed')
    }
  }, [waiting])

  useEffect(() => {
    if (waiting && paid) connect()
  }, [waiting, paid, connect])

  if (!waiting) return null
  const values = { name: waiting.name }
  if (state === 'connecting') return <Loader size="sm" aria-label={t('connectAfterPayment.connecting', values)} />
  if (state === 'connected') {
    return (
      <Alert color="green" variant="light" className="payment-success__connected" title={t('connectAfterPayment.done', values)}>
        <Button size="xs" component={Link} to="/pages">{t('connectAfterPayment.toPages')}</Button>
      </Alert>
    )
  }
  const messageKey = state === 'failed' ? 'pageCards.errors.connect' : paid ? 'connectAfterPayment.notYet' : 'connectAfterPayment.waiting'
  return (
    <Alert color={state === 'failed' ? 'red' : 'blue'} variant="light" className="payment-success__waiting">
      <Text size="sm" mb="xs">{t(messageKey, values)}</Text>
      <Group gap="xs">
        <Button size="xs" onClick={connect}>{t('connectAfterPayment.connect', values)}</Button>
      </Group>
    </Alert>
  )
}
