import { useMemo, useRef, type HTMLAttributes } from 'react'
import { Alert, App, Button, Checkbox, Col, Divider, Form, Input, InputNumber, Row, Spin, Switch, Table, Tooltip, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { HttpError, SaveModal, errorToMessage, useWhenChanged, validationErrorsByField } from '../../../components'
import { materialQuery, newBoardRow, toMaterialForm, useMaterialMutations, type Material, type MaterialFormValues, type MaterialWithBoards } from '../api'
import { boardLimits, duplicateBoardRows, materialLimits, maxRule, rangeRule, requiredNumberRule, requiredRule, wholeRule } from '../rules'

export interface MaterialDialogProps {
  /** The material to edit, `{}` to create one, null when closed. */
  row: Partial<Material> | null
  onClose: () => void
}

const TOP = new Set(['code', 'name', 'thickness', 'grain', 'color', 'edgeAllowance', 'isEnable'])
const BOARD = new Set(['code', 'length', 'width', 'cost', 'quantity', 'isOffcut', 'binCode', 'planNo'])

/** The server's member name as a form field path: `boards[1].length` → ['boards', 1, 'length']. */
export function fieldPath(member: string): string | (string | number)[] {
  const m = /^boards\[(\d+)\]\.(\w+)$/.exec(member)
  return m ? ['boards', Number(m[1]), m[2]] : member
}

/**
 * Create or edit a material with its boards as an editable table (rows added and removed here;
 * the material and every board are saved in one transaction, an edit's boards becoming the
 * table's). The server's messages show on their fields, a board's on its cell.
 */
export function MaterialDialog({ row, onClose }: MaterialDialogProps) {
  const { t } = useTranslation('optimization-materials')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const [form] = Form.useForm<MaterialFormValues>()
  const { saveMaterial } = useMaterialMutations()
  const busy = useRef(false)
  const editing = !!row?.id
  const loaded = useQuery({ ...materialQuery(row?.id ?? ''), enabled: editing, refetchOnWindowFocus: false })
  const ready = !editing || !!loaded.data

  // A new material starts blank; an edited one once its boards arrive. Each opening is a new
  // row object (the page passes a copy), so reopening the same material starts afresh.
  const source: Partial<MaterialWithBoards> | null | undefined = editing ? loaded.data : row
  const opened = useMemo(() => ({ row, source }), [row, source])
  useWhenChanged(opened, ({ source: r }) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue(toMaterialForm(r))
  })

  const submit = async () => {
    if (!row || busy.current || !ready) return
    let values: MaterialFormValues
    try {
      await form.validateFields()
      // Every value, the boards' ids (no field of their own) included.
      values = form.getFieldsValue(true) as MaterialFormValues
    } catch {
      return // the form shows what is wrong
    }
    const dups = duplicateBoardRows(values.boards ?? [])
    if (dups.length) {
      form.setFields(dups.map((i) => ({ name: ['boards', i, 'code'], errors: [t('rule.duplicateBoard')] })))
      return
    }
    busy.current = true
    try {
      await saveMaterial.mutateAsync({ id: row.id, values, concurrencyStamp: loaded.data?.concurrencyStamp ?? row.concurrencyStamp })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      const byField = e instanceof HttpError ? validationErrorsByField(e.data) : {}
      const fields = Object.entries(byField)
        .map(([member, msg]) => ({ name: fieldPath(member), errors: [msg] }))
        .filter((f) => (typeof f.name === 'string' ? TOP.has(f.name) : BOARD.has(String(f.name[2]))))
      if (fields.length) form.setFields(fields as Parameters<typeof form.setFields>[0])
      if (!fields.length || fields.length < Object.keys(byField).length) {
        const failed = e instanceof HttpError ? { status: e.status, data: e.data, timeout: e.timeout } : { status: undefined }
        message.error(errorToMessage(failed, tApp).message)
      }
    } finally {
      busy.current = false
    }
  }
  const enter = () => void submit()

  return (
    <SaveModal
      open={!!row}
      width={1080}
      title={t(editing ? 'dialog.editTitle' : 'dialog.createTitle')}
      saving={saveMaterial.isPending}
      onCancel={onClose}
      onSave={enter}
      saveTestId="material-dialog-save"
    >
      {loaded.isError ? <Alert type="error" showIcon title={t('dialog.loadFailed')} /> : null}
      <Spin spinning={editing && loaded.isPending}>
        <Form form={form} layout="vertical" data-testid="material-dialog" initialValues={toMaterialForm({})}>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="code" label={t('field.code')} rules={[requiredRule(t, t('field.code')), maxRule(t, materialLimits.code.maxLength)]}>
                <Input autoFocus onPressEnter={enter} data-testid="material-form-code" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item name="name" label={t('field.name')} rules={[requiredRule(t, t('field.name')), maxRule(t, materialLimits.name.maxLength)]}>
                <Input onPressEnter={enter} data-testid="material-form-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={6}>
              <Form.Item name="color" label={t('field.color')} rules={[maxRule(t, materialLimits.color.maxLength)]}>
                <Input onPressEnter={enter} data-testid="material-form-color" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="thickness"
                label={t('field.thickness')}
                rules={[requiredNumberRule(t, t('field.thickness')), rangeRule(t, t('field.thickness'), materialLimits.thickness)]}
              >
                <InputNumber style={{ width: '100%' }} suffix="mm" data-testid="material-form-thickness" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item
                name="edgeAllowance"
                label={t('field.edgeAllowance')}
                tooltip={t('field.edgeAllowanceHint')}
                rules={[rangeRule(t, t('field.edgeAllowance'), materialLimits.edgeAllowance)]}
              >
                <InputNumber style={{ width: '100%' }} suffix="mm" data-testid="material-form-edgeAllowance" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="grain" label={t('field.grain')} valuePropName="checked" tooltip={t('field.grainHint')}>
                <Switch data-testid="material-form-grain" />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6}>
              <Form.Item name="isEnable" label={t('field.isEnable')} valuePropName="checked">
                <Switch data-testid="material-form-isEnable" />
              </Form.Item>
            </Col>
          </Row>
          <BoardRows enter={enter} />
        </Form>
      </Spin>
    </SaveModal>
  )
}

