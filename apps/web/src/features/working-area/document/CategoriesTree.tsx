import { useMemo } from 'react';
import type { RequirementPresented } from '@reqloom/domain';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../projects/useCan';
import { useWorkingAreaPaths } from '../common/useWorkingAreaPaths';
import { useWorkingAreaPreferences } from '../common/useWorkingAreaPreferences';
import type { CategoryNode } from '../logic/categoryTree';
import { CategoryTreeRow } from './CategoryTreeRow';
import { useCategoryCommands } from './useCategoryCommands';
import classes from './CategoriesTree.module.css';

interface CategoriesTreeProps {
  nodes: readonly CategoryNode[];
  requirements: readonly RequirementPresented[];
}

/** The nested categories (spec 2, categories tree): moves, link, numbering and the actions of each. */
export function CategoriesTree({ nodes, requirements }: CategoriesTreeProps) {
  const { t } = useTranslation();
  const paths = useWorkingAreaPaths();
  const { categoryNumbering } = useWorkingAreaPreferences();
  const commands = useCategoryCommands();
  const editable = useCan('editor');
  const counts = useMemo(() => {
    const map = new Map<number, number>();
    for (const r of requirements) if (r.category_id !== null) map.set(r.category_id, (map.get(r.category_id) ?? 0) + 1);
    return map;
  }, [requirements]);
  return (
    <ul className={classes.tree} aria-label={t('categories.title')}>
      {nodes.map((node) => (
        <CategoryTreeRow
          key={node.category.id}
          node={node}
          depth={0}
          numbering={categoryNumbering}
          href={paths.category}
          commands={commands}
          counts={counts}
          editable={editable}
        />
      ))}
    </ul>
  );
}
