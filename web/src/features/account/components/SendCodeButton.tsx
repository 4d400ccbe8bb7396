import { useState } from 'react'
import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCountdown } from './useCountdown'

export interface SendCodeButtonProps {
  /**
   * Sends the code; resolves when it was sent (the countdown starts), rejects when it was not
   * (the button is enabled again at once).
   */
  onSend: () => Promise<void>
  size?: 'small' | 'middle' | 'large'
}

/** "Send code", then "Resend in N s" for 60 s, disabled meanwhile. */
export function SendCodeButton({ onSend, size = 'large' }: SendCodeButtonProps) {
  const { t } = useTranslation()
  const { left, start } = useCountdown()
  const [sending, setSending] = useState(false)
  const click = async () => {
    setSending(true)
    try {
      await onSend()
      start()
    } catch {
      /* the caller showed why */
    } finally {
      setSending(false)
    }
  }
  return (
    <Button size={size} disabled={left > 0} loading={sending} onClick={click} data-testid="send-code">
      {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
    </Button>
  )
}
