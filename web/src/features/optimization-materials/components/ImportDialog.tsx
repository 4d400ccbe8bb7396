import { useState } from 'react'
import { Alert, App, Button, Modal, Space, Typography, Upload } from 'antd'
import { InboxOutlined } from '@ant-design/icons'
import type { UploadFile } from 'antd/es/upload'
import { useTranslation } from 'react-i18next'
import { importErrors, useMaterialMutations } from '../api'

export interface ImportDialogProps {
  open: boolean
  onClose: () => void
}

/** True for a workbook the import accepts: a .xlsx file. */
export function isXlsx(name: string): boolean {
  return /\.xlsx$/i.test(name.trim())
}

/**
 * The materials workbook's import: one .xlsx (sheets 材料/Materials and 板材/Boards, as the
 * export writes them), Cancel and Confirm; every bad cell the server names is listed, and
 * nothing is imported then.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const { t } = useTranslation('optimization-materials')
  const { t: tApp } = useTranslation()
  const { message } = App.useApp()
  const { importFile } = useMaterialMutations()
  const [files, setFiles] = useState<UploadFile[]>([])
  const [errors, setErrors] = useState<string[]>([])

  const reset = () => {
    setFiles([])
    setErrors([])
  }

  const confirm = async () => {
    if (importFile.isPending) return
    if (files.length !== 1 || !files[0].originFileObj) {
      message.error(t('import.chooseFile'))
      return
    }
    setErrors([])
    try {
      const r = await importFile.mutateAsync(files[0].originFileObj)
      message.success(
        t('import.done', {
          created: r?.materialsCreated ?? 0,
          updated: r?.materialsUpdated ?? 0,
          boards: (r?.boardsCreated ?? 0) + (r?.boardsUpdated ?? 0),
        }),
      )
      reset()
      onClose()
    } catch (e) {
      setErrors(importErrors(e, tApp))
    }
  }

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onClose}
      afterOpenChange={(o) => !o && reset()}
      destroyOnHidden
      width={680}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={importFile.isPending} disabled={importFile.isPending} onClick={() => void confirm()} data-testid="materials-import-confirm">
          {t('confirm')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12} data-testid="materials-import-dialog">
        <Typography.Text type="secondary">{t('import.intro')}</Typography.Text>
        <Upload.Dragger
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          maxCount={1}
          fileList={files}
          beforeUpload={(file) => {
            if (!isXlsx(file.name)) {
              message.error(t('import.onlyXlsx'))
              return Upload.LIST_IGNORE
            }
            return false // kept until Confirm
          }}
          onChange={({ fileList }) => {
            setFiles(fileList.slice(-1))
            setErrors([])
          }}
          data-testid="materials-import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('import.drop')}</p>
          <p className="ant-upload-hint">{t('import.hint')}</p>
        </Upload.Dragger>
        {errors.length ? (
          <Alert
            type="error"
            showIcon
            title={t('import.failed')}
            data-testid="materials-import-errors"
            description={
              <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
                {errors.map((m, i) => (
                  <li key={i}>{m}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Space>
    </Modal>
  )
}
