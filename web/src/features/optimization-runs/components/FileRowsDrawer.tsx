import { Drawer } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { ColumnsType } from 'antd/es/table'
import { DataTable, GRID_PAGE_SIZES, pagedList, useTablePaging } from '../../../components'
import { rowsQuery, type ImportFile, type ImportFileRow } from '../api'

/** An import file's rows, paged. */
export function FileRowsDrawer({ file, onClose }: { file: ImportFile | null; onClose: () => void }) {
  const { t } = useTranslation('optimization-runs')
  const paging = useTablePaging(50)
  const list = pagedList(useQuery({ ...rowsQuery(file?.id ?? '', paging.request), enabled: !!file }))
  const columns: ColumnsType<ImportFileRow> = [
    { key: 'rowNo', dataIndex: 'rowNo', title: t('rows.rowNo'), width: 60 },
    { key: 'orderNo', dataIndex: 'orderNo', title: t('rows.orderNo'), width: 120 },
    { key: 'cabinet', dataIndex: 'cabinet', title: t('rows.cabinet'), width: 100 },
    { key: 'partName', dataIndex: 'partName', title: t('rows.partName'), width: 140 },
    { key: 'materialCode', dataIndex: 'materialCode', title: t('rows.materialCode'), width: 110 },
    { key: 'thickness', dataIndex: 'thickness', title: t('rows.thickness'), width: 70, align: 'right' },
    { key: 'length', dataIndex: 'length', title: t('rows.length'), width: 80, align: 'right' },
    { key: 'width', dataIndex: 'width', title: t('rows.width'), width: 80, align: 'right' },
    { key: 'count', dataIndex: 'count', title: t('rows.count'), width: 60, align: 'right' },
    { key: 'grain', dataIndex: 'grain', title: t('rows.grain'), width: 60, render: (v: boolean) => (v ? t('rows.yes') : t('rows.no')) },
    { key: 'edges', title: t('rows.edges'), width: 150, render: (_v, r) => [r.edgeTop, r.edgeBottom, r.edgeLeft, r.edgeRight].join(' / ') },
  ]
  return (
    <Drawer open={!!file} onClose={onClose} width="80%" title={t('rows.title', { name: file?.fileName ?? '' })} destroyOnHidden>
      <DataTable<ImportFileRow>
        list={list}
        columns={columns}
        pagination={{ ...paging.pagination, pageSizeOptions: GRID_PAGE_SIZES, showSizeChanger: true }}
        testId="file-rows"
        emptyText={t('rows.empty')}
        scroll={{ x: 1100 }}
      />
    </Drawer>
  )
}
