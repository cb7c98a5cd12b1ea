import { useState } from 'react';
import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReviewDetailPresented, SignaturePresented } from '@reqloom/domain';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useFormatDateTime } from '../user/useFormatDateTime';
import { RevokeSignatureDialog } from './RevokeSignatureDialog';
import { isBackFromReauth } from './useProviderReauth';
import type { ReviewStanding } from './useReviewStanding';

const MEANING_COLOR = { approved: 'teal', rejected: 'red', reviewed: 'blue' } as const;

/**
 * The review's signatures (decisions §23), newest last as the server gives them: who, with which meaning, when, on
 * which revision, and the content hash it is bound to. A revoked one stays, struck through, with its reason; its
 * signer may revoke a standing one.
 */
export function ReviewSignatures({ review, standing }: { review: ReviewDetailPresented; standing: ReviewStanding }) {
  const { t } = useTranslation();
  const mine = new Set(standing.mySignatures.map((s) => s.id));
  const [chosen, setRevoking] = useState<SignaturePresented | null>(null);
  // Back from a re-authentication at the provider for a revocation, its dialog is open again; closing it takes the
  // purpose out of the address.
  const location = useLocation();
  const back = review.signatures.find((s) => mine.has(s.id) && isBackFromReauth(location.search, `revoke-${s.id}`));
  const revoking = chosen ?? back ?? null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-signatures">
      <Title order={2} fz="md" fw={650} mb="sm" id="review-signatures">
        {t('reviews.signatures.title')}
      </Title>
      {review.signatures.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('reviews.signatures.none')}
        </Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('reviews.signatures.title')}>
          {review.signatures.map((signature) => (
            <SignatureEntry
              key={signature.id}
              signature={signature}
              current={signature.baseline_id === review.baseline_id}
              onRevoke={mine.has(signature.id) ? () => setRevoking(signature) : undefined}
            />
          ))}
        </Stack>
      )}
      {revoking ? (
        <RevokeSignatureDialog review={review} signature={revoking} onClose={() => setRevoking(null)} />
      ) : null}
    </Paper>
  );
}

function SignatureEntry({
  signature,
  current,
  onRevoke,
}: {
  signature: SignaturePresented;
  current: boolean;
  onRevoke?: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const revoked = signature.revocation !== null;
  return (
    <Stack gap={4} role="listitem" data-signature={signature.user.name} data-revoked={revoked}>
      {/* In the narrow side column a long name would press the revoke button against the badge: it goes below. */}
      <Group gap={6} justify="space-between">
        <Group gap={6} wrap="nowrap">
          <IconSignature size={16} aria-hidden />
          <Text fz="sm" fw={600} td={revoked ? 'line-through' : undefined}>
            {signature.user.name}
          </Text>
          <Badge
            styles={{ label: { textTransform: 'none' } }}
            color={MEANING_COLOR[signature.meaning]}
            variant="light"
            size="sm"
            radius="sm"
          >
            {t(`reviews.meanings.${signature.meaning}`)}
          </Badge>
        </Group>
        {onRevoke ? (
          <Button size="compact-xs" variant="subtle" color="red" onClick={onRevoke}>
            {t('reviews.revoke.action')}
          </Button>
        ) : null}
      </Group>
      <Text fz="xs" c="dimmed">
        <time dateTime={signature.signed_at}>{formatDate(signature.signed_at)}</time>
        {current ? '' : ` · ${t('reviews.signatures.earlierRevision')}`}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('reviews.signatures.hash')}{' '}
        <Code fz="xs" style={{ wordBreak: 'break-all' }} data-content-hash="">
          {signature.content_hash}
        </Code>
      </Text>
      {signature.revocation ? (
        <Text fz="xs" c="red.8">
          {t('reviews.signatures.revoked', {
            date: formatDate(signature.revocation.at),
            reason: signature.revocation.reason,
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
