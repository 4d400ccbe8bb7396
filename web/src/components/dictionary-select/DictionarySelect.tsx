import { useEffect, useRef, type CSSProperties } from 'react'
import { Button, Empty, Select, Space, Spin, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDictionary, type DictionaryDetail } from './useDictionary'

export interface DictionarySelectProps {
  /** The dictionary's code (SeparatePallet, SalesOrderKuJiaLeQuotationType, …). */
  code: string
  /** The stored value (a detail's value). */
  value?: string | null
  /** A detail was chosen (its value and the detail), or the choice cleared. */
  onChange?: (value: string | undefined, detail?: DictionaryDetail) => void
  allowClear?: boolean
  placeholder?: string
  /** With no value, choose the dictionary's default detail once the choices are read. */
  useDefault?: boolean
  disabled?: boolean
  style?: CSSProperties
  /** data-testid of the select (default `dictionary-select-<code>`). */
  testId?: string
}

/**
 * A select over a data dictionary's enabled details: the label is shown, the value stored.
 * Works as a form control (value / onChange). While the choices load it says so; when they
 * cannot be read it says that and offers Retry.
 */
export function DictionarySelect({ code, value, onChange, allowClear, placeholder, useDefault, disabled, style, testId }: DictionarySelectProps) {
  const { t } = useTranslation()
  const { details, defaultDetail, isPending, isError, refetch } = useDictionary(code)
  const defaulted = useRef(false)

  useEffect(() => {
    if (!useDefault || defaulted.current || isPending || isError) return
    defaulted.current = true
    if ((value === undefined || value === null || value === '') && defaultDetail) onChange?.(defaultDetail.value, defaultDetail)
  }, [useDefault, isPending, isError, value, defaultDetail, onChange])

  const id = testId ?? `dictionary-select-${code}`
  const notFound = isError ? (
    <Space orientation="vertical" size={4} style={{ padding: 8 }} data-testid={`${id}-error`}>
      <Typography.Text type="danger">{t('table.loadFailed')}</Typography.Text>
      <Button size="small" onClick={refetch} data-testid={`${id}-retry`}>
        {t('common.retry')}
      </Button>
    </Space>
  ) : isPending ? (
    <Spin size="small" />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
  )

  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v, details.find((d) => d.value === v))}
      allowClear={allowClear}
      disabled={disabled}
      loading={isPending}
      status={isError ? 'error' : undefined}
      placeholder={isPending ? t('common.loading') : isError ? t('table.loadFailed') : (placeholder ?? t('search.select'))}
      options={details.map((d) => ({ value: d.value, label: d.label }))}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={notFound}
      style={{ minWidth: 160, ...style }}
      data-testid={id}
      data-state={isPending ? 'loading' : isError ? 'error' : 'ready'}
    />
  )
}
