import { App, Col, Form, Input, InputNumber, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePickerT, type CatalogItem, type CatalogModule, type Part } from '../../../components/catalog-pickers'
import { useItemMutations } from '../api'
import { itemLimit, itemLimits, lengthRule, minRule, requiredRule } from '../rules'
import { useWhenChanged, SaveModal } from '../../../components'
import { ImageField } from './ImageField'

export interface ItemDialogState {
  /** The row being edited (with unsaved inline changes), or undefined to create. */
  row?: Partial<CatalogItem>
  /** Directory of a new item. */
  catalogId: string
}

export interface ItemDialogProps {
  module: CatalogModule
  state: ItemDialogState | null
  onClose: () => void
  onSaved: (row: CatalogItem) => void
}

type Values = Partial<Part>

const TEXT_FIELDS = ['code', 'erpCode', 'stockCode', 'workshopCode', 'factoryCode'] as const
const NUMBER_FIELDS = ['length', 'width', 'height', 'price'] as const

/** Product (or material) create / edit: the wide form, with a single image upload. */
export function ItemDialog({ module, state, onClose, onSaved }: ItemDialogProps) {
  const { t } = useTranslation('catalog')
  const { t: tc } = usePickerT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const { save } = useItemMutations(module)
  const editing = !!state?.row?.id

  useWhenChanged(state, (st) => {
    if (!st) return
    form.resetFields()
    form.setFieldsValue({ isEnable: true, ...(st.row ?? {}) } as Values)
  })

  const submit = async () => {
    if (!state || save.isPending) return
    const v = await form.validateFields()
    try {
      const saved = await save.mutateAsync({ ...(state.row ?? {}), ...v, catalogId: state.row?.catalogId ?? state.catalogId })
      message.success(editing ? t('updated') : t('created'))
      onSaved(saved)
    } catch (e) {
      console.error(e) // a failed save only re-enables the button (spec 001 §8)
    }
  }

  const text = (name: (typeof TEXT_FIELDS)[number] | 'size') => (
    <Col xs={24} sm={12} md={8} key={name}>
      <Form.Item name={name} label={tc(`col.${name}`)} rules={[lengthRule(t, itemLimit(name).maxLength)]}>
        <Input data-testid={`item-form-${name}`} />
      </Form.Item>
    </Col>
  )
  const num = (name: (typeof NUMBER_FIELDS)[number] | 'count') => (
    <Col xs={24} sm={12} md={8} key={name}>
      <Form.Item name={name} label={tc(`col.${name}`)} rules={[minRule(t, itemLimit(name).minimum)]}>
        <InputNumber min={itemLimit(name).minimum} style={{ width: '100%' }} data-testid={`item-form-${name}`} />
      </Form.Item>
    </Col>
  )

  return (
    <SaveModal
      open={!!state}
      width={900}
      title={t(`${module}.${editing ? 'editTitle' : 'createTitle'}`)}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="item-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="item-dialog">
        <Row gutter={16}>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="name"
              label={tc('col.name')}
              validateTrigger="onBlur"
              rules={[requiredRule(t(`${module}.nameRequired`)), lengthRule(t, itemLimits.name.maxLength, 1)]}
            >
              <Input data-testid="item-form-name" />
            </Form.Item>
          </Col>
          {TEXT_FIELDS.map(text)}
          {NUMBER_FIELDS.map(num)}
          {module === 'matter' ? [num('count'), text('size')] : null}
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="unit" label={tc('col.unit')} rules={[lengthRule(t, itemLimits.unit.maxLength)]}>
              <Input data-testid="item-form-unit" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="color" label={tc('col.color')} rules={[lengthRule(t, itemLimits.color.maxLength)]}>
              <Input data-testid="item-form-color" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="isEnable" label={tc('col.isEnable')} valuePropName="checked">
              <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} data-testid="item-form-isEnable" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="describe" label={tc('col.describe')} rules={[lengthRule(t, itemLimits.describe.maxLength)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} data-testid="item-form-describe" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="images" label={tc('col.images')}>
              <ImageField testId="item-form-image" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </SaveModal>
  )
}
