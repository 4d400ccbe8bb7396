import type { HTMLAttributes } from 'react'
import { Card, Empty, Flex, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useTranslation } from 'react-i18next'
import type { EntityChange } from '../api'
import { changeTypeInfo, formatTime, propertyRows, shortEntityType, type PropertyRow } from '../changes'
import { ChangeValue } from './ChangeValue'

/** The background of a changed value: red-ish for the old side, green-ish for the new. */
const OLD_BG = 'var(--ant-color-error-bg, #fff2f0)'
const NEW_BG = 'var(--ant-color-success-bg, #f6ffed)'

/** A change type as a coloured tag. */
export function ChangeTypeTag({ type }: { type: number }) {
  const { t } = useTranslation('auditing')
  const info = changeTypeInfo(type)
  return (
    <Tag color={info.color} data-testid="change-type">
      {t(`changeType.${info.key}`)}
    </Tag>
  )
}

/** A property table: property, old value → new value, the changed rows highlighted. */
export function PropertyChangesTable({ change }: { change: Pick<EntityChange, 'propertyChanges'> }) {
  const { t } = useTranslation('auditing')
  const rows = propertyRows(change.propertyChanges)
  const columns: ColumnsType<PropertyRow> = [
    {
      key: 'name',
      title: t('change.property'),
      width: '26%',
      render: (_, r) => (
        <Typography.Text strong={r.changed} title={r.type} data-testid="property-name">
          {r.name}
        </Typography.Text>
      ),
    },
    {
      key: 'original',
      title: t('change.original'),
      width: '37%',
      onCell: (r) => ({ style: r.changed && r.original.kind !== 'absent' ? { background: OLD_BG } : undefined }),
      render: (_, r) => <ChangeValue value={r.original} testId="property-original" />,
    },
    {
      key: 'new',
      title: t('change.new'),
      width: '37%',
      onCell: (r) => ({ style: r.changed && r.new.kind !== 'absent' ? { background: NEW_BG } : undefined }),
      render: (_, r) => <ChangeValue value={r.new} testId="property-new" />,
    },
  ]
  return (
    <Table<PropertyRow>
      rowKey="name"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      tableLayout="fixed"
      onRow={(r) => ({ 'data-testid': 'property-row', 'data-changed': r.changed ? 'true' : 'false' }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('change.noProperties')} /> }}
    />
  )
}

/** One entity change: its type, entity type and id, time, and property table. */
export function EntityChangeCard({ change }: { change: EntityChange }) {
  const { t } = useTranslation('auditing')
  return (
    <Card
      size="small"
      data-testid="entity-change"
      title={
        <Flex gap={8} align="center" wrap>
          <ChangeTypeTag type={change.changeType} />
          <Typography.Text title={change.entityTypeFullName} data-testid="entity-type">
            {shortEntityType(change.entityTypeFullName)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
            {change.entityTypeFullName}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(change.changeTime)}
        </Typography.Text>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('change.entityId')}: <Typography.Text copyable={{ text: change.entityId }} data-testid="entity-id">{change.entityId}</Typography.Text>
      </Typography.Paragraph>
      <PropertyChangesTable change={change} />
    </Card>
  )
}
