import { Button, Modal, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useChatUi } from '../store'
import { useAnswerRequest } from './useAnswerRequest'

/**
 * The prompt a `friendValidation` push opens (spec 002 §4): accept, refuse, or later (the
 * request stays in the chat page's list).
 */
export function FriendValidationPrompt() {
  const { t } = useTranslation('chat', { useSuspense: false })
  const current = useChatUi((s) => s.validations[0])
  const drop = useChatUi((s) => s.dropValidation)
  const answer = useAnswerRequest()
  if (!current) return null
  return (
    <Modal
      open
      title={t('validationTitle')}
      onCancel={() => drop(current.requestId)}
      data-testid="friend-validation"
      footer={[
        <Button key="later" onClick={() => drop(current.requestId)} data-testid="friend-validation-later">
          {t('later')}
        </Button>,
        <Button key="refuse" danger disabled={answer.busy} onClick={() => void answer.refuse(current).catch(() => undefined)} data-testid="friend-validation-refuse">
          {t('refuse')}
        </Button>,
        <Button key="accept" type="primary" loading={answer.busy} onClick={() => void answer.accept(current).catch(() => undefined)} data-testid="friend-validation-accept">
          {t('accept')}
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="friend-validation-text">{t('requestFrom', { name: current.fromUserName })}</Typography.Paragraph>
      {current.remarkName ? <Typography.Paragraph type="secondary">{t('remark', { remark: current.remarkName })}</Typography.Paragraph> : null}
    </Modal>
  )
}
