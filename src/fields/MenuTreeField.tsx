import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MenuTreeField as MenuTreeDef } from '../../entities/fields';
import type { MenuNode } from '../../entities/fieldTypes/menuTree';
import { menuTreeMachine } from '../../machines/menuTree.machine';
import { useConfirm } from '../app/services/confirm';
import { confirmActor } from '../http/entityActors';
import { useT } from '../i18n/i18n';
import { useHostOrNone } from './context';
import { fieldMessage } from './messages';
import { canMove, type DropTarget, heightOf, insertNode, moveNode, newNodeId, nodeAt, type NodePath, removeNode, updateNode } from './menuTree';
import type { FieldWidgetProps } from './types';
import { iconButton, inputBase, smallButton } from './ui';

type Where = 'before' | 'inside' | 'after';

/** `[0, 2]` → `0.children.2`, the form path of a node under the field. */
const pathName = (path: NodePath) => path.join('.children.');

function ErrorsAt({ path }: { path: string }) {
  const t = useT();
  const messages = useHostOrNone().useErrorsAt(path);
  return messages.length ? (
    <p className="w-full text-xs text-danger" role="alert">
      {messages.map((m) => fieldMessage(t, m)).join(' ')}
    </p>
  ) : null;
}

/**
 * A site menu: nested items linking to a page of the site or to a URL, sorted and nested
 * by drag and drop (or the arrow buttons), renamed in place, deleted after a confirm,
 * never deeper than the declaration's `maxDepth`.
 */
