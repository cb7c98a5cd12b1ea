import { Badge } from '@mantine/core';
import type { QualitySeverity } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';

/** The severity in words, beside the line's style and colour (never colour alone). */
export function SeverityMark({ severity }: { severity: QualitySeverity }) {
  const { t } = useTranslation();
  return (
    <Badge
      size="xs"
      variant="light"
      color={severity === 'warning' ? 'orange' : 'blue'}
      data-severity={severity}
      style={{ flexShrink: 0 }}
    >
      {t(`quality.severity.${severity}`)}
    </Badge>
  );
}