/** The material's boards as an editable table: code, size, cost, quantity (blank: unlimited), offcut and bin. */
function BoardRows({ enter }: { enter: () => void }) {
  const { t } = useTranslation('optimization-materials')
  const size = (field: 'length' | 'width') => [requiredNumberRule(t, t(`board.${field}`)), rangeRule(t, t(`board.${field}`), boardLimits[field])]
  return (
    <>
      <Divider titlePlacement="start" plain style={{ margin: '4px 0 12px' }}>
        {t('dialog.boardsSection')}
      </Divider>
      <Form.List name="boards">
        {(rows, { add, remove }) => (
          <div data-testid="material-form-boards">
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={rows}
              locale={{ emptyText: <Typography.Text type="secondary">{t('dialog.noBoards')}</Typography.Text> }}
              onRow={(r) => ({ 'data-testid': 'material-form-board', 'data-row': r.name }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  key: 'code',
                  title: t('board.code'),
                  width: 170,
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'code']} rules={[maxRule(t, boardLimits.code.maxLength)]} style={{ margin: 0 }}>
                      <Input placeholder={t('board.codeDefault')} onPressEnter={enter} aria-label={t('board.code')} data-testid={`board-${name}-code`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'length',
                  title: t('board.length'),
                  width: 110,
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'length']} rules={size('length')} style={{ margin: 0 }}>
                      <InputNumber style={{ width: '100%' }} aria-label={t('board.length')} data-testid={`board-${name}-length`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'width',
                  title: t('board.width'),
                  width: 110,
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'width']} rules={size('width')} style={{ margin: 0 }}>
                      <InputNumber style={{ width: '100%' }} aria-label={t('board.width')} data-testid={`board-${name}-width`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'cost',
                  title: t('board.cost'),
                  width: 110,
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'cost']} rules={[rangeRule(t, t('board.cost'), boardLimits.cost)]} style={{ margin: 0 }}>
                      <InputNumber style={{ width: '100%' }} aria-label={t('board.cost')} data-testid={`board-${name}-cost`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'quantity',
                  title: (
                    <Tooltip title={t('board.quantityHint')}>
                      <span>{t('board.quantity')}</span>
                    </Tooltip>
                  ),
                  width: 110,
                  render: (_v, { name }) => (
                    <Form.Item
                      name={[name, 'quantity']}
                      rules={[rangeRule(t, t('board.quantity'), boardLimits.quantity), wholeRule(t, t('board.quantity'))]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber style={{ width: '100%' }} placeholder={t('unlimited')} aria-label={t('board.quantity')} data-testid={`board-${name}-quantity`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'isOffcut',
                  title: t('board.isOffcut'),
                  width: 60,
                  align: 'center',
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'isOffcut']} valuePropName="checked" style={{ margin: 0 }}>
                      <Checkbox aria-label={t('board.isOffcut')} data-testid={`board-${name}-isOffcut`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'binCode',
                  title: t('board.binCode'),
                  width: 110,
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'binCode']} rules={[maxRule(t, boardLimits.binCode.maxLength)]} style={{ margin: 0 }}>
                      <Input onPressEnter={enter} aria-label={t('board.binCode')} data-testid={`board-${name}-binCode`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'planNo',
                  title: t('board.planNo'),
                  width: 140,
                  render: (_v, { name }) => (
                    <Form.Item name={[name, 'planNo']} rules={[maxRule(t, boardLimits.planNo.maxLength)]} style={{ margin: 0 }}>
                      <Input onPressEnter={enter} aria-label={t('board.planNo')} data-testid={`board-${name}-planNo`} />
                    </Form.Item>
                  ),
                },
                {
                  key: 'remove',
                  width: 44,
                  render: (_v, { name }) => (
                    <Tooltip title={t('dialog.removeBoard')}>
                      <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(name)} aria-label={t('dialog.removeBoard')} data-testid={`board-${name}-remove`} />
                    </Tooltip>
                  ),
                },
              ]}
            />
            <Button type="dashed" block icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={() => add(newBoardRow())} data-testid="material-form-add-board">
              {t('dialog.addBoard')}
            </Button>
          </div>
        )}
      </Form.List>
    </>
  )
}
