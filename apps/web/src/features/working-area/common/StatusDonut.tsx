import '@mantine/charts/styles.css';
import { DonutChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { STATUS_META } from './statusMeta';

const COLORS = ['gray.4', 'violet.6', 'blue.6', 'green.6'];

/** The donut of requirement statuses (spec 2: 85 px, thickness 35). */
export function StatusDonut({ counts }: { counts: readonly number[] }) {
  const { t } = useTranslation();
  const data = STATUS_META.map((meta, status) => ({
    name: t(meta.key),
    value: counts[status] ?? 0,
    color: COLORS[status]!,
  })).filter((slice) => slice.value > 0);
  return (
    <DonutChart
      data={data}
      size={85}
      thickness={35}
      paddingAngle={data.length > 1 ? 2 : 0}
      withTooltip
      tooltipDataSource="segment"
      strokeWidth={data.length > 1 ? 1 : 0}
      // Decoration (the legend beside it has the numbers): hidden from screen readers, so nothing in it may take
      // the focus either; recharts' keyboard layer would make the chart and its pie Tab stops.
      aria-hidden
      accessibilityLayer={false}
      pieProps={{ rootTabIndex: -1 }}
    />
  );
}