export default function MenuTreeField({ name, field, value, onChange, disabled, id }: FieldWidgetProps<MenuNode[] | null, MenuTreeDef>) {
  const t = useT();
  const ask = useConfirm();
  const tree = useMemo(() => value ?? [], [value]);
  // Deleting an item asks first (menuTree.machine.ts); the tree is this field's value, so the field removes it.
  const menu = useActorRef(useMemo(() => menuTreeMachine.provide({ actors: { confirm: confirmActor(ask) } }), [ask]));
  useEffect(() => {
    const removed = menu.on('item.removed', ({ path }) => onChange(removeNode(tree, path)));
    return () => removed.unsubscribe();
  }, [menu, tree, onChange]);
  const dragged = useRef<NodePath | null>(null);
  // Where a drop would land, while dragging: view state only.
  const [drop, setDrop] = useState<{ path: NodePath; where: Where } | null>(null);
  const count = (nodes: readonly MenuNode[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0);
  const full = field.maxItems !== undefined && count(tree) >= field.maxItems;

  const targetOf = (path: NodePath, where: Where): DropTarget => {
    const parent = path.slice(0, -1);
    const at = path.at(-1) ?? 0;
    if (where === 'inside') return { parent: [...path], index: nodeAt(tree, path)?.children?.length ?? 0 };
    return { parent, index: where === 'before' ? at : at + 1 };
  };
  const tryMove = (from: NodePath, to: DropTarget) => {
    if (canMove(tree, from, to, field.maxDepth)) onChange(moveNode(tree, from, to));
  };
  const addChild = (parent: NodePath) => {
    const node: MenuNode = { id: newNodeId(), label: t('fields.menu.newItem'), url: '', children: [] };
    const siblings = parent.length ? (nodeAt(tree, parent)?.children ?? []) : tree;
    onChange(insertNode(tree, parent, siblings.length, node));
  };
  const remove = (path: NodePath) => {
    const node = nodeAt(tree, path);
    if (node) menu.send({ type: 'item.delete', path, label: node.label });
  };

  const renderList = (nodes: readonly MenuNode[], parent: NodePath) => (
    <ul
      className={parent.length ? 'ml-[14px] mt-1 flex flex-col gap-1 border-l border-surface-border pl-3' : 'flex flex-col gap-1'}
      role={parent.length ? 'group' : 'tree'}
      aria-label={parent.length ? undefined : t('fields.menu.label')}
    >
      {nodes.map((node, i) => {
        const path = [...parent, i];
        const base = `${name}.${pathName(path)}`;
        const depth = path.length;
        const kind = node.page !== undefined ? 'page' : node.url !== undefined ? 'url' : 'none';
        const canNest = depth < field.maxDepth;
        const indicator = drop && drop.path.join() === path.join() ? drop.where : null;
        return (
          <li key={node.id ?? path.join('-')} role="treeitem" aria-level={depth} aria-selected={false} data-node={pathName(path)}>
            <div
              className={`flex flex-wrap items-center gap-2 rounded-md border bg-surface px-2 py-1.5 ${indicator === 'inside' ? 'border-brand-ink' : 'border-surface-border'} ${indicator === 'before' ? 'shadow-[0_-2px_0_0_#60a5fa]' : ''} ${indicator === 'after' ? 'shadow-[0_2px_0_0_#60a5fa]' : ''}`}
              onDragOver={(e) => {
                const from = dragged.current;
                if (!from) return;
                const rect = e.currentTarget.getBoundingClientRect();
                const y = (e.clientY - rect.top) / rect.height;
                const where: Where = y < 0.3 ? 'before' : y > 0.7 ? 'after' : canNest ? 'inside' : y < 0.5 ? 'before' : 'after';
                if (!canMove(tree, from, targetOf(path, where), field.maxDepth)) return;
                e.preventDefault();
                if (!indicator || indicator !== where) setDrop({ path, where });
              }}
              onDrop={(e) => {
                e.preventDefault();
                const from = dragged.current;
                if (from && drop) tryMove(from, targetOf(drop.path, drop.where));
                dragged.current = null;
                setDrop(null);
              }}
            >
              <span
                draggable={!disabled}
                onDragStart={(e) => {
                  dragged.current = path;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', base);
                }}
                onDragEnd={() => {
                  dragged.current = null;
                  setDrop(null);
                }}
                className="cursor-grab select-none px-1 text-ink-faint"
                title={t('fields.repeater.drag')}
                data-testid="menu-drag"
                aria-hidden="true"
              >
                ⋮⋮
              </span>
              <input
                name={`${base}.label`}
                aria-label={t('fields.menu.itemLabel')}
                value={node.label}
                maxLength={100}
                disabled={disabled}
                onChange={(e) => onChange(updateNode(tree, path, { label: e.target.value }))}
                className={`${inputBase} w-44 py-1`}
              />
              <select
                name={`${base}.kind`}
                aria-label={t('fields.menu.linkKind')}
                value={kind}
                disabled={disabled}
                onChange={(e) => {
                  const k = e.target.value;
                  if (k === 'page') onChange(updateNode(tree, path, { page: field.pages?.[0] ?? '', url: undefined }));
                  else if (k === 'url') onChange(updateNode(tree, path, { url: '', page: undefined }));
                  else onChange(updateNode(tree, path, { url: undefined, page: undefined }));
                }}
                className={`${inputBase} w-40 py-1`}
              >
                <option value="page">{t('fields.menu.page')}</option>
                <option value="url">{t('fields.menu.url')}</option>
                <option value="none">{t('fields.menu.noLink')}</option>
              </select>
              {kind === 'page' &&
                (field.pages ? (
                  <select
                    name={`${base}.page`}
                    aria-label={t('fields.menu.page')}
                    value={node.page ?? ''}
                    disabled={disabled}
                    onChange={(e) => onChange(updateNode(tree, path, { page: e.target.value }))}
                    className={`${inputBase} w-44 py-1`}
                  >
                    {field.pages.map((p) => (
                      <option key={p} value={p}>
                        {t(`pages.${p}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    name={`${base}.page`}
                    aria-label={t('fields.menu.page')}
                    value={node.page ?? ''}
                    disabled={disabled}
                    onChange={(e) => onChange(updateNode(tree, path, { page: e.target.value }))}
                    className={`${inputBase} w-44 py-1 font-mono`}
                  />
                ))}
              {kind === 'url' && (
                <input
                  name={`${base}.url`}
                  aria-label={t('fields.menu.url')}
                  value={node.url ?? ''}
                  placeholder="https:// · /path"
                  disabled={disabled}
                  onChange={(e) => onChange(updateNode(tree, path, { url: e.target.value }))}
                  className={`${inputBase} w-56 py-1`}
                />
              )}
              <label className="flex items-center gap-1 text-xs text-ink-muted">
                <input
                  type="checkbox"
                  name={`${base}.new_tab`}
                  checked={node.new_tab === true}
                  disabled={disabled}
                  onChange={(e) => onChange(updateNode(tree, path, { new_tab: e.target.checked || undefined }))}
                />
                {t('fields.menu.newTab')}
              </label>
              <span className="ml-auto flex items-center">
                <button
                  type="button"
                  className={iconButton}
                  disabled={disabled || i === 0}
                  onClick={() => tryMove(path, { parent, index: i - 1 })}
                  aria-label={t('fields.repeater.moveUp')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={disabled || i === nodes.length - 1}
                  onClick={() => tryMove(path, { parent, index: i + 2 })}
                  aria-label={t('fields.repeater.moveDown')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={
                    disabled || i === 0 || !canMove(tree, path, { parent: [...parent, i - 1], index: nodes[i - 1]?.children?.length ?? 0 }, field.maxDepth)
                  }
                  onClick={() => tryMove(path, { parent: [...parent, i - 1], index: nodes[i - 1]?.children?.length ?? 0 })}
                  aria-label={t('fields.menu.indent')}
                >
                  →
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={disabled || parent.length === 0}
                  onClick={() => tryMove(path, { parent: parent.slice(0, -1), index: (parent.at(-1) ?? 0) + 1 })}
                  aria-label={t('fields.menu.outdent')}
                >
                  ←
                </button>
                <button
                  type="button"
                  className={iconButton}
                  disabled={disabled || full || !canNest}
                  onClick={() => addChild(path)}
                  aria-label={t('fields.menu.addChild')}
                >
                  +
                </button>
                <button
                  type="button"
                  className={`${iconButton} hover:text-danger`}
                  disabled={disabled}
                  onClick={() => remove(path)}
                  aria-label={t('fields.menu.delete')}
                >
                  ✕
                </button>
              </span>
              <ErrorsAt path={`${base}.label`} />
              <ErrorsAt path={`${base}.page`} />
              <ErrorsAt path={`${base}.url`} />
            </div>
            {node.children?.length ? renderList(node.children, path) : null}
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className="flex flex-col gap-2" id={id} data-testid={`${name}-tree`} data-max-depth={field.maxDepth} data-height={Math.max(0, ...tree.map(heightOf))}>
      {tree.length === 0 && <p className="text-sm text-ink-faint">{t('fields.menu.empty')}</p>}
      {renderList(tree, [])}
      <div>
        <button type="button" className={smallButton} disabled={disabled || full} onClick={() => addChild([])} data-testid={`${name}-add`}>
          + {t('fields.menu.add')}
        </button>
      </div>
    </div>
  );
}
