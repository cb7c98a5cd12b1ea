import { lazy, Suspense } from 'react';
import { Box, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_META } from './statusMeta';

// Recharts is the heaviest library of the app: the donut loads after the screen's text.
const StatusDonut = lazy(async () => ({ default: (await import('./StatusDonut')).StatusDonut }));

const SWATCHES = ['gray.4', 'violet.6', 'blue.6', 'green.6'];

/**
 * The status donut with its legend, only when there are requirements (spec 2). The legend carries the numbers
 * for screen readers; the chart is decoration.
 */
export function StatusSummary({ counts }: { counts: readonly number[] }) {
  const { t } = useTranslation();
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  return (
    <Group gap="md" wrap="nowrap" align="center" role="group" aria-label={t('requirements.statusSummary')}>
      <Box w={85} h={85}>
        <Suspense fallback={null}>
          <StatusDonut counts={counts} />
        </Suspense>
      </Box>
      <Stack gap={2}>
        {STATUS_META.map((meta, status) => (
          <Group key={meta.key} gap={6} wrap="nowrap">
            <ColorSwatch
              color={`var(--mantine-color-${SWATCHES[status]!.replace('.', '-')})`}
              size={10}
              withShadow={false}
            />
            <Text fz="xs" c="dimmed" miw={64}>
              {t(meta.key)}
            </Text>
            <Text fz="xs" fw={600} ff="monospace">
              {counts[status] ?? 0}
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
