/**
 * The only ECharts import of the app: what the report pages draw (line and bar charts with grid,
 * tooltip and legend, SVG renderer), from echarts/core so nothing else of the library is bundled.
 * Imported dynamically by ReportChart, so it is a chunk of its own that only the report pages load.
 */
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
