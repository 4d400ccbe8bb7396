import type { ReactNode } from 'react'
import { AutoComplete, Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd'
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { HTTP_METHODS, HTTP_STATUS_CODES, SECURITY_ACTIONS, type AuditLogFilter, type SecurityLogFilter } from '../filters'

interface BarProps<F> {
  onSearch: (filter: F) => void
  testId: string
  children: ReactNode
}

/** A search bar: its fields inline, Search (also Enter in a text field) and Reset. */
function Bar<F extends object>({ onSearch, testId, children }: BarProps<F>) {
  const { t } = useTranslation('auditing')
  const [form] = Form.useForm<F>()
  return (
    <Form<F>
      form={form}
      layout="inline"
      onFinish={(v) => onSearch(v)}
      style={{ marginBottom: 12, rowGap: 8 }}
      data-testid={testId}
    >
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid={`${testId}-submit`}>
            {t('search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields()
              onSearch({} as F)
            }}
            data-testid={`${testId}-reset`}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  )
}

function TimeRange() {
  const { t } = useTranslation('auditing')
  return (
    <Form.Item name="time" label={t('filter.time')}>
      <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('filter.startDate'), t('filter.endDate')]} data-testid="filter-time" />
    </Form.Item>
  )
}

/** The audit log's search bar: time range, user, URL, method, status, exception, duration. */
export function AuditLogSearchBar({ onSearch }: { onSearch: (f: AuditLogFilter) => void }) {
  const { t } = useTranslation('auditing')
  return (
    <Bar<AuditLogFilter> onSearch={onSearch} testId="audit-search">
      <TimeRange />
      <Form.Item name="userName" label={t('filter.userName')}>
        <Input allowClear style={{ width: 140 }} data-testid="filter-userName" />
      </Form.Item>
      <Form.Item name="url" label={t('filter.url')}>
        <Input allowClear style={{ width: 200 }} data-testid="filter-url" />
      </Form.Item>
      <Form.Item name="httpMethod" label={t('filter.httpMethod')}>
        <Select allowClear style={{ width: 110 }} placeholder={t('all')} options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} data-testid="filter-httpMethod" />
      </Form.Item>
      <Form.Item name="httpStatusCode" label={t('filter.httpStatusCode')}>
        <Select
          allowClear
          style={{ width: 100 }}
          placeholder={t('all')}
          options={HTTP_STATUS_CODES.map((c) => ({ value: c, label: String(c) }))}
          data-testid="filter-httpStatusCode"
        />
      </Form.Item>
      <Form.Item name="hasException" label={t('filter.hasException')}>
        <Select
          allowClear
          style={{ width: 90 }}
          placeholder={t('all')}
          options={[
            { value: 'yes', label: t('yes') },
            { value: 'no', label: t('no') },
          ]}
          data-testid="filter-hasException"
        />
      </Form.Item>
      <Form.Item label={t('filter.duration')} style={{ marginInlineEnd: 16 }}>
        <Space.Compact>
          <Form.Item name="minExecutionDuration" noStyle>
            <InputNumber min={0} precision={0} placeholder={t('filter.minDuration')} style={{ width: 90 }} data-testid="filter-minDuration" />
          </Form.Item>
          <Form.Item name="maxExecutionDuration" noStyle>
            <InputNumber min={0} precision={0} placeholder={t('filter.maxDuration')} style={{ width: 90 }} data-testid="filter-maxDuration" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    </Bar>
  )
}

/** The security log's search bar: time range, action (listed or typed), user. */
export function SecurityLogSearchBar({ onSearch }: { onSearch: (f: SecurityLogFilter) => void }) {
  const { t } = useTranslation('auditing')
  return (
    <Bar<SecurityLogFilter> onSearch={onSearch} testId="security-search">
      <TimeRange />
      <Form.Item name="action" label={t('filter.action')}>
        <AutoComplete
          allowClear
          style={{ width: 220 }}
          placeholder={t('all')}
          options={SECURITY_ACTIONS.map((a) => ({ value: a, label: `${t(`securityAction.${a}`)} (${a})` }))}
          filterOption={(input, o) => String(o?.label ?? '').toLowerCase().includes(input.toLowerCase())}
          data-testid="filter-action"
        />
      </Form.Item>
      <Form.Item name="userName" label={t('filter.userName')}>
        <Input allowClear style={{ width: 160 }} data-testid="filter-userName" />
      </Form.Item>
    </Bar>
  )
}
