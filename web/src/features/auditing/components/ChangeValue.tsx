import { Tooltip, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { ShownValue } from '../changes'

/** One side of a property change: its text, or a muted mark for no value. */
export function ChangeValue({ value, testId }: { value: ShownValue; testId?: string }) {
  const { t } = useTranslation('auditing')
  switch (value.kind) {
    case 'absent':
      return <Typography.Text type="secondary" data-testid={testId}>-</Typography.Text>
    case 'null':
      return (
        <Typography.Text type="secondary" italic data-testid={testId}>
          {t('change.null')}
        </Typography.Text>
      )
    case 'empty':
      return (
        <Typography.Text type="secondary" italic data-testid={testId}>
          {t('change.emptyString')}
        </Typography.Text>
      )
    default:
      return (
        <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={testId}>
          {value.text}
          {value.cut ? (
            <Tooltip title={t('change.cut')}>
              <Typography.Text type="warning"> ✂</Typography.Text>
            </Tooltip>
          ) : null}
        </span>
      )
  }
}
