import { Alert, Button, Col, Descriptions, Drawer, Empty, Flex, Row, Skeleton, Space, Tag, Typography } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { auditLogDetailQuery, type AuditLogAction, type AuditLogDetail } from '../api'
import { formatTime } from '../changes'
import { methodColor, statusColor } from '../filters'
import { EntityChangeCard } from './EntityChangeCard'

export interface AuditLogDrawerProps {
  /** The log to show; null closes the drawer. */
  id: string | null
  onClose: () => void
  /** Shown when set (the user may delete): asks to delete the shown log. */
  onDelete?: (log: AuditLogDetail) => void
}

/** Parameters as stored (JSON text), indented when they are JSON. */
export function prettyParameters(text: string | null | undefined): string {
  const s = (text ?? '').trim()
  if (!s) return ''
  try {
    const v: unknown = JSON.parse(s)
    if (v && typeof v === 'object' && Object.keys(v).length === 0) return ''
    return JSON.stringify(v, null, 2)
  } catch {
    return s
  }
}

function Pre({ children, testId }: { children: string; testId?: string }) {
  return (
    <pre
      style={{ margin: 0, padding: 8, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12, background: 'var(--ant-color-fill-quaternary, #fafafa)', borderRadius: 4 }}
      data-testid={testId}
    >
      {children}
    </pre>
  )
}

function ActionItem({ action, first }: { action: AuditLogAction; first: boolean }) {
  const { t } = useTranslation('auditing')
  const params = prettyParameters(action.parameters)
  return (
    <div data-testid="audit-action" style={{ padding: '8px 12px', borderTop: first ? undefined : '1px solid var(--ant-color-split, #f0f0f0)' }}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text strong>
          {action.serviceName}
          {action.serviceName && action.methodName ? ' · ' : ''}
          {action.methodName}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(action.executionTime)} · {t('ms', { value: action.executionDuration })}
        </Typography.Text>
      </Flex>
      {params ? (
        <div style={{ marginTop: 6 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('auditLog.parameters')}
          </Typography.Text>
          <Pre testId="audit-action-parameters">{params}</Pre>
        </div>
      ) : null}
    </div>
  )
}

/** The request side of a log: what was asked, by whom, how it ended, and the actions it ran. */
function RequestPanel({ log }: { log: AuditLogDetail }) {
  const { t } = useTranslation('auditing')
  const f = (k: string) => t(`auditLog.field.${k}`)
  const items = [
    { key: 'url', label: f('url'), children: <Typography.Text copyable data-testid="audit-detail-url">{log.url}</Typography.Text> },
    { key: 'httpMethod', label: f('httpMethod'), children: <Tag color={methodColor(log.httpMethod)}>{log.httpMethod}</Tag> },
    {
      key: 'httpStatusCode',
      label: f('httpStatusCode'),
      children: (
        <Tag color={statusColor(log.httpStatusCode)} data-testid="audit-detail-status">
          {log.httpStatusCode}
        </Tag>
      ),
    },
    { key: 'executionTime', label: f('executionTime'), children: formatTime(log.executionTime) },
    { key: 'executionDuration', label: f('executionDuration'), children: t('ms', { value: log.executionDuration }) },
    { key: 'userName', label: f('userName'), children: log.userName || t('auditLog.anonymous') },
    { key: 'tenantName', label: f('tenantName'), children: log.tenantName || t('auditLog.host') },
    ...(log.impersonatorUserId ? [{ key: 'impersonator', label: f('impersonator'), children: log.impersonatorUserId }] : []),
    { key: 'clientIpAddress', label: f('clientIpAddress'), children: log.clientIpAddress },
    { key: 'browserInfo', label: f('browserInfo'), children: <span style={{ wordBreak: 'break-word' }}>{log.browserInfo}</span> },
    ...(log.clientId ? [{ key: 'clientId', label: f('clientId'), children: log.clientId }] : []),
    ...(log.correlationId ? [{ key: 'correlationId', label: f('correlationId'), children: log.correlationId }] : []),
    ...(log.applicationName ? [{ key: 'applicationName', label: f('applicationName'), children: log.applicationName }] : []),
  ]
  const actions = log.actions ?? []
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: 110 } }} data-testid="audit-detail-request" />
      <div>
        <Typography.Title level={5}>{t('auditLog.exceptions')}</Typography.Title>
        {log.exceptions ? (
          <Alert type="error" title={<Pre testId="audit-detail-exceptions">{log.exceptions}</Pre>} />
        ) : (
          <Typography.Text type="secondary">{t('auditLog.noExceptions')}</Typography.Text>
        )}
      </div>
      <div>
        <Typography.Title level={5}>{t('auditLog.actions')}</Typography.Title>
        {actions.length ? (
          <div style={{ border: '1px solid var(--ant-color-border-secondary, #f0f0f0)', borderRadius: 6 }}>
            {actions.map((a, i) => (
              <ActionItem key={a.id ?? i} action={a} first={i === 0} />
            ))}
          </div>
        ) : (
          <Typography.Text type="secondary">{t('auditLog.noActions')}</Typography.Text>
        )}
      </div>
    </Space>
  )
}

/**
 * One audit log in a drawer: the request (URL, method, status, browser, IP, exceptions,
 * actions with parameters) beside the entity changes its writes made.
 */
export function AuditLogDrawer({ id, onClose, onDelete }: AuditLogDrawerProps) {
  const { t } = useTranslation('auditing')
  const detail = useQuery({ ...auditLogDetailQuery(id ?? ''), enabled: !!id })
  const log = detail.data
  const changes = log?.entityChanges ?? []

  let body
  if (detail.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />
  else if (detail.isError || !log)
    body = (
      <Alert
        type="error"
        showIcon
        title={t('auditLog.loadFailed')}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            {t('auditLog.retry')}
          </Button>
        }
        data-testid="audit-detail-error"
      />
    )
  else
    body = (
      <Row gutter={[24, 16]}>
        <Col xs={24} xl={11}>
          <Typography.Title level={5}>{t('auditLog.request')}</Typography.Title>
          <RequestPanel log={log} />
        </Col>
        <Col xs={24} xl={13} data-testid="audit-detail-changes">
          <Typography.Title level={5}>
            {t('auditLog.entityChanges')} <Typography.Text type="secondary">({changes.length})</Typography.Text>
          </Typography.Title>
          {changes.length ? (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {changes.map((c) => (
                <EntityChangeCard key={c.id} change={c} />
              ))}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditLog.noEntityChanges')} />
          )}
        </Col>
      </Row>
    )

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="min(1280px, 96vw)"
      destroyOnHidden
      title={
        log ? (
          <Space size={8} wrap>
            <span>{t('auditLog.drawerTitle')}</span>
            <Tag color={methodColor(log.httpMethod)}>{log.httpMethod}</Tag>
            <Typography.Text ellipsis style={{ maxWidth: 560 }}>
              {log.url}
            </Typography.Text>
          </Space>
        ) : (
          t('auditLog.drawerTitle')
        )
      }
      extra={
        log && onDelete ? (
          <Button danger onClick={() => onDelete(log)} data-testid="audit-detail-delete">
            {t('delete')}
          </Button>
        ) : null
      }
      data-testid="audit-detail"
    >
      {body}
    </Drawer>
  )
}
