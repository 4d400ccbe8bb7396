import { useMemo, useState } from 'react'
import { App, Col, Form, Input, Row, Select, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { SaveModal, useWhenChanged } from '../../../components'
import { useModuleTypes, useSplitMappingMutations } from '../api'
import { checkSplitRules, defaultNeedsEnabled, maxRule, operatorTakesValue, requiredRule, splitMappingLimits, type SplitProblems } from '../rules'
import { showFieldErrors, sortSaveErrors, validated } from '../serverErrors'
import { LINE_TYPES, SALES_ORDER_LINE_MODULE_TYPES, type ImportSplitMapping, type ImportSplitMappingBody, type LineType, type ModuleField } from '../types'
import { SplitRuleEditor, renumber, splitRowKey, type SplitRow } from './SplitRuleEditor'

export interface SplitMappingDialogProps {
  /** The mapping to edit, `{}` to create one, null when closed. */
  mapping: Partial<ImportSplitMapping> | null
  onClose: () => void
}

interface Values {
  name: string
  defaultLineType: LineType
  isDefault: boolean
  isEnable: boolean
  description: string
}

const FORM_FIELDS = new Set(['name', 'defaultLineType', 'isDefault', 'isEnable', 'description'])

function toValues(m: Partial<ImportSplitMapping>): Values {
  return {
    name: m.name ?? '',
    defaultLineType: m.defaultLineType ?? 'product',
    isDefault: m.isDefault ?? false,
    isEnable: m.isEnable ?? true,
    description: m.description ?? '',
  }
}

export function toSplitMappingBody(v: Values, rows: readonly SplitRow[], concurrencyStamp?: string): ImportSplitMappingBody {
  const description = v.description.trim()
  return {
    name: v.name.trim(),
    defaultLineType: v.defaultLineType,
    isDefault: v.isDefault,
    isEnable: v.isEnable,
    ...(description ? { description } : {}),
    rules: rows.map((r, i) => ({
      order: i + 1,
      fieldName: r.fieldName.trim(),
      operator: r.operator,
      value: operatorTakesValue(r.operator) ? (r.value ?? '').trim() : '',
      lineType: r.lineType,
    })),
    ...(concurrencyStamp ? { concurrencyStamp } : {}),
  }
}

/**
 * Create or edit an import split mapping: which line of an order (product, part, standard
 * product) a spreadsheet row becomes — the line type of the first rule it matches, else the
 * default line type.
 */
export function SplitMappingDialog({ mapping, onClose }: SplitMappingDialogProps) {
  const { t } = useTranslation('import-mapping')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { save } = useSplitMappingMutations()
  const moduleTypes = useModuleTypes()
  const [rows, setRows] = useState<SplitRow[]>([])
  const [tried, setTried] = useState(false)
  const [serverProblems, setServerProblems] = useState<SplitProblems>({})
  const editing = !!mapping?.id

  useWhenChanged(mapping, (m) => {
    if (!m) return
    form.resetFields()
    form.setFieldsValue(toValues(m))
    setRows(renumber([...(m.rules ?? [])].sort((a, b) => a.order - b.order).map((r) => ({ ...r, value: r.value ?? '', key: splitRowKey() }))))
    setTried(false)
    setServerProblems({})
  })

  // The fields a rule may test: those of the sales-order line types, each once.
  const fields = useMemo(() => {
    const seen = new Map<string, ModuleField>()
    for (const m of moduleTypes.data ?? [])
      if (SALES_ORDER_LINE_MODULE_TYPES.includes(m.moduleType)) for (const f of m.fields) if (!seen.has(f.name)) seen.set(f.name, f)
    return [...seen.values()]
  }, [moduleTypes.data])
  const localProblems = checkSplitRules(rows, t, fields)
  const problems = tried ? localProblems : serverProblems

  const submit = async () => {
    if (!mapping || save.isPending) return
    setTried(true)
    const values = await validated(form)
    if (!values || Object.keys(localProblems).length) {
      if (values) message.error(t('rule.fixRules'))
      return
    }
    try {
      await save.mutateAsync({ id: mapping.id, body: toSplitMappingBody(values, rows, mapping.concurrencyStamp) })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const sorted = sortSaveErrors(e, FORM_FIELDS, tApp)
      showFieldErrors(form, sorted.fields)
      setTried(false)
      const fromServer: SplitProblems = {}
      for (const [i, members] of Object.entries(sorted.rules)) {
        const n = Number(i)
        for (const [m, msg] of Object.entries(members)) (fromServer[n] ??= {})[m === 'value' ? 'value' : 'fieldName'] ??= msg
      }
      setServerProblems(fromServer)
      if (sorted.message) message.error(sorted.message)
    }
  }

  return (
    <SaveModal
      open={!!mapping}
      width={1000}
      title={editing ? t('splitMapping.editTitle', { name: mapping?.name }) : t('splitMapping.createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="split-mapping-save"
    >
      <Form form={form} layout="vertical" initialValues={toValues({})} data-testid="split-mapping-form">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t('rule.nameRequired')), maxRule(t, splitMappingLimits.name.maxLength)]}>
              <Input autoFocus onPressEnter={() => void submit()} data-testid="split-mapping-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="defaultLineType" label={t('field.defaultLineType')} tooltip={t('field.defaultLineTypeHelp')}>
              <Select options={LINE_TYPES.map((l) => ({ value: l, label: t(`lineType.${l}`) }))} data-testid="split-mapping-defaultLineType" />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="isDefault" label={t('field.isDefault')} valuePropName="checked" dependencies={['isEnable']} rules={[defaultNeedsEnabled(t)]}>
              <Switch data-testid="split-mapping-isDefault" />
            </Form.Item>
          </Col>
          <Col xs={12} md={3}>
            <Form.Item name="isEnable" label={t('field.isEnable')} valuePropName="checked">
              <Switch data-testid="split-mapping-isEnable" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('field.description')} rules={[maxRule(t, splitMappingLimits.description.maxLength)]}>
              <Input onPressEnter={() => void submit()} data-testid="split-mapping-description" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('split.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('split.help')}</Typography.Paragraph>
      <SplitRuleEditor
        rows={rows}
        onChange={(r) => {
          setRows(r)
          setServerProblems({})
        }}
        fields={fields}
        problems={problems}
      />
    </SaveModal>
  )
}
