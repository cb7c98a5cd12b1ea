import { useEffect, useId, useRef, useState } from 'react';
import { Badge, Group, Kbd, Loader, Paper, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH, type SearchResultPresented } from '@reqloom/domain';
import { api } from '../../api/client';
import { projectPath } from '../projects/projectPaths';
import { enterChoice, extractParts, isSearchShortcut, movedIndex, resultSubPath } from './searchLogic';
import classes from './ProjectSearch.module.css';

interface ProjectSearchProps {
  projectId: number;
  namespace: string;
  slug: string;
}

/**
 * The project search of the top bar (spec 2 "Search", decisions §6): Ctrl+Shift+F from anywhere in the project,
 * results from 3 characters after 250 ms, arrow keys to move, Enter to open (the highlighted result, else the first),
 * Escape to close. A combobox whose options are links to the detailed view of each found document, category or
 * requirement, each naming the document it is in.
 */
export function ProjectSearch({ projectId, namespace, slug }: ProjectSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const enough = debounced.length >= SEARCH_MIN_LENGTH;
  const queryClient = useQueryClient();
  const searchOptions = (text: string) => ({
    queryKey: ['search', projectId, text],
    queryFn: async () =>
      (
        await api.post<{ data: SearchResultPresented[] }>(`projects/search/${projectId}`, {
          query: text,
          limit: 15,
        })
      ).data,
    staleTime: 10_000,
  });
  const results = useQuery({ ...searchOptions(debounced), enabled: enough });
  const list = enough ? (results.data ?? []) : [];
  // The results answer what is typed now (not a query the debounce has not caught up with yet).
  const settled = enough && debounced === query.trim() && results.isSuccess && !results.isFetching;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const go = (result: SearchResultPresented) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    void navigate(projectPath(namespace, slug, resultSubPath(result)));
  };
  /** Enter before the results of what is typed arrived: the first of them opens, unless the text changed meanwhile. */
  const openFirstOf = async (text: string) => {
    const found = await queryClient.fetchQuery(searchOptions(text)).catch(() => []);
    if (found[0] && input.current?.value.trim() === text) go(found[0]);
  };
  const showList = open && query.trim().length >= SEARCH_MIN_LENGTH;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // In a narrow window the shortcut's 96 px went to the box's own text: a 560 px window showed "Sear".
  const roomForShortcut = useMediaQuery('(min-width: 48em)', true);
  return (
    <div className={classes.root} data-tour="project-search">
      <TextInput
        ref={input}
        value={query}
        size="sm"
        radius="md"
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          results.isFetching && enough ? (
            <Loader size={14} />
          ) : roomForShortcut ? (
            // Spelled out, in the user's language: the ⇧ sign drew as a box in the interface's font.
            <Kbd size="xs" className={classes.shortcut}>
              {t('search.shortcut')}
            </Kbd>
          ) : null
        }
        rightSectionWidth={roomForShortcut ? 96 : undefined}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
            setActive((i) => movedIndex(i, list.length, event.key as 'ArrowDown' | 'ArrowUp'));
          } else if (event.key === 'Enter') {
            if (query.trim().length < SEARCH_MIN_LENGTH) return;
            event.preventDefault();
            const chosen = enterChoice(list, active, settled);
            if (chosen) go(chosen);
            else if (!settled) void openFirstOf(query.trim());
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setOpen(false);
            setActive(-1);
            input.current?.blur();
          }
        }}
      />
      {showList ? (
        <Paper shadow="md" radius="md" withBorder className={classes.dropdown}>
          <div id={listId} role="listbox" aria-label={t('search.results')} className={classes.list}>
            {list.map((result, index) => (
              <UnstyledButton
                key={`${result.model}:${result.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                className={classes.option}
                data-active={index === active || undefined}
                // Chosen before the input's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(result)}
                onMouseEnter={() => setActive(index)}
              >
                <Group gap={6} wrap="nowrap" className={classes.head}>
                  <Badge size="xs" variant="light" radius="sm">
                    {t(`search.models.${result.model}`)}
                  </Badge>
                  <Text ff="monospace" fz="xs" fw={700} c="brand" className={classes.reference}>
                    {result.reference}
                  </Text>
                  <Text fz="sm" fw={600} className={classes.name}>
                    {result.name}
                  </Text>
                </Group>
                {result.model === 'document' ? null : (
                  <Text fz="xs" c="dimmed" className={classes.document}>
                    {t('search.inDocument', { name: result.document_name })}
                  </Text>
                )}
                <Text fz="xs" c="dimmed" className={classes.extract}>
                  {extractParts(result.extract).map((part, i) =>
                    part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
                  )}
                </Text>
              </UnstyledButton>
            ))}
          </div>
          {enough && results.isSuccess && list.length === 0 ? (
            <Text fz="sm" c="dimmed" p="sm" role="status">
              {t('search.empty', { query: debounced })}
            </Text>
          ) : null}
          {results.isError ? (
            <Text fz="sm" c="red" p="sm" role="alert">
              {t('search.failed')}
            </Text>
          ) : null}
        </Paper>
      ) : null}
    </div>
  );
}
