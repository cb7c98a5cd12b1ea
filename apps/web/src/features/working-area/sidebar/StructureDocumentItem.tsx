import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StructureDocument } from '../api/workingAreaApi';
import type { ActiveElement } from '../common/useActiveElement';
import { buildCategoryTree } from '../logic/categoryTree';
import { StructureCategoryItem } from './StructureCategoryItem';
import classes from './StructureTree.module.css';

interface StructureDocumentItemProps {
  document: StructureDocument;
  numbering: boolean;
  active: ActiveElement;
  collapsed: ReadonlySet<string>;
  onToggle: (key: string) => void;
  path: string;
  categoryPath: (id: number) => string;
}

/** A document of the side-bar tree, with its categories (collapsible) and its number of requirements. */
export function StructureDocumentItem({
  document,
  numbering,
  active,
  collapsed,
  onToggle,
  path,
  categoryPath,
}: StructureDocumentItemProps) {
  const { t } = useTranslation();
  const key = `d${document.id}`;
  const open = !collapsed.has(key);
  const tree = buildCategoryTree(document.categories);
  const isActive = active.documentId === document.id && active.categoryId === null && active.requirementId === null;
  return (
    <li>
      <div className={classes.row} data-active={isActive || undefined}>
        {tree.length > 0 ? (
          <UnstyledButton
            className={classes.toggle}
            aria-expanded={open}
            aria-label={t(open ? 'workingArea.collapse' : 'workingArea.expand', { name: document.name })}
            onClick={() => onToggle(key)}
          >
            {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </UnstyledButton>
        ) : (
          <span className={classes.spacer} />
        )}
        <Link to={path} className={classes.link} aria-current={isActive ? 'page' : undefined} title={document.name}>
          <IconFileText size={15} className={classes.documentIcon} aria-hidden />
          <span className={classes.name}>{document.name}</span>
          <span className={classes.count} aria-label={t('requirements.count', { count: document.requirements_count })}>
            {document.requirements_count}
          </span>
        </Link>
      </div>
      {open && tree.length > 0 ? (
        <ul className={classes.nested}>
          {tree.map((node) => (
            <StructureCategoryItem
              key={node.category.id}
              node={node}
              numbering={numbering}
              activeId={active.requirementId === null ? active.categoryId : null}
              collapsed={collapsed}
              onToggle={onToggle}
              pathOf={categoryPath}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
