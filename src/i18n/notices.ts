import type { BootError } from '../../machines/session.types';
import type { Notice } from '../../machines/shell.types';
import { t } from './i18n';

/**
 * A failure as users read it (docs/spec.md §8): a sentence in their language and the status, never
 * the request or the server's wording (those are in the console). With no answer at all
 * there is no status to show.
 */
export const errorText = (error: BootError) =>
  error.key === 'errors.network' ? t(error.key) : t('errors.withStatus', { message: t(error.key), status: error.status });

/** A machine's snackbar message in the current language, the failure it reports in `{{detail}}`. */
export const noticeText = (notice: Notice) => t(notice.key, notice.because ? { ...notice.values, detail: errorText(notice.because) } : notice.values);
