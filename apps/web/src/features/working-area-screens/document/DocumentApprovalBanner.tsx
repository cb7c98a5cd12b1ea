import { useEffect, useRef } from 'react';
import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentApprovalPresented } from '@reqloom/domain';
import { IconAlertTriangle, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/queryKeys';
import { projectPath } from '../../projects/projectPaths';
import { useProject } from '../../projects/useProject';
import { useFormatDateTime } from '../../user/useFormatDateTime';

const fetchApproval = async (documentId: number) =>
  (await api.get<{ data: DocumentApprovalPresented }>(`documents/approval/${documentId}`)).data;

/**
 * The document's last approved baseline (decisions §23): "Approved in review X on date", and whether the document
 * reads differently since. It lives here rather than in the reviews feature, which shows documents through the
 * baselines and this view's table: the import would go both ways. Read again on the reviews' events (under their
 * keys) and when the document's requirements change (`requirementsAt`, the time their list was last read or
 * written). Nothing shows while there is no approval, or when it cannot be read.
 */
export function DocumentApprovalBanner({ documentId, requirementsAt }: { documentId: number; requirementsAt: number }) {
  const { t } = useTranslation();
  const { project } = useProject();
  const formatDate = useFormatDateTime();
  const client = useQueryClient();
  const key = queryKeys.documentApproval(project.id, documentId);
  const approval = useQuery({ queryKey: key, queryFn: () => fetchApproval(documentId) });
  const seen = useRef(requirementsAt);
  useEffect(() => {
    if (seen.current === requirementsAt) return;
    seen.current = requirementsAt;
    void client.invalidateQueries({ queryKey: queryKeys.documentApproval(project.id, documentId) });
  }, [client, project.id, documentId, requirementsAt]);

  const found = approval.data?.approval;
  if (!found) return null;
  const changed = approval.data?.changed_since ?? false;
  const reviewPath = projectPath(project.namespace, project.slug, `reviews/${found.review.id}`);
  return (
    <Alert
      color={changed ? 'orange' : 'teal'}
      variant="light"
      py="xs"
      icon={changed ? <IconAlertTriangle size={18} /> : <IconRosetteDiscountCheck size={18} />}
      data-testid="document-approval"
      data-changed={changed}
    >
      <Text fz="sm">
        <Trans
          t={t}
          i18nKey={changed ? 'reviews.approval.changed' : 'reviews.approval.unchanged'}
          values={{ title: found.review.title, date: formatDate(found.approved_at) }}
          components={{ review: <Anchor component={Link} to={reviewPath} fz="sm" fw={600} /> }}
        />
      </Text>
    </Alert>
  );
}
