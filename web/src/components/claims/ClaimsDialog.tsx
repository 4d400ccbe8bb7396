import { useMemo, useState } from 'react'
import { Alert, App, Button, DatePicker, Empty, Flex, Form, Input, InputNumber, Select, Spin, Table, Tooltip } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import dayjs from 'dayjs'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError } from '../../api/http'
import { errorToMessage } from '../../api/errors'
import { SaveModal } from '../SaveModal'
import { useWhenChanged } from '../useWhenChanged'
import { claimTypesQuery, claimsQuery, useSaveClaims, type ClaimOwner } from './api'
import { VALUE_TYPE, dateTimeValue, newRow, rowProblems, toClaims, toRows, type ClaimRow, type ClaimType } from './claims'
import { useClaimsT } from './texts'

export interface ClaimsDialogProps {
  /** users or roles */
  owner: ClaimOwner
  /** The user or role whose claims are edited (name for the title); null when closed. */
  target: { id: string; name: string } | null
  onClose: () => void
}

/**
 * The claims of a user or a role: rows of claim type and value, added and removed freely, saved
 * at once as the whole list. Each value gets the editor of its type's value type (text, whole
 * number, yes/no, date and time), and is checked against the type's rules before saving; the
 * server checks them again and its message is shown when it refuses.
 */
export function ClaimsDialog({ owner, target, onClose }: ClaimsDialogProps) {
  const { t } = useClaimsT()
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const claims = useQuery({ ...claimsQuery(owner, target?.id ?? ''), enabled: !!target })
  const types = useQuery({ ...claimTypesQuery(owner), enabled: !!target })
  const save = useSaveClaims(owner)
  const [rows, setRows] = useState<ClaimRow[]>([])
  const [showProblems, setShowProblems] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const loaded = target && claims.data && types.data ? claims.data : undefined

  useWhenChanged(loaded, (c) => {
    if (!c) return
    setRows(toRows(c))
    setShowProblems(false)
    setServerError(null)
  })

  const typeList = useMemo(() => types.data ?? [], [types.data])
  const problems = useMemo(() => rowProblems(rows, typeList), [rows, typeList])

  const change = (key: string, patch: Partial<ClaimRow>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)))

  const submit = async () => {
    if (!target || !loaded || save.isPending) return
    setShowProblems(true)
    if (problems.size) return
    setServerError(null)
    try {
      await save.mutateAsync({ id: target.id, claims: toClaims(rows) })
      message.success(t('saved'))
      onClose()
    } catch (e) {
      const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
      const m = errorToMessage(failed, tApp).message
      setServerError(m)
      message.error(m)
    }
  }

  const columns: ColumnsType<ClaimRow> = [
    {
      key: 'claimType',
      title: t('claimType'),
      width: 240,
      render: (_, r) => (
        <Select
          showSearch
          value={r.claimType}
          placeholder={t('pickType')}
          style={{ width: '100%' }}
          options={typeList.map((ct) => ({ value: ct.name, label: `${ct.name} · ${t(`valueType.${ct.valueType}`)}`, title: ct.description ?? undefined }))}
          onChange={(v: string) => change(r.key, { claimType: v, claimValue: '' })}
          data-testid="claim-type"
        />
      ),
    },
    {
      key: 'claimValue',
      title: t('claimValue'),
      render: (_, r) => {
        const p = showProblems ? problems.get(r.key) : undefined
        const type = typeList.find((ct) => ct.name === r.claimType)
        return (
          <Form.Item
            style={{ margin: 0 }}
            validateStatus={p ? 'error' : undefined}
            help={p ? <span data-testid="claim-problem">{t(p.key, p.values)}</span> : type?.regexDescription || undefined}
          >
            <ValueEditor type={type} value={r.claimValue} onChange={(v) => change(r.key, { claimValue: v })} onEnter={() => void submit()} />
          </Form.Item>
        )
      },
    },
    {
      key: 'actions',
      title: t('actions'),
      width: 70,
      render: (_, r) => (
        <Tooltip title={t('remove')}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('remove')}
            onClick={() => setRows((list) => list.filter((x) => x.key !== r.key))}
            data-testid="claim-remove"
          />
        </Tooltip>
      ),
    },
  ]

  const failed = claims.isError || types.isError
  return (
    <SaveModal
      open={!!target}
      width={760}
      title={target ? t(owner === 'users' ? 'titleUser' : 'titleRole', { name: target.name }) : ''}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="claims-save"
    >
      <div data-testid="claims-dialog">
        {failed ? (
          <Alert
            type="error"
            showIcon
            title={t('loadFailed')}
            action={
              <Button
                size="small"
                onClick={() => {
                  void claims.refetch()
                  void types.refetch()
                }}
              >
                {t('retry')}
              </Button>
            }
          />
        ) : !loaded ? (
          <Flex justify="center" style={{ padding: 32 }}>
            <Spin />
          </Flex>
        ) : (
          <>
            {serverError ? <Alert type="error" showIcon title={serverError} style={{ marginBottom: 8 }} data-testid="claims-server-error" /> : null}
            {typeList.length === 0 ? <Alert type="info" showIcon title={t('noTypes')} style={{ marginBottom: 8 }} /> : null}
            <Table<ClaimRow>
              rowKey="key"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={rows}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} /> }}
              data-testid="claims-table"
            />
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              disabled={typeList.length === 0}
              onClick={() => setRows((list) => [...list, newRow()])}
              data-testid="claims-add"
            >
              {t('add')}
            </Button>
          </>
        )}
      </div>
    </SaveModal>
  )
}

/** The value editor of a claim type's value type. */
function ValueEditor({ type, value, onChange, onEnter }: { type?: ClaimType; value: string; onChange: (v: string) => void; onEnter: () => void }) {
  const { t } = useClaimsT()
  switch (type?.valueType) {
    case VALUE_TYPE.Int:
      return (
        <InputNumber
          precision={0}
          style={{ width: '100%' }}
          value={value === '' || Number.isNaN(Number(value)) ? null : Number(value)}
          onChange={(v) => onChange(v === null || v === undefined ? '' : String(v))}
          onPressEnter={onEnter}
          data-testid="claim-value"
        />
      )
    case VALUE_TYPE.Boolean:
      return (
        <Select
          allowClear
          style={{ width: '100%' }}
          placeholder={t('pickValue')}
          value={value === '' ? undefined : value.toLowerCase()}
          options={[
            { value: 'true', label: t('true') },
            { value: 'false', label: t('false') },
          ]}
          onChange={(v?: string) => onChange(v ?? '')}
          data-testid="claim-value"
        />
      )
    case VALUE_TYPE.DateTime: {
      const d = value ? dayjs(value) : null
      return (
        <DatePicker
          showTime
          style={{ width: '100%' }}
          value={d && d.isValid() ? d : null}
          onChange={(v) => onChange(dateTimeValue(v))}
          data-testid="claim-value"
        />
      )
    }
    default:
      return <Input value={value} disabled={!type} onChange={(e) => onChange(e.target.value)} onPressEnter={onEnter} data-testid="claim-value" />
  }
}
