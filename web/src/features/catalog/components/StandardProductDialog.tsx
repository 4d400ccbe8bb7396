import { App, Col, Divider, Form, Input, InputNumber, Row, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePickerT, type StandardProduct } from '../../../components/catalog-pickers'
import { useStandardProductMutations } from '../api'
import { lengthRule, minRule, requiredRule, standardLimit, standardLimits } from '../rules'
import { useWhenChanged, SaveModal } from '../../../components'
import { ImageField } from './ImageField'

export interface StandardProductDialogProps {
  /** The row to edit, `{}` to create, null when closed. */
  row: Partial<StandardProduct> | null
  onClose: () => void
}

const TEXTS = ['productCode', 'productMaterial', 'doorMaterial', 'productStyle', 'productVersion', 'levelName'] as const
const NUMBERS = ['productWidth', 'productHeight', 'productDepth', 'batchSize'] as const
const INFOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const

/** Standard product create / edit. */
export function StandardProductDialog({ row, onClose }: StandardProductDialogProps) {
  const { t } = useTranslation('catalog')
  const { t: tc } = usePickerT()
  const { message } = App.useApp()
  const [form] = Form.useForm<Partial<StandardProduct>>()
  const { save } = useStandardProductMutations()
  const editing = !!row?.id

  useWhenChanged(row, (r) => {
    if (!r) return
    form.resetFields()
    form.setFieldsValue({ isEnable: true, ...r })
  })

  const submit = async () => {
    if (!row || save.isPending) return
    const v = await form.validateFields()
    try {
      await save.mutateAsync({ ...row, ...v })
      message.success(editing ? t('updated') : t('created'))
      onClose()
    } catch (e) {
      console.error(e) // a failed save only re-enables the button (spec 001 §8)
    }
  }

  return (
    <SaveModal
      open={!!row}
      width={900}
      title={t(editing ? 'standard.editTitle' : 'standard.createTitle')}
      saving={save.isPending}
      onCancel={onClose}
      onSave={() => void submit()}
      saveTestId="standard-dialog-save"
    >
      <Form form={form} layout="vertical" data-testid="standard-dialog">
        <Row gutter={16}>
          <Col xs={24} sm={12} md={8}>
            <Form.Item
              name="productName"
              label={tc('col.productName')}
              validateTrigger="onBlur"
              rules={[requiredRule(t('standard.nameRequired')), lengthRule(t, standardLimits.productName.maxLength, 1)]}
            >
              <Input data-testid="standard-form-productName" />
            </Form.Item>
          </Col>
          {TEXTS.map((f) => (
            <Col xs={24} sm={12} md={8} key={f}>
              <Form.Item name={f} label={tc(`col.${f}`)} rules={[lengthRule(t, standardLimit(f).maxLength)]}>
                <Input data-testid={`standard-form-${f}`} />
              </Form.Item>
            </Col>
          ))}
          {NUMBERS.map((f) => (
            <Col xs={24} sm={12} md={8} key={f}>
              <Form.Item name={f} label={tc(`col.${f}`)} rules={[minRule(t, standardLimit(f).minimum)]}>
                <InputNumber min={standardLimit(f).minimum} style={{ width: '100%' }} data-testid={`standard-form-${f}`} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="isEnable" label={tc('col.isEnable')} valuePropName="checked">
              <Switch checkedChildren={t('enabled')} unCheckedChildren={t('disabled')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={tc('col.remark')} rules={[lengthRule(t, standardLimits.remark.maxLength)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="images" label={tc('col.images')}>
              <ImageField testId="standard-form-image" />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('standard.extra')}</Divider>
        <Row gutter={16}>
          {INFOS.map((n) => (
            <Col xs={24} sm={12} md={8} key={n}>
              <Form.Item name={`info${n}`} label={tc('col.info', { n })} rules={[lengthRule(t, standardLimit(`info${n}`).maxLength)]}>
                <Input />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </SaveModal>
  )
}
