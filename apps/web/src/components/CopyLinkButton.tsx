import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from './copyToClipboard';
import { notifyError, notifySuccess } from './notify';

interface CopyLinkButtonProps {
  link: string;
  /** The accessible name, which says whose link it is ("Copy the join link of Avionics"). */
  label: string;
}

/** Copies a join link and says so in a toast (5 s; 7 s when the browser refuses). */
export function CopyLinkButton({ link, label }: CopyLinkButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('joinLink.copy')} withinPortal>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        onClick={() => {
          void copyToClipboard(link).then((copied) => {
            if (copied) notifySuccess(t('joinLink.copied'));
            else notifyError(t('joinLink.copyFailed'));
          });
        }}
      >
        <IconLink size={18} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
