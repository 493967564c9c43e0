import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';

/**
 * axe-core as every e2e audit runs it: the WCAG 2.x A and AA rules and axe's best practices,
 * with only the violations worked out in full. In legacy mode axe runs in the page itself; by
 * default @axe-core/playwright opens another page to merge the results of each frame, which
 * took as long as the audit (2.2 s against 5.1 s a screen on a busy machine). Neither the
 * back-office nor the website has frames.
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);

/** The serious and critical violations, as `rule: targets`. */
export const seriousProblems = (violations: Result[]) =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
