import { useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { COMMENT_MAX } from '@reqloom/domain';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../components/errorMessage';
import { composerKeyAction } from './composerKey';
import classes from './CommentsPanel.module.css';

/** From here on the box counts the characters left (decisions §11: at most COMMENT_MAX). */
const COUNT_FROM = COMMENT_MAX - 1_000;

interface CommentComposerProps {
  onSend: (content: string) => Promise<unknown>;
}

/**
 * The box a comment is written in (spec 2): Enter sends, Shift+Enter or Ctrl+Enter makes a new line; it grows
 * from 2 to 10 rows. The text stays until the server has taken it, and stays with the reason if it refused it.
 */
export function CommentComposer({ onSend }: CommentComposerProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const tooLong = text.length > COMMENT_MAX;
  const canSend = text.trim() !== '' && !tooLong && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setText('');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.errors?.content?.[0] ?? errorMessage(failure, t))
          : errorMessage(failure, t),
      );
    } finally {
      setSending(false);
      box.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const { key, shiftKey, ctrlKey, metaKey, altKey } = event;
    const action = composerKeyAction({
      key,
      shiftKey,
      ctrlKey,
      metaKey,
      altKey,
      isComposing: event.nativeEvent.isComposing,
    });
    if (action === 'default') return;
    event.preventDefault();
    if (action === 'send') {
      void send();
      return;
    }
    const area = event.currentTarget;
    area.setRangeText('\n', area.selectionStart, area.selectionEnd, 'end');
    setText(area.value);
  };

  const count = new Intl.NumberFormat(i18n.language);
  return (
    <div className={classes.composer}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          ref={box}
          className={classes.box}
          aria-label={t('comments.write')}
          placeholder={t('comments.placeholder')}
          autosize
          minRows={2}
          maxRows={10}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={tooLong || error !== null}
          aria-describedby="comment-composer-hint"
        />
        <ActionIcon
          size="lg"
          variant="filled"
          aria-label={t('comments.send')}
          title={t('comments.send')}
          disabled={!canSend}
          loading={sending}
          onClick={() => void send()}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text id="comment-composer-hint" fz="xs" c="dimmed">
          {t('comments.hint')}
        </Text>
        {text.length > COUNT_FROM ? (
          <Text fz="xs" c={tooLong ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
            {t('comments.length', { used: count.format(text.length), max: count.format(COMMENT_MAX) })}
          </Text>
        ) : null}
      </Group>
      {error ? (
        <Text role="alert" fz="xs" c="red.8" mt={4}>
          {error}
        </Text>
      ) : null}
    </div>
  );
}
