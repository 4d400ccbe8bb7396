/**
 * The parts of ECharts the statistics chart uses, registered once. Imported only through
 * `import('./echartsBar')`, so ECharts is a chunk of its own that the shell never loads, and
 * only these parts are bundled.
 */
import { init, use } from 'echarts/core'
import { BarChart } from 'echarts/charts'
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer])

export { init }
