import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusMeta } from './statusMeta';

/** A requirement's status; a draft (0) shows no badge (spec 2 §4). */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const meta = statusMeta(status);
  if (status <= 0 || !meta.icon) return null;
  const Icon = meta.icon;
  return (
    <Badge
      color={meta.color}
      variant="light"
      size="sm"
      radius="sm"
      leftSection={<Icon size={12} stroke={2} aria-hidden />}
      styles={{ label: { textTransform: 'none', fontWeight: 600 } }}
    >
      {t(meta.key)}
    </Badge>
  );
}
