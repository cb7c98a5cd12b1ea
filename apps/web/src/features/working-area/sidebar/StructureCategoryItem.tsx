import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryNumber, type CategoryNode } from '../logic/categoryTree';
import classes from './StructureTree.module.css';

interface StructureCategoryItemProps {
  node: CategoryNode;
  numbering: boolean;
  activeId: number | null;
  collapsed: ReadonlySet<string>;
  onToggle: (key: string) => void;
  pathOf: (id: number) => string;
}

/** A category of the side-bar tree, with its sub-categories (collapsible). */
export function StructureCategoryItem({
  node,
  numbering,
  activeId,
  collapsed,
  onToggle,
  pathOf,
}: StructureCategoryItemProps) {
  const { t } = useTranslation();
  const { category, children } = node;
  const key = `c${category.id}`;
  const open = !collapsed.has(key);
  return (
    <li>
      <div className={classes.row} data-active={activeId === category.id || undefined}>
        {children.length > 0 ? (
          <UnstyledButton
            className={classes.toggle}
            aria-expanded={open}
            aria-label={t(open ? 'workingArea.collapse' : 'workingArea.expand', { name: category.name })}
            onClick={() => onToggle(key)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </UnstyledButton>
        ) : (
          <span className={classes.spacer} />
        )}
        <Link
          to={pathOf(category.id)}
          className={classes.link}
          aria-current={activeId === category.id ? 'page' : undefined}
          title={category.name}
        >
          {numbering ? <span className={classes.number}>{categoryNumber(category.address)}</span> : null}
          <span className={classes.name}>{category.name}</span>
        </Link>
      </div>
      {open && children.length > 0 ? (
        <ul className={classes.nested}>
          {children.map((child) => (
            <StructureCategoryItem
              key={child.category.id}
              node={child}
              numbering={numbering}
              activeId={activeId}
              collapsed={collapsed}
              onToggle={onToggle}
              pathOf={pathOf}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
