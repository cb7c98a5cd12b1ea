import {
  IconArrowDown,
  IconArrowUp,
  IconFilePlus,
  IconFolderPlus,
  IconPencil,
  IconTestPipe,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAlpha } from '../../user/useAlpha';
import { RowIconButton } from '../requirements/RowIconButton';
import { categoryNumber, type CategoryNode } from '../logic/categoryTree';
import type { CategoryCommands } from './useCategoryCommands';
import classes from './CategoriesTree.module.css';

interface CategoryTreeRowProps {
  node: CategoryNode;
  depth: number;
  numbering: boolean;
  href: (id: number) => string;
  commands: CategoryCommands;
  counts: ReadonlyMap<number, number>;
  /** The caller's role may change the categories (decisions §20): the move, edit, add and delete buttons. */
  editable: boolean;
}

/** A category of the categories tree and, below it, its sub-categories. */
export function CategoryTreeRow({ node, depth, numbering, href, commands, counts, editable }: CategoryTreeRowProps) {
  const { t } = useTranslation();
  const alpha = useAlpha();
  const { category } = node;
  const name = category.name;
  const count = counts.get(category.id) ?? 0;
  // The requirement rows' plain buttons with the browser's hints: a tree of many categories drew a Mantine
  // ActionIcon and Tooltip six times a row before the document's first requirement showed (issue 9 §5).
  const button = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false, danger = false) => (
    <RowIconButton title={label} aria-label={label} disabled={disabled} danger={danger} onClick={onClick}>
      {icon}
    </RowIconButton>
  );
  return (
    <li>
      <div className={classes.row} style={{ '--depth': depth } as React.CSSProperties}>
        {editable ? (
          <>
            {button(
              t('categories.moveUpNamed', { name }),
              <IconArrowUp size={14} />,
              () => void commands.move(category, 'up'),
              node.index === 0,
            )}
            {button(
              t('categories.moveDownNamed', { name }),
              <IconArrowDown size={14} />,
              () => void commands.move(category, 'down'),
              node.index === node.siblings - 1,
            )}
          </>
        ) : null}
        {numbering ? <span className={classes.number}>{categoryNumber(category.address)}</span> : null}
        <Link to={href(category.id)} className={classes.link} title={name}>
          {name}
        </Link>
        <span className={classes.reference}>{category.reference}</span>
        <span className={classes.count}>{t('requirements.count', { count })}</span>
        {editable ? (
          <div className={classes.actions}>
            {button(t('categories.editNamed', { name }), <IconPencil size={15} />, () => commands.edit(category))}
            {button(t('categories.addSubNamed', { name }), <IconFolderPlus size={15} />, () =>
              commands.addSub(category),
            )}
            {button(t('categories.addRequirementNamed', { name }), <IconFilePlus size={15} />, () =>
              commands.addRequirement(category),
            )}
            {alpha
              ? button(t('tests.addNamed', { name }), <IconTestPipe size={15} />, () => commands.addTest(category))
              : null}
            {button(
              t('categories.deleteNamed', { name }),
              <IconTrash size={15} />,
              () => void commands.remove(category),
              false,
              true,
            )}
          </div>
        ) : null}
      </div>
      {node.children.length > 0 ? (
        <ul className={classes.nested}>
          {node.children.map((child) => (
            <CategoryTreeRow
              key={child.category.id}
              node={child}
              depth={depth + 1}
              numbering={numbering}
              href={href}
              commands={commands}
              counts={counts}
              editable={editable}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
