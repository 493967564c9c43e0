import { Link } from 'wouter';
import type { EntityDef } from '../../entities/define';
import { useT } from '../i18n/i18n';
import { listHref } from './listMemory';
import { buttonClass, EIcon } from './ui';

/** The header of a page about an entity's list (its bin, its import): back to the list, the entity's name above the page's title. */
export function EntityPageHeader({ entity, title, backLabel }: { entity: EntityDef; title: string; backLabel: string }) {
  const t = useT();
  return (
    <header className="flex items-center gap-3">
      <Link href={listHref(entity.path)} className={buttonClass.ghost} aria-label={backLabel}>
        <EIcon name="back" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-xs uppercase tracking-wide text-ink-faint">{t(entity.label.many)}</p>
        <h1 className="text-2xl font-semibold">{title}</h1>
      </div>
    </header>
  );
}
