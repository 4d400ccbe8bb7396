/**
 * The parts of ECharts the utilisation charts use, registered once. Imported only through
 * `import('./echarts')`, so ECharts is a chunk of its own that the shell never loads.
 */
import { init, use } from 'echarts/core'
import { BarChart, LineChart } from 'echarts/charts'
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components'
import { CanvasRenderer } from 'echarts/renderers'

use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer])

export { init }
