import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** One bar chart of the reports page (lazy: recharts loads only there). */
export default function ReportChart({
  data,
  dataKey,
  series,
  valueFormatter,
  legend = false,
}: {
  data: Record<string, string | number>[];
  dataKey: string;
  series: { name: string; color: string }[];
  valueFormatter?: (v: number) => string;
  /** Show the series' names (a chart of more than one). */
  legend?: boolean;
}) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey={dataKey}
      series={series}
      tickLine="y"
      withLegend={legend}
      {...(valueFormatter ? { valueFormatter } : {})}
    />
  );
}
